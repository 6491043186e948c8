import type { English } from "#app/i18n/catalog.ts";

export const lt = {} satisfies Record<`adminGallery.${string}`, string>;

export const en: English<typeof lt> = {};
