/** The largest id the database's integer columns hold (PostgreSQL's integer is 32-bit). */
const MAX_ID = 2_147_483_647;

/**
 * A positive whole number typed into a URL or a form, as an id or a page
 * number; null for anything else ('1e18', '1.5', '-3', '%c0', a number too
 * large to store), so that it never reaches the database as a value the
 * column cannot hold.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID ? n : null;
}
