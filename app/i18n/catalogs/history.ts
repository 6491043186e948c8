import type { English } from "#app/i18n/catalog.ts";

// The history page and its stories (the texts themselves are the family's).
export const lt = {
  "history.title": "Istorija",
  "history.back": "← Istorija",
  "history.empty": "Giminės istorija dar rašoma.",
  "history.photosBeside": "Nuotraukos iš galerijos",
  "history.stories": "Pasakojimai",
  "history.stories.pages": "Pasakojimų puslapiai",
  "history.search.label": "Ieškoti pasakojimuose",
  "history.search.found": "Pagal „{search}“ rasta: {count, plural, one {# pasakojimas} few {# pasakojimai} other {# pasakojimų}}.",
  "history.search.none": "Pagal „{search}“ pasakojimų nerasta.",
  "history.whole.title": "Visa istorija",
  "history.whole.link": "Visa istorija viename puslapyje (spausdinti)",
  "history.story.draft": "Juodraštis: lankytojai šio pasakojimo nemato, kol jis nepaskelbtas.",
} satisfies Record<`history.${string}`, string>;

export const en: English<typeof lt> = {
  "history.title": "History",
  "history.back": "← History",
  "history.empty": "The family's history is still being written.",
  "history.photosBeside": "Photos from the gallery",
  "history.stories": "Stories",
  "history.stories.pages": "Pages of stories",
  "history.search.label": "Search the stories",
  "history.search.found": "Found for “{search}”: {count, plural, one {# story} other {# stories}}.",
  "history.search.none": "No stories found for “{search}”.",
  "history.whole.title": "The whole history",
  "history.whole.link": "The whole history on one page (to print)",
  "history.story.draft": "Draft: visitors do not see this story until it is published.",
};
