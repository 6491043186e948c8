import { expect, request as http, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { isNameIndexTable } from "#app/.server/genealogy/name-index.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { storyFields } from "#tests/story-fields.ts";
import { dataUrl, fill, respelt, routeIds, routePatterns } from "./routes.ts";
import { useSite, type Site } from "./site.ts";
import { REMOVE, send, siteForWrites, WRITES, type Write } from "./writes.ts";

// Every route of app/routes.ts × every role: no session, narys, redaktorius,
// administratorius. What each role may do is written here, independently of
// the application's own access table (app/lib/access.ts): a route added
// without a line here fails the first test. Every refused request, page or
// .data, GET or POST, is answered with the login page (no session) or 403,
// and a refused POST changes nothing in the database; the writes used are
// ones that do change it when the administrator sends them.

const site = useSite();
test.describe.configure({ mode: "serial" });

type Role = "narys" | "redaktorius" | "administratorius";
type Who = "lankytojas" | Role;
type Level = "visi" | Role;

const ROUTE_IDS = routeIds();

const RANK: Record<Who | Level, number> = { lankytojas: 0, visi: 0, narys: 1, redaktorius: 2, administratorius: 3 };

interface Rule {
  /** Who may open it (GET, page and data). */
  read: Level;
  /** Who may post to it, when not the same as `read`. */
  write?: Level;
  /** A write that changes the database when an allowed role sends it (none: the route stores nothing). */
  change?: Write;
}

const RULES: Record<string, Rule> = {
  "/": { read: "visi" },
  "/istorija": { read: "visi" },
  "/istorija/:slug": { read: "visi" },
  "/medis": { read: "visi" },
  "/medis/paieska": { read: "visi" },
  "/medis/gedcom": { read: "visi" },
  "/medis/gedcom/nariams": { read: "narys" },
  "/medis/pavardes": { read: "visi" },
  "/medis/vietos": { read: "visi" },
  "/medis/sia-diena": { read: "visi" },
  "/medis/statistika": { read: "visi" },
  "/asmuo/:id": { read: "visi" },
  "/giminyste": { read: "visi" },
  "/robots.txt": { read: "visi" },
  "/sitemap.xml": { read: "visi" },
  "/sitemap/:dalis": { read: "visi" },
  "/galerija": { read: "visi" },
  "/galerija/:id": { read: "visi" },
  "/dokumentai": { read: "visi" },
  "/apie": { read: "visi" },
  "/sveciai": { read: "visi" },
  "/login": { read: "visi" },
  "/login/raktas": { read: "visi" },
  "/paskyra": { read: "narys", change: WRITES["/paskyra"] },
  "/paskyra/raktai": { read: "narys", change: WRITES["/paskyra/raktai"] },
  "/paskyra/pasiulymai": { read: "narys" },
  "/paskyra/pasiulymai/asmuo/:id": { read: "narys", change: WRITES["/paskyra/pasiulymai/asmuo/:id"] },
  "/paskyra/pasiulymai/prisiminimas": { read: "narys", change: WRITES["/paskyra/pasiulymai/prisiminimas"] },
  "/paskyra/pasiulymai/nuotrauka": { read: "narys", change: WRITES["/paskyra/pasiulymai/nuotrauka"] },
  "/kvietimas/:token": { read: "visi" },
  "/slaptazodis/:token": { read: "visi" },
  "/logout": { read: "visi" },
  "/admin": { read: "redaktorius", write: "administratorius", change: WRITES["/admin"] },
  "/admin/tekstai": { read: "redaktorius", change: WRITES["/admin/tekstai"] },
  "/admin/istorija": { read: "redaktorius", change: WRITES["/admin/istorija"] },
  "/admin/istorija/pasakojimai": { read: "redaktorius", change: WRITES["/admin/istorija/pasakojimai"] },
  "/admin/istorija/pasakojimai/:id": { read: "redaktorius", change: WRITES["/admin/istorija/pasakojimai/:id"] },
  "/admin/galerija": { read: "redaktorius", change: WRITES["/admin/galerija"] },
  "/admin/galerija/ikelti": { read: "redaktorius", change: WRITES["/admin/galerija/ikelti"] },
  "/admin/galerija/:id/originalas": { read: "redaktorius" },
  "/admin/galerija/:id/zmones": { read: "redaktorius", change: WRITES["/admin/galerija/:id/zmones"] },
  "/admin/galerija/albumai": { read: "redaktorius", change: WRITES["/admin/galerija/albumai"] },
  "/admin/galerija/albumai/:id": { read: "redaktorius", change: WRITES["/admin/galerija/albumai/:id"] },
  "/admin/dokumentai": { read: "redaktorius", change: WRITES["/admin/dokumentai"] },
  "/admin/sveciai": { read: "redaktorius", change: WRITES["/admin/sveciai"] },
  "/admin/atsargine-kopija": { read: "administratorius" },
  "/admin/pavyzdys": { read: "administratorius", change: WRITES["/admin/pavyzdys"] },
  "/admin/medis": { read: "redaktorius", write: "administratorius", change: WRITES["/admin/medis"] },
  "/admin/medis/importuoti": { read: "administratorius", change: WRITES["/admin/medis/importuoti"] },
  "/admin/medis/eksportas": { read: "redaktorius" },
  "/admin/medis/svetaines-pakeitimai": { read: "redaktorius" },
  "/admin/medis/svetaines-pakeitimai/sarasas": { read: "redaktorius" },
  "/admin/medis/asmenys": { read: "redaktorius", change: WRITES["/admin/medis/asmenys"] },
  // Editors edit people; marking one private is the administrator's.
  "/admin/medis/asmenys/:id": { read: "redaktorius", write: "administratorius", change: WRITES["/admin/medis/asmenys/:id"] },
  "/admin/nariai": { read: "administratorius", change: WRITES["/admin/nariai"] },
  "/admin/pranesimai": { read: "administratorius", change: WRITES["/admin/pranesimai"] },
  "/admin/perziura": { read: "redaktorius" },
  // The whole site's history is the administrator's; an editor may undo (and open a subject's history, ?tema=…).
  "/admin/pakeitimai": { read: "administratorius", write: "redaktorius" },
  "/nera-tokio": { read: "visi" },
};

/** Every page is also in English ('/en/…', app/i18n/locales.ts), for the same roles: the files for robots have one address. */
const ONE_ADDRESS = new Set(["/robots.txt", "/sitemap.xml", "/sitemap/:dalis"]);
const inEnglish = (pattern: string) => (pattern === "/" ? "/en" : `/en${pattern}`);
const ALL_RULES: Record<string, Rule> = {
  ...RULES,
  ...Object.fromEntries(Object.entries(RULES).flatMap(([pattern, rule]) => (ONE_ADDRESS.has(pattern) ? [] : [[inEnglish(pattern), rule]]))),
};

/**
 * The whole database, row by row as text, but for when a session was last
 * seen (touched by reading), the server's own heartbeat (written on a timer),
 * and the tree's prepared indexes and their builder's claim (rebuilt in the
 * background after any earlier change: derived, never what a request wrote;
 * the content version they follow is compared), and SQLite's name index
 * (kept by triggers from the people's rows, which are compared).
 */
const VOLATILE = new Set(["lastSeenAt", "last_seen_at", "heartbeatAt", "heartbeat_at"]);
const DERIVED_TABLES = new Set(["prepared_indexes"]);
async function snapshot(s: Site): Promise<Record<string, string[]>> {
  const db = s.db();
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !DERIVED_TABLES.has(name) && !isNameIndexTable(name))
    .sort();
  const dump: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await db
      .selectFrom(table as "settings")
      .selectAll()
      .execute()) as Record<string, unknown>[];
    dump[table] = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !VOLATILE.has(column)))).sort();
  }
  return dump;
}

