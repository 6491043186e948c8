// The day of the year of an event, as SQL: what "Šią dieną" looks events up
// by, and what migration 0031 indexes them by. A module of its own, with no
// imports: the migration may not import the application's modules that open
// the database.

/**
 * The Gregorian month * 100 + day of a Julian day number, in SQL that both
 * SQLite and PostgreSQL compute alike (integer division of non-negative
 * integers; the algorithm is Richards', from the Explanatory Supplement to the
 * Astronomical Almanac). Migration 0031 indexes events by this very
 * expression: a query must use it unchanged for the index to serve it.
 */
export function monthDayExpression(column: string): string {
  const f = `(${column} + 1401 + (((4 * ${column} + 274277) / 146097) * 3) / 4 - 38)`;
  const h = `(5 * (((4 * ${f} + 3) % 1461) / 4) + 2)`;
  return `((((${h} / 153) + 2) % 12) + 1) * 100 + ((${h} % 153) / 5 + 1)`;
}
