/** Field limits of a gallery item, checked in the browser and again on the server. */
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
/** The longest place of a photo ("Kaunas, Laisvės alėja"). */
export const GALLERY_PLACE_MAX = 200;
