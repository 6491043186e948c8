import { EVENT_PARTS, type EventFact, type FamilyFacts, type PersonFacts, type TreeFacts } from "./facts.ts";

// The three-way comparison of an import merge (issue 29, decision 034): the
// file last imported (the base), the new file, and the site's tree as the
// family has changed it since. Each person and family is a set of slots (its
// sex, its name, each fact's date, place...); a slot the file changed and the
// site did not takes the file's value, one the site changed and the file did
// not keeps the site's, and one both changed differently is a conflict for
// the administrator. A person or family one side removed while the other
// changed it is one conflict, never a silent removal.

export type Side = "base" | "file" | "site";

export interface Subject {
  kind: "person" | "family";
  /** A person's id; a family's partners ('12+40'). */
  key: string;
  /** What lists call it: the person's name, or the partners' names (in Lithuanian: 'Jonas ir Ona'; the command line's). */
  label: string;
  /** A family's partners' names, '?' for one unknown: the page joins them in its language (merge-words.ts's subjectLabel). */
  partners?: [string, string];
}

/** One slot that differs: its value in each version (null: not there). */
export interface MergeItem {
  subject: Subject;
  /** 'person', 'sex', 'name', 'name+ …', 'event BIRT#0', 'event BIRT#0 › date', 'child 12', … */
  slot: string;
  base: string | null;
  file: string | null;
  site: string | null;
}

export interface MergePlan {
  /** What the file changed and the site did not: applied. */
  fromFile: MergeItem[];
  /** What the site changed and the file did not: kept. */
  keptFromSite: MergeItem[];
  /** What both changed, differently: the administrator decides. */
  conflicts: MergeItem[];
}

export interface MergeCounts {
  /** People and families the file adds, changes and removes. */
  fromFile: { added: number; changed: number; removed: number };
  /** People and families whose changes on the site are kept. */
  keptFromSite: number;
  conflicts: number;
}

/** A slot's value where it is there and says nothing more (a person, a fact, one of a set). */
export const HERE = "•";
/** The slot that says a person or family is there at all. */
export const PRESENT = "person";
/** Between an event's slot and the part of it ('event BIRT#0 › date'): an added event's slot is free text. */
export const PART = " › ";

type Slots = Map<string, string>;

/** The kinds of event and their n-th occurrence in the base, and where each of another version's events stands among them. */
export function alignEvents(base: EventFact[], other: EventFact[]): Map<string, EventFact> {
  const whole = (e: EventFact) => EVENT_PARTS.map((part) => e[part]).join("\u0001");
  const slots = new Map<string, EventFact>();
  const free = new Map<string, { slot: string; event: EventFact }[]>();
  const seen = new Map<string, number>();
  for (const event of base) {
    const n = seen.get(event.kind) ?? 0;
    seen.set(event.kind, n + 1);
    free.set(event.kind, [...(free.get(event.kind) ?? []), { slot: `${event.kind}#${n}`, event }]);
  }
  let left = [...other];
  // First what is unchanged, then what kept its date, then its place, then the rest of a kind in order.
  const passes: ((a: EventFact, b: EventFact) => boolean)[] = [
    (a, b) => whole(a) === whole(b),
    (a, b) => a.date !== "" && a.date === b.date,
    (a, b) => a.place !== "" && a.place === b.place,
    () => true,
  ];
  for (const same of passes) {
    left = left.filter((event) => {
      const candidates = free.get(event.kind) ?? [];
      const i = candidates.findIndex((c) => same(c.event, event));
      if (i < 0) return true;
      slots.set(candidates[i].slot, event);
      candidates.splice(i, 1);
      return false;
    });
  }
  // A fact the base does not have is known by what it says, so that the same fact added on both sides is one.
  for (const event of left)
    slots.set(`${event.kind}+${EVENT_PARTS.flatMap((part) => (event[part] ? [`${part}=${event[part]}`] : [])).join(" ")}`, event);
  return slots;
}

function eventSlots(slots: Slots, events: Map<string, EventFact>): void {
  for (const [slot, event] of events) {
    slots.set(`event ${slot}`, HERE);
    for (const part of EVENT_PARTS) if (event[part]) slots.set(`event ${slot}${PART}${part}`, event[part]);
  }
}

function setSlots(slots: Slots, name: string, values: string[]): void {
  for (const value of values) slots.set(`${name}+ ${value}`, HERE);
}

function personSlots(person: PersonFacts, base: PersonFacts | undefined): Slots {
  const slots: Slots = new Map([[PRESENT, HERE]]);
  if (person.sex) slots.set("sex", person.sex);
  if (person.restriction) slots.set("restriction", person.restriction);
  if (person.name) slots.set("name", person.name);
  setSlots(slots, "name", person.otherNames);
  setSlots(slots, "note", person.notes);
  setSlots(slots, "source", person.sources);
  setSlots(slots, "media", person.media);
  eventSlots(slots, alignEvents(base?.events ?? person.events, person.events));
  return slots;
}

