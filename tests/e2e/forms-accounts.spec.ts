import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { createInvitation, createResetLink } from "#app/.server/accounts/account-links.ts";
import { EMAIL_MAX_LENGTH, INVITE_PERSON_MAX } from "#app/lib/accounts.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from "#app/lib/guestbook.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import { MEMORY_TEXT_MAX, PHOTO_DATE_MAX, PHOTO_PEOPLE_TEXT_MAX } from "#app/lib/memories.ts";
import { PERSON_PROPOSAL_MAX, REVIEW_NOTE_MAX } from "#app/lib/proposals.ts";
import { formRefusalTests } from "./form-posts.ts";
import { useSite, type Site } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// The accounts' forms, the members' proposals, the review queue's note and
// the guestbook, read by the one form reader (form-posts.ts says what is
// checked), each posted by whoever may send it: the administrator, a member,
// or a visitor. (bach.ged: person 1 is Veit Bach.) The passkey's form is sent
// by the page's script only (it needs the browser's passkey dialog): its
// refusals are checked as that script reads them, below.

const site = useSite();
test.describe.configure({ mode: "serial" });

let passwords: Record<"narys" | "redaktorius", string>;
let invitation: string;
let reset: string;
let proposal: number;

test.beforeAll(async () => {
  passwords = await siteForWrites(site());
  const db = site().db();
  const users = Object.fromEntries((await db.selectFrom("users").select(["id", "username"]).execute()).map((u) => [u.username, u.id]));
  invitation = await createInvitation(db, { role: "narys", personId: null, email: null, createdBy: users[site().admin.username] });
  reset = await createResetLink(db, users.redaktorius, users[site().admin.username]);
  // A member's memory waiting in the review queue, to be rejected with a note.
  ({ id: proposal } = await db
    .insertInto("proposals")
    .values({
      userId: users.narys,
      username: "narys",
      createdAt: new Date().toISOString(),
      kind: "memory",
      subjectKind: "person",
      subjectId: "1",
      payload: JSON.stringify({ personId: 1, galleryItemId: null, text: "Veitas kepė duoną.", mediaIds: [] }),
    })
    .returning("id")
    .executeTakeFirstOrThrow());
});

/** A client whose requests name the site as their origin, as a browser's form does. */
const visitor = (s: Site) => http.newContext({ baseURL: s.url, extraHTTPHeaders: { Origin: s.url } });

/** The member's client, logged in. */
async function member(s: Site): Promise<APIRequestContext> {
  const client = await visitor(s);
  const login = await client.post("/login", { form: { username: "narys", password: passwords.narys }, maxRedirects: 0 });
  expect(login.headers()["location"]).toBe("/");
  return client;
}

const users = (s: Site) =>
  s.db().selectFrom("users").select(["id", "username", "passwordHash", "email", "notifyDecisions"]).orderBy("id").execute();
const links = (s: Site) => s.db().selectFrom("accountLinks").select(["tokenHash", "usedAt", "revokedAt"]).orderBy("tokenHash").execute();
const proposals = (s: Site) => s.db().selectFrom("proposals").select(["id", "status", "decisionNote"]).orderBy("id").execute();
const proposalsAndMedia = async (s: Site) => ({
  proposals: await proposals(s),
  media: await s.db().selectFrom("media").select("id").execute(),
});
const required = (label: string) => `Laukas „${label}“ privalomas.`;
const password = (label: string) => ({ label, max: PASSWORD_MAX_LENGTH });

