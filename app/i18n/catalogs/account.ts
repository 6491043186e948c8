import type { English } from "#app/i18n/catalog.ts";

export const lt = {
  "account.notices.language": "Kalba",
  "account.notices.languageHelp": "Kuria kalba rašomi jums skirti laiškai ir kuria kalba atsiveria svetainė jums prisijungus.",
  "account.notices.languageUnknown": "Pasirinkite kalbą iš sąrašo.",
} satisfies Record<`account.${string}`, string>;

export const en: English<typeof lt> = {
  "account.notices.language": "Language",
  "account.notices.languageHelp": "The language of the letters the site writes you, and of the site when you log in.",
  "account.notices.languageUnknown": "Choose a language from the list.",
};