function familySlots(family: FamilyFacts, base: FamilyFacts | undefined): Slots {
  const slots: Slots = new Map([[PRESENT, HERE]]);
  for (const [child, relation] of family.children) slots.set(`child ${child}`, relation);
  setSlots(slots, "note", family.notes);
  eventSlots(slots, alignEvents(base?.events ?? family.events, family.events));
  return slots;
}

/**
 * Compares the three versions. People are the same person when they have the
 * same id in all three (the import gives a matched person their id, person-ids.ts);
 * families when they have the same partners.
 */
export function planMerge(base: TreeFacts, file: TreeFacts, site: TreeFacts): MergePlan {
  const plan: MergePlan = { fromFile: [], keptFromSite: [], conflicts: [] };
  const label = (id: number) => site.people.get(id)?.label ?? file.people.get(id)?.label ?? base.people.get(id)?.label ?? `#${id}`;

  const compare = (subject: Subject, b: Slots | null, f: Slots | null, s: Slots | null) => {
    const keys = new Set([...(b?.keys() ?? []), ...(f?.keys() ?? []), ...(s?.keys() ?? [])]);
    const items: { item: MergeItem; fileChanged: boolean; siteChanged: boolean }[] = [];
    for (const slot of keys) {
      const item = { subject, slot, base: b?.get(slot) ?? null, file: f?.get(slot) ?? null, site: s?.get(slot) ?? null };
      const fileChanged = item.file !== item.base;
      const siteChanged = item.site !== item.base;
      if (fileChanged || siteChanged) items.push({ item, fileChanged, siteChanged });
    }
    const removedByFile = b !== null && f === null;
    const removedBySite = b !== null && s === null;
    // Removed on one side, changed on the other: one conflict about the whole person or family.
    if (
      (removedByFile && s !== null && items.some((i) => i.siteChanged)) ||
      (removedBySite && f !== null && items.some((i) => i.fileChanged))
    ) {
      plan.conflicts.push({ subject, slot: PRESENT, base: HERE, file: f ? HERE : null, site: s ? HERE : null });
      return;
    }
    for (const { item, fileChanged, siteChanged } of items) {
      if (fileChanged && siteChanged) {
        if (item.file !== item.site) plan.conflicts.push(item);
      } else if (fileChanged) plan.fromFile.push(item);
      else plan.keptFromSite.push(item);
    }
  };

  const people = new Set([...base.people.keys(), ...file.people.keys(), ...site.people.keys()]);
  for (const id of [...people].sort((a, b) => a - b)) {
    const b = base.people.get(id);
    const slots = (p: PersonFacts | undefined) => (p ? personSlots(p, b) : null);
    compare({ kind: "person", key: String(id), label: label(id) }, slots(b), slots(file.people.get(id)), slots(site.people.get(id)));
  }
  const families = new Set([...base.families.keys(), ...file.families.keys(), ...site.families.keys()]);
  for (const key of [...families].sort()) {
    const b = base.families.get(key);
    const names = (site.families.get(key) ?? file.families.get(key) ?? b)!.partners.map((p) => (p === null ? "?" : label(p)));
    const subject: Subject = { kind: "family", key, label: names.join(" ir "), partners: [names[0], names[1]] };
    const slots = (f: FamilyFacts | undefined) => (f ? familySlots(f, b) : null);
    compare(subject, slots(b), slots(file.families.get(key)), slots(site.families.get(key)));
  }
  return plan;
}

/** A conflict's place in a plan: what the administrator's choice is kept under. */
export function conflictKey(item: MergeItem): string {
  return `${item.subject.kind} ${item.subject.key} ${item.slot}`;
}

/** How many people and families each part of a plan touches. */
export function countPlan(plan: MergePlan): MergeCounts {
  const subjects = (items: MergeItem[]) => new Set(items.map((i) => `${i.subject.kind} ${i.subject.key}`));
  const whole = (items: MergeItem[], test: (i: MergeItem) => boolean) => subjects(items.filter((i) => i.slot === PRESENT && test(i)));
  const added = whole(plan.fromFile, (i) => i.base === null);
  const removed = whole(plan.fromFile, (i) => i.file === null);
  const changed = [...subjects(plan.fromFile)].filter((s) => !added.has(s) && !removed.has(s));
  return {
    fromFile: { added: added.size, changed: changed.length, removed: removed.size },
    keptFromSite: subjects(plan.keptFromSite).size,
    conflicts: plan.conflicts.length,
  };
}