formRefusalTests(site, [
  {
    name: "the administrator's invitation",
    action: "/admin/nariai",
    hidden: { intent: "invite" },
    valid: { intent: "invite", role: "narys", person: "", email: "" },
    limits: {
      person: { label: "Kas tai yra giminės medyje", max: INVITE_PERSON_MAX },
      email: { label: "El. paštas", max: EMAIL_MAX_LENGTH },
    },
    empty: { role: "Pasirinkite vaidmenį." },
    stored: links,
  },
  {
    name: "the administrator's notices",
    action: "/admin/pranesimai",
    valid: { mode: "none", email: "" },
    limits: { email: { label: "Kam siųsti", max: EMAIL_MAX_LENGTH } },
    empty: { mode: "Pasirinkite, kaip pranešti." },
    stored: (s) => s.db().selectFrom("settings").select(["key", "value"]).where("key", "like", "notify%").orderBy("key").execute(),
  },
  {
    name: "the account's new name",
    action: "/paskyra",
    hidden: { intent: "name" },
    valid: { intent: "name", username: "admin" },
    limits: { username: { label: "Vartotojo vardas", max: USERNAME_MAX_LENGTH } },
    empty: { username: required("Vartotojo vardas") },
    stored: users,
  },
  {
    name: "the account's new password",
    action: "/paskyra",
    hidden: { intent: "password" },
    get valid() {
      return {
        intent: "password",
        current: site().admin.password,
        next: "naujas-bandymo-slaptazodis",
        repeated: "naujas-bandymo-slaptazodis",
      };
    },
    limits: {
      current: password("Dabartinis slaptažodis"),
      next: password("Naujas slaptažodis"),
      repeated: password("Pakartokite naują slaptažodį"),
    },
    secrets: ["current", "next", "repeated"],
    empty: {
      current: required("Dabartinis slaptažodis"),
      next: required("Naujas slaptažodis"),
      repeated: required("Pakartokite naują slaptažodį"),
    },
    stored: users,
  },
  {
    name: "the account's notices",
    action: "/paskyra",
    hidden: { intent: "notices", notifyDecisions: "1" },
    valid: { intent: "notices", email: "admin@pastas.lt", notifyDecisions: "1" },
    limits: { email: { label: "El. paštas", max: EMAIL_MAX_LENGTH } },
    empty: { email: "Kad gautumėte pranešimus, įrašykite el. pašto adresą." },
    stored: users,
  },
  {
    name: "an invitation's page",
    get action() {
      return `/kvietimas/${invitation}`;
    },
    client: visitor,
    valid: { username: "naujas-narys", next: "ilgas-bandymo-slaptazodis", repeated: "ilgas-bandymo-slaptazodis" },
    limits: {
      username: { label: "Vartotojo vardas", max: USERNAME_MAX_LENGTH },
      next: password("Slaptažodis"),
      repeated: password("Pakartokite slaptažodį"),
    },
    secrets: ["next", "repeated"],
    empty: { username: required("Vartotojo vardas"), next: required("Slaptažodis"), repeated: required("Pakartokite slaptažodį") },
    stored: async (s) => ({ users: await users(s), links: await links(s) }),
  },
  {
    name: "a new-password link's page",
    get action() {
      return `/slaptazodis/${reset}`;
    },
    client: visitor,
    valid: { next: "ilgas-bandymo-slaptazodis", repeated: "ilgas-bandymo-slaptazodis" },
    limits: { next: password("Naujas slaptažodis"), repeated: password("Pakartokite naują slaptažodį") },
    secrets: ["next", "repeated"],
    empty: { next: required("Naujas slaptažodis"), repeated: required("Pakartokite naują slaptažodį") },
    stored: async (s) => ({ users: await users(s), links: await links(s) }),
  },
  {
    name: "the guestbook",
    action: "/sveciai",
    client: visitor,
    valid: { name: "Ona Bandomoji", message: "Sveiki iš bandymo" },
    limits: { name: { label: "Vardas", max: NAME_MAX_LENGTH }, message: { label: "Žinutė", max: MESSAGE_MAX_LENGTH } },
    empty: { name: required("Vardas"), message: required("Žinutė") },
    stored: (s) => s.db().selectFrom("guestbookEntries").select(["id", "name", "status"]).orderBy("id").execute(),
  },
  {
    name: "the review queue's note to the member",
    action: "/admin/perziura",
    get hidden() {
      return { intent: "reject", id: String(proposal) };
    },
    get valid() {
      return { intent: "reject", id: String(proposal), note: "Ne šio asmens." };
    },
    fieldId: (field) => `${field}-${proposal}`,
    limits: { note: { label: "Pastaba nariui", max: REVIEW_NOTE_MAX } },
    empty: {},
    stored: proposals,
  },
  {
    name: "a member's fact about a person",
    action: "/paskyra/pasiulymai/asmuo/1",
    client: member,
    hidden: { kind: "event", tag: "OCCU" },
    valid: { kind: "event", tag: "OCCU", date: "", place: "", value: "Muzikantas iš bandymo" },
    limits: {
      date: { label: "Data", max: PERSON_PROPOSAL_MAX.date },
      place: { label: "Vieta", max: PERSON_PROPOSAL_MAX.place },
      value: { label: "Aprašymas", max: PERSON_PROPOSAL_MAX.value },
    },
    fieldId: (field) => `new-${field}`,
    empty: { date: "Įrašykite datą, vietą arba aprašymą." },
    stored: proposals,
  },
  {
    name: "a member's new relative",
    action: "/paskyra/pasiulymai/asmuo/1",
    client: member,
    hidden: { kind: "relation", relation: "child", sex: "U" },
    valid: { kind: "relation", relation: "child", sex: "U", existing: "", givenNames: "Bandymas", surname: "Bandytojas", birthDate: "" },
    limits: {
      existing: { label: "Jau yra medyje", max: PERSON_PROPOSAL_MAX.existing },
      givenNames: { label: "Vardas (vardai)", max: PERSON_PROPOSAL_MAX.name },
      surname: { label: "Pavardė", max: PERSON_PROPOSAL_MAX.name },
      birthDate: { label: "Gimimo data", max: PERSON_PROPOSAL_MAX.date },
    },
    fieldId: (field) => (field === "existing" ? field : `rel-${field}`),
    empty: { existing: "Nurodykite esamą asmenį (numerį ar vardą) arba įrašykite naujo asmens vardą ar pavardę." },
    stored: proposals,
  },
  {
    name: "a member's correction of a name",
    action: "/paskyra/pasiulymai/asmuo/1",
    client: member,
    hidden: { kind: "person-fields", sex: "M" },
    valid: { kind: "person-fields", sex: "M", givenNames: "Veitas", surname: "Bachas", birthSurname: "" },
    limits: {
      givenNames: { label: "Vardas (vardai)", max: PERSON_PROPOSAL_MAX.name },
      surname: { label: "Pavardė", max: PERSON_PROPOSAL_MAX.name },
      birthSurname: { label: "Mergautinė (gimimo) pavardė", max: PERSON_PROPOSAL_MAX.name },
    },
    empty: { givenNames: "Įrašykite vardą arba pavardę." },
    stored: proposals,
  },
  {
    name: "a member's memory (with photos)",
    action: "/paskyra/pasiulymai/prisiminimas?asmuo=1",
    client: member,
    multipart: true,
    valid: { text: "Prisimenu bandymo dieną." },
    limits: { text: { label: "Prisiminimas", max: MEMORY_TEXT_MAX } },
    empty: { text: required("Prisiminimas") },
    stored: proposalsAndMedia,
  },
  {
    name: "a member's photo for the gallery",
    action: "/paskyra/pasiulymai/nuotrauka",
    client: member,
    multipart: true,
    valid: { title: "Bandymo sodyba", description: "Sodyba iš bandymo", date: "apie 1930", people: "" },
    limits: {
      title: { label: "Pavadinimas", max: GALLERY_TITLE_MAX },
      description: { label: "Aprašymas", max: GALLERY_DESCRIPTION_MAX },
      date: { label: "Data", max: PHOTO_DATE_MAX },
      people: { label: "Kas nuotraukoje", max: PHOTO_PEOPLE_TEXT_MAX },
    },
    empty: { title: required("Pavadinimas") },
    stored: proposalsAndMedia,
  },
]);

