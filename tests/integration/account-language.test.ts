import { afterEach, beforeEach, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { createInvitation, acceptInvitation } from "#app/.server/accounts/account-links.ts";
import { createUser } from "#app/.server/accounts/users.ts";
import { requestInfoContext, servicesContext, setCurrentUser, setRequestLocale, type Services } from "#app/.server/platform/context.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Role } from "#app/lib/roles.ts";
import { action as accountAction } from "#app/routes/account/account.tsx";
import { action as loginAction } from "#app/routes/auth/login.tsx";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// A member's language (issue 30): chosen on the account page (/paskyra,
// /en/paskyra), kept on the account, the language they land in after logging
// in; an invitation accepted on an English page makes an English account.
// The routes' actions are called as the language middleware runs them.

let t: TestDatabase;
let services: Services;

beforeEach(async () => {
  t = await createTestDatabase();
  services = { db: t.db, media: t.media, config: { mail: undefined } as unknown as Config, imports: undefined as never };
});
afterEach(() => t.close());

/** A request's context, as the server and the root's middleware set it. */
function context(locale: Locale, user: { id: number; username: string; role: Role } | null) {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, services);
  provider.set(requestInfoContext, { nonce: "", holdScripts: false, clientAddress: "127.0.0.1", secure: false });
  setCurrentUser(provider, user);
  setRequestLocale(provider, locale);
  return provider;
}

/** A form posted to a page in a language, answered as the language middleware answers it. */
async function post<R>(
  locale: Locale,
  path: string,
  user: { id: number; username: string; role: Role } | null,
  fields: Record<string, string>,
  action: (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<R>,
): Promise<R> {
  const request = new Request(`http://localhost${locale === "en" ? "/en" : ""}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return inRequestLanguage(locale, () => action({ request, context: context(locale, user), params: {} }));
}

const language = async (id: number) =>
  (await t.db.selectFrom("users").select("language").where("id", "=", id).executeTakeFirstOrThrow()).language;

/** What a refused form's answer carries (React Router's data()). */
function refused(answer: unknown): { status: number; errors: Record<string, string> } {
  const { init, data } = answer as { init: { status: number }; data: { errors: Record<string, string> } };
  return { status: init.status, errors: data.errors };
}

test("the account page keeps the language chosen; one not offered is refused in the page's language and changes nothing", async () => {
  const ona = await createUser(t.db, "ona", "slaptazodis-1", "narys");
  const account = accountAction as never;
  expect(await language(ona.id)).toBe("lt");

  // English, chosen on the English page: kept, with the usual toast on the way back.
  const saved = (await post("en", "/paskyra", ona, { intent: "notices", email: "", language: "en" }, account)) as Response;
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe("/paskyra");
  expect(saved.headers.get("Set-Cookie")).toContain("pranesimas=");
  expect(await language(ona.id)).toBe("en");

  // A language the site does not offer: refused beside the field, in the page's language; nothing saved.
  const english = refused(await post("en", "/paskyra", ona, { intent: "notices", email: "ona@example.lt", language: "de" }, account));
  expect(english).toEqual({ status: 400, errors: { language: "Choose a language from the list." } });
  const lithuanian = refused(await post("lt", "/paskyra", ona, { intent: "notices", email: "ona@example.lt", language: "xx" }, account));
  expect(lithuanian).toEqual({ status: 400, errors: { language: "Pasirinkite kalbą iš sąrašo." } });
  const row = await t.db.selectFrom("users").select(["language", "email"]).where("id", "=", ona.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ language: "en", email: null });

  // Back to Lithuanian from the Lithuanian page.
  await post("lt", "/paskyra", ona, { intent: "notices", email: "", language: "lt" }, account);
  expect(await language(ona.id)).toBe("lt");
});

test("after logging in, a member who chose English lands on the English pages; one who did not, where they logged in", async () => {
  const ona = await createUser(t.db, "ona", "slaptazodis-1", "narys");
  const jonas = await createUser(t.db, "jonas", "slaptazodis-2", "redaktorius");
  await t.db.updateTable("users").set({ language: "en" }).where("id", "=", ona.id).execute();
  const login = loginAction as never;
  const landing = async (locale: Locale, username: string, password: string) =>
    ((await post(locale, "/login", null, { username, password }, login)) as Response).headers.get("Location");
  expect(await landing("lt", "ona", "slaptazodis-1")).toBe("/en");
  expect(await landing("en", "ona", "slaptazodis-1")).toBe("/en");
  expect(await landing("lt", "jonas", "slaptazodis-2")).toBe("/admin");
  // (On an English page the language middleware puts the bare address in English.)
  expect(await landing("en", "jonas", "slaptazodis-2")).toBe("/admin");
  expect(jonas.role).toBe("redaktorius");
});

test("an invitation accepted on an English page makes an English account; on a Lithuanian page, a Lithuanian one", async () => {
  const admin = await createUser(t.db, "admin", "slaptazodis-0", "administratorius");
  const invite = () => createInvitation(t.db, { role: "narys", personId: null, email: null, createdBy: admin.id });
  const english = await acceptInvitation(t.db, await invite(), { username: "mary", next: "slaptazodis-3" }, "en");
  const lithuanian = await acceptInvitation(t.db, await invite(), { username: "marija", next: "slaptazodis-4" });
  if (!english.ok || !lithuanian.ok) throw new Error("not accepted");
  expect(await language(english.value.id)).toBe("en");
  expect(await language(lithuanian.value.id)).toBe("lt");
});
