/** Limits of a member's memory (prisiminimas), checked in the browser and again on the server. */
export const MEMORY_TEXT_MAX = 5000;
/** Photos one memory may carry, each through the gallery's upload pipeline and limits. */
export const MEMORY_PHOTOS_MAX = 5;
/** A photo upload's free-text date ("apie 1930"): kept in its description until the gallery has a date of its own. */
export const PHOTO_DATE_MAX = 100;
/** How many people a member may name on one photo. */
export const PHOTO_PEOPLE_MAX = 30;
/** The people on a photo as typed, one a line (at most PHOTO_PEOPLE_MAX of them). */
export const PHOTO_PEOPLE_TEXT_MAX = 6000;
