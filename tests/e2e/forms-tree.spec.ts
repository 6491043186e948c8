import { expect, test } from "@playwright/test";
import { addPartner, createPerson, saveEvent } from "#app/.server/genealogy/editing.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { DOCUMENT_FIELD_LABELS, DOCUMENT_FIELD_MAX } from "#app/lib/documents.ts";
import { EVENT_FIELDS, PERSON_FIELDS, RELATION_FIELDS } from "#app/lib/person-fields.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { BRANCH_LIMITS, TEXT_FIELDS, TEXT_SECTIONS, type TextField, type TextSection } from "#app/lib/site.ts";
import { STORY_FIELD_LABELS, STORY_LIMITS } from "#app/lib/stories.ts";
import { storyFields } from "#tests/story-fields.ts";
import { formRefusalTests, type FormCase } from "./form-posts.ts";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";

// The documents, the tree, the stories and the site's texts, read by the one
// form reader (form-posts.ts says what is checked): each form posted empty
// and with each limited field one character over its limit.

const site = useSite();
test.describe.configure({ mode: "serial" });

// A person with an event and a partner, and a story, for the forms that edit them.
let person = 0;
let event = 0;
let partner = 0;
let family = 0;
let story = 0;
test.beforeAll(async () => {
  const db = site().db();
  person = await createPerson(db, { givenNames: "Ona", surname: "Jonaitytė", birthSurname: "", sex: "F", note: "Pastaba." });
  const saved = await saveEvent(db, (await currentTreeId(db))!, person, {
    eventId: null,
    tag: "BIRT",
    date: "1901",
    place: "Alytus",
    value: "",
  });
  expect(saved.ok).toBe(true);
  event = saved.ok ? saved.id : 0;
  partner = await createPerson(db, { givenNames: "Petras", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  const partners = await addPartner(db, (await currentTreeId(db))!, person, partner);
  expect(partners.ok).toBe(true);
  family = partners.ok ? partners.id : 0;
  story = (await createStory(db, storyFields(), null)).id;
});

const limit = <F extends string>(fields: Record<F, { label: string; max: number }>) =>
  Object.fromEntries(Object.entries<{ label: string; max: number }>(fields).map(([f, { label, max }]) => [f, { label, max }]));

const DOCUMENT = { title: "Krikšto metrikai", person: "Petras Jonaitis", year: "1902", type: "Gimimo liudijimas" };
const documentLimits = Object.fromEntries(
  (Object.keys(DOCUMENT) as (keyof typeof DOCUMENT)[]).map((f) => [f, { label: DOCUMENT_FIELD_LABELS[f], max: DOCUMENT_FIELD_MAX[f] }]),
);
const documentsEmpty = Object.fromEntries(
  (Object.keys(DOCUMENT) as (keyof typeof DOCUMENT)[]).map((f) => [f, `Laukas „${DOCUMENT_FIELD_LABELS[f]}“ privalomas.`]),
);
const documents = (s: ReturnType<typeof site>) => s.db().selectFrom("documents").selectAll().orderBy("id").execute();

const NAMES = { givenNames: "Kazys", surname: "Jonaitis", birthSurname: "Kalvaitis", sex: "M" };
const nameLimits = limit({
  givenNames: PERSON_FIELDS.givenNames,
  surname: PERSON_FIELDS.surname,
  birthSurname: PERSON_FIELDS.birthSurname,
});
const people = (s: ReturnType<typeof site>) =>
  s.db().selectFrom("genealogyPeople").select(["id", "givenNames", "surname", "birthSurname", "sex", "notes"]).orderBy("id").execute();
const events = (s: ReturnType<typeof site>) =>
  s.db().selectFrom("genealogyEvents").select(["id", "tag", "date", "placeId", "value"]).orderBy("id").execute();

// The families and who is whose child: what the relation forms change.
const relations = async (s: ReturnType<typeof site>) => ({
  families: await s.db().selectFrom("genealogyFamilies").select(["id", "partner1Id", "partner2Id"]).orderBy("id").execute(),
  children: await s.db().selectFrom("genealogyChildren").select(["familyId", "personId"]).orderBy("personId").execute(),
});

const STORY = { title: "Kelionė į Čikagą", lead: "Laivu per Atlantą.", body: "Pirmoji pastraipa.", era: "Tarpukaris", places: "Čikaga" };
const stories = async (s: ReturnType<typeof site>) => ({
  stories: await s.db().selectFrom("stories").selectAll().orderBy("id").execute(),
  revisions: await s.db().selectFrom("storyRevisions").select(["id", "storyId"]).orderBy("id").execute(),
});

// Not the content version: every editor's post changes it, refused or not.
const settings = (s: ReturnType<typeof site>) =>
  s.db().selectFrom("settings").selectAll().where("key", "!=", "content_version").orderBy("key").execute();

const textSection = (section: TextSection): FormCase => {
  const fields = TEXT_SECTIONS[section] as readonly TextField[];
  return {
    name: `the texts editor's section „${section}“`,
    action: "/admin/tekstai",
    hidden: { section },
    valid: { section, ...Object.fromEntries(fields.map((f) => [f, SEED_SITE[f]])) },
    limits: Object.fromEntries(fields.map((f) => [f, { label: serverT("lt")(TEXT_FIELDS[f].label), max: TEXT_FIELDS[f].max }])),
    empty: Object.fromEntries(
      fields.filter((f) => !TEXT_FIELDS[f].optional).map((f) => [f, `Laukas „${serverT("lt")(TEXT_FIELDS[f].label)}“ privalomas.`]),
    ),
    stored: settings,
  };
};

formRefusalTests(site, [
  {
    name: "a new document",
    action: "/admin/dokumentai",
    multipart: true,
    hidden: { intent: "add" },
    valid: { intent: "add", ...DOCUMENT },
    limits: documentLimits,
    empty: documentsEmpty,
    stored: documents,
  },
  {
    name: "a document edited",
    action: "/admin/dokumentai?redaguoti=1",
    multipart: true,
    hidden: { intent: "update", id: "1" },
    valid: { intent: "update", id: "1", ...DOCUMENT },
    limits: documentLimits,
    empty: documentsEmpty,
    stored: documents,
  },
  {
    name: "a new person",
    action: "/admin/medis/asmenys",
    valid: NAMES,
    limits: nameLimits,
    empty: { givenNames: "Įrašykite vardą arba pavardę." },
    stored: people,
  },
  {
    name: "the person editor's name and notes",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    hidden: { intent: "details" },
    valid: { intent: "details", ...NAMES, note: "Gimė sodyboje.\n\nMokytoja." },
    limits: { ...nameLimits, note: PERSON_FIELDS.note },
    empty: { givenNames: "Įrašykite vardą arba pavardę." },
    stored: people,
  },
  {
    name: "the person editor's new event",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    hidden: { intent: "event", tag: "BIRT" },
    // An empty event is one with no date, place or description: the empty post checks the kind instead.
    emptyPost: { intent: "event", tag: "" },
    valid: { intent: "event", tag: "DEAT", date: "apie 1980", place: "Alytus", value: "Ligoninėje" },
    limits: limit(EVENT_FIELDS),
    empty: { tag: "Nežinomas įvykio tipas." },
    fieldId: (field) => `new-${field}`,
    stored: events,
  },
  {
    name: "the person editor's event corrected",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    get hidden() {
      return { intent: "event", eventId: String(event), tag: "BIRT" };
    },
    get emptyPost() {
      return { intent: "event", eventId: String(event), tag: "BIRT", date: "kažkada" };
    },
    get valid() {
      return { intent: "event", eventId: String(event), tag: "BIRT", date: "1901-03-04", place: "Miroslavas", value: "Sodyboje" };
    },
    limits: limit(EVENT_FIELDS),
    empty: {
      date: "Data neatpažinta. Rašykite, pvz.: 1898, 1898-03-05, 1898-03, apie 1898, prieš 1898, po 1898, tarp 1850 ir 1860, 1850–1860, nuo 1850 iki 1860 arba GEDCOM forma (5 MAR 1898, ABT 1898).",
    },
    fieldId: (field) => `e${event}-${field}`,
    stored: events,
  },
  {
    name: "the person editor's parents",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    hidden: { intent: "parents" },
    valid: { intent: "parents", first: "Jonas Jonaitis", second: "#1" },
    limits: limit({ first: RELATION_FIELDS.first, second: RELATION_FIELDS.second }),
    empty: { first: "Nurodykite bent vieną iš tėvų." },
    stored: relations,
  },
  {
    name: "the person editor's new partner",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    hidden: { intent: "partner" },
    valid: { intent: "partner", partner: "Jonas Jonaitis" },
    limits: limit({ partner: RELATION_FIELDS.partner }),
    empty: { partner: "Nurodykite partnerį." },
    stored: relations,
  },
  {
    name: "the person editor's child of a couple",
    get action() {
      return `/admin/medis/asmenys/${person}`;
    },
    get hidden() {
      return { intent: "child", partnerId: String(partner) };
    },
    get valid() {
      return { intent: "child", partnerId: String(partner), child: "Jonas Jonaitis" };
    },
    limits: limit({ child: RELATION_FIELDS.child }),
    empty: { child: "Nurodykite vaiką." },
    fieldId: () => `child-${family}`,
    stored: relations,
  },
  {
    name: "the living rule's years",
    action: "/admin/medis",
    hidden: { intent: "privacy" },
    valid: { intent: "privacy", livingYears: "100" },
    limits: {},
    empty: { livingYears: "Įrašykite metų skaičių nuo 50 iki 150." },
    stored: settings,
  },
  {
    name: "a new story",
    action: "/admin/istorija/pasakojimai",
    hidden: { intent: "create" },
    valid: { intent: "create", title: STORY.title },
    limits: { title: { label: STORY_FIELD_LABELS.title, max: STORY_LIMITS.title } },
    empty: { title: "Įrašykite pasakojimo pavadinimą." },
    stored: stories,
  },
  {
    name: "the story editor",
    get action() {
      return `/admin/istorija/pasakojimai/${story}`;
    },
    valid: { ...STORY, yearFrom: "1925", yearTo: "1940", published: "1" },
    limits: Object.fromEntries(
      (Object.keys(STORY_LIMITS) as (keyof typeof STORY_LIMITS)[]).map((f) => [f, { label: STORY_FIELD_LABELS[f], max: STORY_LIMITS[f] }]),
    ),
    empty: { title: "Įrašykite pasakojimo pavadinimą." },
    stored: stories,
  },
  ...(Object.keys(TEXT_SECTIONS) as TextSection[]).map(textSection),
  {
    name: "the texts editor's branches",
    action: "/admin/tekstai",
    hidden: { section: "sakos" },
    // No branches at all is a list too: the empty post is a branch with its name left empty.
    emptyPost: { section: "sakos", "branchName-0": "", "branchText-0": "Be pavadinimo" },
    valid: { section: "sakos", "branchName-0": "Alytaus šaka", "branchText-0": "Sodyba Miroslavo apylinkėse." },
    limits: {
      "branchName-0": { label: "Pavadinimas", max: BRANCH_LIMITS.name },
      "branchText-0": { label: "Aprašymas", max: BRANCH_LIMITS.text },
    },
    empty: { "branchName-0": "Įrašykite šakos pavadinimą." },
    stored: settings,
  },
]);

test("with JavaScript too: the message beside the field, the focus on it, what was typed kept", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis/asmenys`);
  await hydrated(page);
  const form = page.getByRole("region", { name: "Naujas asmuo" });
  await form.getByLabel("Mergautinė (gimimo) pavardė").fill("Kalvaitytė");
  await form.getByRole("button", { name: "Pridėti asmenį" }).click();
  await expect(form.getByLabel("Vardas (vardai)")).toHaveAccessibleDescription("Įrašykite vardą arba pavardę.");
  await expect(form.getByLabel("Vardas (vardai)")).toBeFocused();
  await expect(form.getByLabel("Mergautinė (gimimo) pavardė")).toHaveValue("Kalvaitytė");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();

  // A branch moved while another has no name: refused, the rows as the move left them.
  await page.goto(`${site().url}/admin/tekstai`);
  await hydrated(page);
  const branches = page.getByRole("region", { name: "Giminės šakos", exact: true });
  const names = branches.getByLabel("Pavadinimas", { exact: true });
  const before = await names.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await names.first().fill("");
  await branches.getByRole("button", { name: `Perkelti žemyn: ${before[1]}` }).click();
  await expect(names.nth(0)).toHaveAccessibleDescription("Įrašykite šakos pavadinimą.");
  await expect(names.nth(0)).toBeFocused();
  await expect(names.nth(2)).toHaveValue(before[1]);
  expect((await settings(site())).find((row) => row.key === "branches")?.value ?? JSON.stringify(SEED_SITE.branches)).toBe(
    JSON.stringify(SEED_SITE.branches),
  );
});
