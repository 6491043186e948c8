import type { MessageId } from "#app/i18n/catalog.ts";

// The names of GEDCOM events, for the person pages and the editor: message
// ids of the genealogy catalog, said in the reader's language.

export const EVENT_LABEL_IDS = {
  BIRT: "genealogy.event.birth",
  CHR: "genealogy.event.christening",
  BAPM: "genealogy.event.baptism",
  DEAT: "genealogy.event.death",
  BURI: "genealogy.event.burial",
  CREM: "genealogy.event.cremation",
  MARR: "genealogy.event.marriage",
  DIV: "genealogy.event.divorce",
  ENGA: "genealogy.event.engagement",
  RESI: "genealogy.event.residence",
  OCCU: "genealogy.event.occupation",
  EDUC: "genealogy.event.education",
  EMIG: "genealogy.event.emigration",
  IMMI: "genealogy.event.immigration",
  NATU: "genealogy.event.naturalization",
  CENS: "genealogy.event.census",
  CONF: "genealogy.event.confirmation",
  FCOM: "genealogy.event.firstCommunion",
  GRAD: "genealogy.event.graduation",
  RETI: "genealogy.event.retirement",
  RELI: "genealogy.event.religion",
  NATI: "genealogy.event.nationality",
  TITL: "genealogy.event.title",
  ADOP: "genealogy.event.adoption",
  PROB: "genealogy.event.probate",
  WILL: "genealogy.event.will",
  EVEN: "genealogy.event.event",
  FACT: "genealogy.event.fact",
} as const satisfies Record<string, MessageId>;

/**
 * What an event is called: its message id, or the tag itself for a tag the
 * catalog does not name (a program's own '_MILT'), which is shown as it is.
 */
export function eventLabel(tag: string): MessageId | string {
  return Object.hasOwn(EVENT_LABEL_IDS, tag) ? EVENT_LABEL_IDS[tag as keyof typeof EVENT_LABEL_IDS] : tag;
}

/** The events the administrator adds in the person editor, by tag: their message ids. */
export const EDITABLE_EVENT_IDS: Record<string, MessageId> = Object.fromEntries(
  (["BIRT", "CHR", "DEAT", "BURI", "RESI", "OCCU", "EDUC", "EMIG"] as const).map((tag) => [tag, EVENT_LABEL_IDS[tag]]),
);