/** The rows that came and went between two snapshots, by table (empty: nothing changed). */
function changes(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
): Record<string, { added: string[]; removed: string[] }> {
  const found: Record<string, { added: string[]; removed: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const added = [...is].filter((row) => !was.has(row));
    const removed = [...was].filter((row) => !is.has(row));
    if (added.length || removed.length) found[table] = { added, removed };
  }
  return found;
}

type Outcome = "login" | "forbidden" | "guard" | "allowed";

/** What the role met: the login page, a refusal, or the route itself. */
/** The guard's refusal of a body that is not a form, in each language. */
const NOT_A_FORM = (["lt", "en"] as const).map((locale) => serverT(locale)("common.refused.notAForm"));

async function outcome(response: APIResponse): Promise<Outcome> {
  const status = response.status();
  // (The login page in the request's language: '/en/login' for '/en/…'.)
  const login = new URL(response.url()).pathname.match(/^\/en(\/|\.|$)/i) ? /^\/en\/login/ : /^\/login/;
  if (status >= 300 && status < 400 && login.test(response.headers()["location"] ?? "")) return "login";
  // A data request's redirect is a 202 whose body names it, loader's or action's:
  // [["SingleFetchRedirect",1],{…},"redirect","/login",…] or [{…},"redirect","/login",…].
  if (status === 202 && response.headers()["x-remix-response"]) {
    const values = JSON.parse(await response.text()) as unknown[];
    const at = values.indexOf("redirect");
    if (at >= 0 && at <= 2 && login.test(String(values[at + 1]))) return "login";
  }
  if (status === 403) return "forbidden";
  // The request guard reads no more than a small form from someone without a session (413, or 400 for what is not a form),
  // saying so in its own words, in the address's language: a page to a browser, the sentence alone to a script (Accept: */*, as here).
  if (status === 413 || (status === 400 && NOT_A_FORM.includes(await response.text()))) return "guard";
  return "allowed";
}