test("a passkey's name over its limit, or a wrong password, is refused before the browser's dialog, the field named, the password never sent back", async () => {
  const client = await member(site());
  const challenges = () => site().db().selectFrom("passkeyChallenges").select("id").execute();
  const before = await challenges();
  const ask = async (fields: Record<string, string>) => {
    const response = await client.post("/paskyra/raktai", { form: fields, headers: { Accept: "application/json" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    return (await response.json()) as { typed: Record<string, string>; errors: Record<string, string> };
  };
  const long = "ą".repeat(61);
  expect(await ask({ intent: "options", name: long, password: passwords.narys })).toMatchObject({
    typed: { name: long },
    errors: { name: "Laukas „Rakto pavadinimas“ per ilgas: daugiausia 60 simbolių." },
  });
  const wrong = await ask({ intent: "options", name: "Telefonas", password: "ne-tas-slaptazodis" });
  expect(wrong).toMatchObject({ typed: { name: "Telefonas" }, errors: { password: "Dabartinis slaptažodis neteisingas." } });
  expect(wrong.typed).not.toHaveProperty("password");
  expect(await ask({ intent: "options", name: "" })).toMatchObject({ errors: { password: required("Jūsų slaptažodis") } });
  // The browser's answer with a name over the limit (a crafted one: the page sends the name it asked with).
  expect(await ask({ intent: "register", name: long, challengeId: "x", response: "{}" })).toMatchObject({
    errors: { name: "Laukas „Rakto pavadinimas“ per ilgas: daugiausia 60 simbolių." },
  });
  expect(await challenges()).toEqual(before);
  expect(await site().db().selectFrom("passkeys").select("id").execute()).toEqual([]);
  await client.dispose();
});
