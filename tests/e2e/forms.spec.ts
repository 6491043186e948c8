import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { HISTORY_FIELD_LABELS, HISTORY_FIELD_MAX_LENGTH, HISTORY_FIELDS } from "#app/lib/history.ts";
import { TEXT_FIELDS } from "#app/lib/site.ts";
import { useSite } from "./site.ts";

// Every form read by the one form reader (app/.server/platform/form.ts), posted
// as a browser without JavaScript would post it: empty, and with each field
// one character over its limit. The page that comes back names the field in
// Lithuanian, marks it, keeps everything typed, and nothing is stored.

const site = useSite();

interface FormCase {
  name: string;
  /** Where the form posts (and the page that answers). */
  action: string;
  /** A filling that passes. */
  valid: Record<string, string>;
  /** Each limited field: its label and limit. */
  limits: Record<string, { label: string; max: number }>;
  /** What an empty post is told, by field. */
  empty: Record<string, string>;
  /** What is stored, to check a refusal changes nothing. */
  stored(): Promise<unknown>;
}

const FORMS: FormCase[] = [
  {
    name: "the dashboard's settings",
    action: "/admin?index",
    valid: { familyName: "Jonaičių giminė", contactEmail: "jonaiciai@pastas.lt" },
    limits: { familyName: TEXT_FIELDS.familyName, contactEmail: TEXT_FIELDS.contactEmail },
    empty: { familyName: "Laukas „Giminės pavadinimas“ privalomas.", contactEmail: "Laukas „Kontaktinis el. paštas“ privalomas." },
    // (Not the content version: every editor's post changes it, refused or not.)
    stored: () => site().db().selectFrom("settings").selectAll().where("key", "!=", "content_version").orderBy("key").execute(),
  },
  {
    name: "the history editor",
    action: "/admin/istorija",
    valid: Object.fromEntries(HISTORY_FIELDS.map((field) => [field, SEED_HISTORY[field]])),
    limits: Object.fromEntries(
      HISTORY_FIELDS.map((field) => [field, { label: HISTORY_FIELD_LABELS[field], max: HISTORY_FIELD_MAX_LENGTH[field] }]),
    ),
    empty: { title: "Įrašykite pavadinimą." },
    stored: () => site().db().selectFrom("historyRevisions").select(["id", "title"]).execute(),
  },
];

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const login = await admin.post("/login", { form: { username: site().admin.username, password: site().admin.password }, maxRedirects: 0 });
  expect(login.headers()["location"]).toBe("/admin");
});
test.afterAll(() => admin.dispose());

for (const form of FORMS) {
  test(`${form.name}: an empty post names each required field in Lithuanian and stores nothing`, async () => {
    const before = await form.stored();
    const response = await admin.post(form.action, { form: {}, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    const html = await response.text();
    for (const [field, message] of Object.entries(form.empty)) {
      expect(html, field).toContain(escaped(message));
      expect(html, field).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="${field}"`));
    }
    expect(await form.stored()).toEqual(before);
  });

  test(`${form.name}: a field over its limit is refused with the limit named, the rest kept as typed, nothing stored`, async () => {
    for (const [field, { label, max }] of Object.entries(form.limits)) {
      const before = await form.stored();
      const typed = { ...form.valid, [field]: "ą".repeat(max + 1) };
      const response = await admin.post(form.action, { form: typed, maxRedirects: 0 });
      expect(response.status(), field).toBe(400);
      const html = await response.text();
      expect(html, field).toContain(escaped(`Laukas „${label}“ per ilgas: daugiausia ${max} simbolių.`));
      // Everything typed comes back (the over-long value too, to be shortened by hand rather than lost).
      for (const value of Object.values(typed)) if (value) expect(html, `${field}: ${value.slice(0, 30)}`).toContain(escaped(value));
      expect(await form.stored(), field).toEqual(before);
    }
  });
}
