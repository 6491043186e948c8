// A place as GEDCOM writes it keeps a slot for every level of its jurisdiction
// ("New York City, , , NY, USA": city, county and state left empty). Stored
// and exported as written; read without the empty slots.

/** A place's name as a reader reads it: its parts, the empty ones left out; null when nothing is left. */
export function placeLabel(name: string | null | undefined): string | null {
  const parts = (name ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}
