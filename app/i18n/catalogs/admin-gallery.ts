import type { English } from "#app/i18n/catalog.ts";

export const lt = {
  "adminGallery.english": "Angliškai (nebūtina: paliktas tuščias, angliškame puslapyje rodomas lietuviškai)",
  "adminGallery.english.title": "Pavadinimas angliškai",
  "adminGallery.english.description": "Aprašymas angliškai",
} satisfies Record<`adminGallery.${string}`, string>;

export const en: English<typeof lt> = {
  "adminGallery.english": "In English (optional: left empty, the English page shows the Lithuanian)",
  "adminGallery.english.title": "Title in English",
  "adminGallery.english.description": "Description in English",
};
