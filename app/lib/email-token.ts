// Where a family's text puts the contact address. Its own module: every
// public page needs these two, the rest of lib/site.ts only the editors.

/** In a text, where the contact address goes (shown as a link to write to it). */
export const EMAIL_TOKEN = "[el. paštas]";

/** A text cut at EMAIL_TOKEN, so that the address can be put between the pieces. */
export function splitAtEmail(text: string): string[] {
  return text.split(EMAIL_TOKEN);
}