/** A route's address with its parameters filled; '/admin' posts to its index route (the dashboard), as its form does. */
// (Person 2: the writes below mark person 1 private, whom a member may not write about.
// Photo 2: the gallery's write below removes photo 1.)
// (A story's page: the published story made below, so that every role's read renders it.)
const address = (pattern: string): string =>
  pattern === "/en" || pattern.startsWith("/en/")
    ? inEnglish(address(pattern.slice(3) || "/")).replace(/^\/en\/\?/, "/en?")
    : pattern === "/istorija/:slug"
      ? `/istorija/${storySlug}`
      : pattern === "/admin"
        ? "/admin?index"
        : pattern === "/admin/galerija/:id/zmones"
          ? fill(pattern, "2")
          : pattern === "/paskyra/pasiulymai/prisiminimas"
            ? `${pattern}?asmuo=2`
            : pattern === "/paskyra/pasiulymai/asmuo/:id"
              ? fill(pattern, "2")
              : fill(pattern, "1");

const refusalFor = (who: Who): Outcome => (who === "lankytojas" ? "login" : "forbidden");

const clients = new Map<Who, APIRequestContext>();

async function client(who: Who): Promise<APIRequestContext> {
  const known = clients.get(who);
  if (known) return known;
  const made = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  if (who !== "lankytojas") {
    const password = who === "administratorius" ? site().admin.password : passwords[who];
    const username = who === "administratorius" ? site().admin.username : who;
    const login = await made.post("/login", { form: { username, password }, maxRedirects: 0 });
    expect(login.status(), `${who} logs in`).toBe(302);
  }
  clients.set(who, made);
  return made;
}

const passwords = {} as Record<"narys" | "redaktorius", string>;
let storySlug = "";

test.beforeAll(async () => {
  // A tree (person 1), and one user of each role made with the operators' tool.
  Object.assign(passwords, await siteForWrites(site()));
  const story = await createStory(site().db(), storyFields({ body: "Sodyba stovėjo prie kelio. Joje gyveno [Jonas](asmuo:1)." }), null);
  storySlug = story.slug;
});

test.afterAll(async () => {
  for (const c of clients.values()) await c.dispose();
});

test("every route of app/routes.ts has its line in the table", () => {
  // (The admin layout and its index are both "/admin".)
  expect(Object.keys(ALL_RULES).sort()).toEqual([...new Set(routePatterns())].sort());
});

