// A person's life as one list: their own events and their family's (a child
// born, a parent died), in date order, each family event named as a person
// would say it. Pure rules; person-page.ts reads the events.
import type { MessageId } from "#app/i18n/catalog.ts";
import type { Message } from "#app/i18n/intl.ts";
import type { Sex } from "./tree-layout.ts";

export type Relation = "child" | "partner" | "parent" | "sibling";

// Each message says the relative by their sex (ICU select: a son, a daughter, a child).
const BORN: Partial<Record<Relation, MessageId>> = { child: "tree.timeline.childBorn" };
const DIED: Record<Relation, MessageId> = {
  child: "tree.timeline.childDied",
  partner: "tree.timeline.partnerDied",
  parent: "tree.timeline.parentDied",
  sibling: "tree.timeline.siblingDied",
};
/** A married partner's death: a husband or a wife, not a partner. */
const SPOUSE_DIED: MessageId = "tree.timeline.spouseDied";

/**
 * What a relative's event says on the person's timeline ("Gimė sūnus", "Mirė
 * motina"): a message that names the relative by their sex; null for an event
 * the timeline does not show of that relative (only children's births, and deaths).
 */
export function familyEventLabel(relation: Relation, sex: Sex, tag: string, married = false): Message | null {
  const id =
    tag === "BIRT" ? BORN[relation] : tag === "DEAT" ? (relation === "partner" && married ? SPOUSE_DIED : DIED[relation]) : undefined;
  return id ? { id, values: { sex } } : null;
}

const BEGINNINGS = new Set(["BIRT", "CHR", "BAPM"]);
const ENDINGS = new Set(["DEAT", "BURI", "CREM"]);

export interface Timed {
  tag: string;
  /** Julian day of the earliest day the date can mean; null when undated. */
  dateFrom: number | null;
  /** The order it came in (the file's), for ties and undated events. */
  order: number;
}

/**
 * Dated events by date; an undated birth or baptism before them, an undated
 * death or burial after everything, other undated events after the dated
 * ones, each group in the file's order.
 */
export function compareTimed(a: Timed, b: Timed): number {
  const rank = (e: Timed) => (e.dateFrom !== null ? 1 : BEGINNINGS.has(e.tag) ? 0 : ENDINGS.has(e.tag) ? 3 : 2);
  return rank(a) - rank(b) || (a.dateFrom ?? 0) - (b.dateFrom ?? 0) || a.order - b.order;
}

/** The days a life spans, from its own events: birth (or baptism) to death (or burial); null where unknown. */
export function lifespan(events: { tag: string; dateFrom: number | null; dateTo: number | null }[]): {
  from: number | null;
  to: number | null;
} {
  const first = (tags: string[], pick: "dateFrom" | "dateTo") => {
    for (const tag of tags) {
      const e = events.find((x) => x.tag === tag && x[pick] !== null);
      if (e) return e[pick];
    }
    return null;
  };
  return { from: first(["BIRT", "CHR", "BAPM"], "dateFrom"), to: first(["DEAT", "BURI", "CREM"], "dateTo") };
}

/** Whether a relative's dated event falls within the life (an unknown end does not limit it). */
export function withinLife(life: { from: number | null; to: number | null }, from: number | null, to: number | null): boolean {
  if (from === null) return false;
  return (life.from === null || (to ?? from) >= life.from) && (life.to === null || from <= life.to);
}
