import type { StoryFields } from "#app/.server/stories/stories.ts";

/** A published, public story's fields, with what a test changes; for the integration and browser tests alike. */
export function storyFields(over: Partial<StoryFields> = {}): StoryFields {
  return {
    title: "Sodyba prie Miroslavo",
    lead: "Kaip 1925 metais pastatyta sodyba išliko iki šių dienų.",
    body: "Pirmoji pastraipa.",
    era: "Tarpukaris",
    yearFrom: 1925,
    yearTo: 1940,
    places: "Miroslavas",
    coverPhotoId: null,
    membersOnly: false,
    published: true,
    ...over,
  };
}