for (const who of ["lankytojas", "narys", "redaktorius", "administratorius"] as const) {
  test(`${who}: every route answers as the role allows, and a refused write changes nothing`, async () => {
    const c = await client(who);
    const refused: string[] = [];
    const before = await snapshot(site());
    // First everything this role may not do, with the database compared after.
    for (const [pattern, rule] of Object.entries(ALL_RULES)) {
      const url = address(pattern);
      if (RANK[who] < RANK[rule.read]) {
        // Also spelt otherwise ('/Admin/Naria%6C'), and as a data request for the route's own loader alone.
        const only = `${dataUrl(respelt(url))}${url.includes("?") ? "&" : "?"}_routes=${ROUTE_IDS.get(pattern)}`;
        for (const target of [url, dataUrl(url), respelt(url), only]) {
          expect(await outcome(await c.get(target, { maxRedirects: 0 })), `GET ${target}`).toBe(refusalFor(who));
        }
      }
      if (RANK[who] < RANK[rule.write ?? rule.read]) {
        for (const target of [url, dataUrl(url)]) {
          // A role that may open the route but not make this change (marking a person private) sends only that one.
          for (const write of RANK[who] >= RANK[rule.read] ? [rule.change] : [rule.change, REMOVE]) {
            const expected =
              who === "lankytojas" && write && "form" in write ? ["login"] : [refusalFor(who), ...(who === "lankytojas" ? ["guard"] : [])];
            expect(expected, `POST ${target} ${JSON.stringify(write ?? {}).slice(0, 60)}`).toContain(
              await outcome(await send(c, target, write)),
            );
          }
        }
        refused.push(pattern);
      }
    }
    expect(changes(before, await snapshot(site())), `after the refused writes to ${refused.join(", ")}`).toEqual({});

    // Then what it may: never the login page, never 403, never a crash. /logout last (it ends the session).
    // (A page with its parameters filled may still be a 404: the story's is rendered, for every role.)
    expect((await c.get(`/istorija/${storySlug}`)).status(), "the story's page").toBe(200);
    const allowed = Object.entries(ALL_RULES).sort(([a], [b]) => Number(/^(\/en)?\/logout$/.test(a)) - Number(/^(\/en)?\/logout$/.test(b)));
    for (const [pattern, rule] of allowed) {
      const url = address(pattern);
      if (RANK[who] >= RANK[rule.read] && !/^(\/en)?\/logout$/.test(pattern)) {
        for (const target of [url, dataUrl(url)]) {
          const response = await c.get(target, { maxRedirects: 0 });
          expect(await outcome(response), `GET ${target}`).toBe("allowed");
          expect(response.status(), `GET ${target}`).toBeLessThan(500);
        }
      }
      if (RANK[who] >= RANK[rule.write ?? rule.read]) {
        const response = await send(c, url, undefined);
        // (A refused login sends back to the login page: that is the route's own answer.)
        expect(await outcome(response), `POST ${url}`).toBe(/^(\/en)?\/login$/.test(pattern) ? "login" : "allowed");
        expect(response.status(), `POST ${url}`).toBeLessThan(500);
      }
    }
    clients.delete(who);
    await c.dispose();
  });
}

test("the writes the others were refused do change the database when the administrator sends them", async () => {
  // Proof that the refusals above were refusals: the same requests, allowed, store something.
  const admin = await client("administratorius");
  for (const [pattern, rule] of Object.entries(RULES)) {
    if (!rule.change || pattern.startsWith("/paskyra")) continue;
    const before = await snapshot(site());
    const response = await send(admin, address(pattern), rule.change);
    expect(response.status(), `POST ${pattern}: ${await response.text().then((t) => t.slice(0, 200))}`).toBeLessThan(400);
    expect(changes(before, await snapshot(site())), `POST ${pattern} stored nothing`).not.toEqual({});
  }
  // The account page's writes are each user's own: the member's, last (a new name).
  const member = await client("narys");
  for (const pattern of [
    "/paskyra/raktai",
    "/paskyra/pasiulymai/asmuo/:id",
    "/paskyra/pasiulymai/prisiminimas",
    "/paskyra/pasiulymai/nuotrauka",
    "/paskyra",
  ]) {
    const before = await snapshot(site());
    // (A passkey's challenge is handed out only with the user's password.)
    const change = pattern === "/paskyra/raktai" ? { form: { intent: "options", password: passwords.narys } } : RULES[pattern].change;
    const response = await send(member, address(pattern), change);
    expect(response.status(), `POST ${pattern}`).toBeLessThan(400);
    expect(changes(before, await snapshot(site())), `POST ${pattern} stored nothing`).not.toEqual({});
  }
});
