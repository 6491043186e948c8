import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import type { Site } from "./site.ts";

// The check every form read by the one form reader (app/.server/platform/form.ts)
// must pass, posted as a browser without JavaScript would post it: empty, and
// with each limited field one character over its limit. The page that comes
// back names the field in Lithuanian, marks it, keeps everything typed, and
// nothing is stored. Each feature's forms are a list of FormCase in a spec.

export interface FormCase {
  name: string;
  /** Where the form posts (and the page that answers). */
  action: string;
  /** A filling that passes (hidden fields such as `intent` included). */
  valid: Record<string, string>;
  /** Each limited field: its label and limit. */
  limits: Record<string, { label: string; max: number }>;
  /** What an empty post (the hidden fields only) is told, by field; none: every field may be left empty (no empty-post test). */
  empty: Record<string, string>;
  /** The hidden fields an empty post still carries (`intent`, an id). */
  hidden?: Record<string, string>;
  /** Posted as multipart/form-data, as a form with a file input is. */
  multipart?: boolean;
  /** The id of a field's input, when it is not the field's name (a page with several forms that have the same fields). */
  fieldId?: (field: string) => string;
  /** Who posts: the administrator unless given (a logged-in client whose requests name the site as their origin). */
  client?: (site: Site) => Promise<APIRequestContext>;
  /** What is stored, to check a refusal changes nothing. */
  stored(site: Site): Promise<unknown>;
  /** What the "empty" post sends when the hidden fields alone are a valid post (an empty list): a row with its required field left empty. */
  emptyPost?: Record<string, string>;
  /** Fields never sent back (passwords): the refused page must not contain what was typed in them. */
  secrets?: string[];
}

/** The administrator's client, logged in. */
export async function adminClient(site: Site): Promise<APIRequestContext> {
  const admin = await http.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
  const login = await admin.post("/login", { form: { username: site.admin.username, password: site.admin.password }, maxRedirects: 0 });
  expect(login.headers()["location"]).toBe("/admin");
  return admin;
}

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

async function post(client: APIRequestContext, form: FormCase, fields: Record<string, string>) {
  return client.post(form.action, { ...(form.multipart ? { multipart: fields } : { form: fields }), maxRedirects: 0 });
}

/** The element of a field, marked as refused (aria-invalid), by its id. */
const marked = (id: string) => new RegExp(`id="${id}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="${id}"`);

/** The two tests of each form: empty, and each limited field over its limit. */
export function formRefusalTests(site: () => Site, forms: FormCase[]) {
  for (const form of forms) {
    // (A form whose every field may be left empty has no empty refusal to check.)
    if (Object.keys(form.empty).length > 0)
      test(`${form.name}: an empty post names each required field in Lithuanian and stores nothing`, async () => {
        const client = await (form.client ?? adminClient)(site());
        const before = await form.stored(site());
        const response = await post(client, form, form.emptyPost ?? form.hidden ?? {});
        expect(response.status()).toBe(400);
        const html = await response.text();
        for (const [field, message] of Object.entries(form.empty)) {
          const id = form.fieldId?.(field) ?? field;
          expect(html, field).toContain(escaped(message));
          expect(html, field).toMatch(marked(id));
        }
        expect(await form.stored(site())).toEqual(before);
        await client.dispose();
      });

    test(`${form.name}: a field over its limit is refused with the limit named, the rest kept as typed, nothing stored`, async () => {
      const client = await (form.client ?? adminClient)(site());
      for (const [field, { label, max }] of Object.entries(form.limits)) {
        const before = await form.stored(site());
        const typed = { ...form.valid, [field]: "ą".repeat(max + 1) };
        const response = await post(client, form, typed);
        expect(response.status(), field).toBe(400);
        const html = await response.text();
        const id = form.fieldId?.(field) ?? field;
        expect(html, field).toContain(escaped(`Laukas „${label}“ per ilgas: daugiausia ${max} simbolių.`));
        expect(html, field).toMatch(marked(id));
        // Everything typed comes back (the over-long value too, to be shortened by hand rather than lost); a password never.
        for (const [name, value] of Object.entries(typed)) {
          if (!value || name === "intent" || form.hidden?.[name]) continue;
          if (form.secrets?.includes(name)) expect(html, `${field}: ${name}`).not.toContain(escaped(value));
          else expect(html, `${field}: ${name}`).toContain(escaped(value));
        }
        expect(await form.stored(site()), field).toEqual(before);
      }
      await client.dispose();
    });
  }
}
