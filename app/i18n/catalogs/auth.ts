import type { English } from "#app/i18n/catalog.ts";

export const lt = {} satisfies Record<`auth.${string}`, string>;

export const en: English<typeof lt> = {};
