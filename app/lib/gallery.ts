/** Field limits of a gallery item, checked in the browser and again on the server. */
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
/** The longest place of a photo ("Kaunas, Laisvės alėja"). */
export const GALLERY_PLACE_MAX = 200;

/** How many files one bulk upload takes (the administrator sends more in another batch). */
export const BULK_UPLOAD_MAX_FILES = 200;

/**
 * A photo's title from its file's name, for a bulk upload: without the
 * extension, separators as spaces, the first letter capital
 * ("vestuves_1923-Alytus.jpg" → "Vestuves 1923 Alytus"). The administrator
 * edits it afterwards; a name with nothing left gives "Nuotrauka".
 */
export function titleFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[_\s.-]+/g, " ")
    .trim()
    .slice(0, GALLERY_TITLE_MAX);
  return words ? words.charAt(0).toLocaleUpperCase("lt") + words.slice(1) : "Nuotrauka";
}
