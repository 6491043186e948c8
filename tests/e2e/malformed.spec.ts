import { expect, request as http, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { dataUrl, fill, routePatterns } from "./routes.ts";
import { useSite } from "./site.ts";

// Malformed input to every route of app/routes.ts, as a visitor and as the
// administrator: the answer may be a refusal (4xx) but never a server error.
// On PostgreSQL too, whose integer columns refuse what SQLite would take.

const site = useSite();
// Each sweep is a test of its own, run beside the others on a server of each
// worker's own (useSite starts one per worker): in one test, the
// administrator's sweep was the PostgreSQL run's longest file.
test.describe.configure({ mode: "parallel" });

const BAD_IDS = ["1e18", "-1", "1.5", "99999999999", "%c0", "0x10", "abc"];
const BAD_QUERY = [
  "puslapis=1e18",
  "asmuo=99999999999",
  "nuotrauka=%c0",
  "kryptis=%c0",
  "q=%ff%fe",
  "paieska=" + "%C5%A0".repeat(2000),
  "redaguoti=1e18",
  "importas=-1",
  "tipas=%00",
  "rikiuoti=%c0",
  "tvarka=x",
  "versija=9",
  "gedzip=%c0",
  "failas=%c0",
  "a=1e18",
  "b=%c0",
  "pavarde=%c0%00",
  "vieta=1e18",
  "diena=%c0",
].join("&");
const FIELDS = [
  "id", "eventId", "partnerId", "familyId", "personId", "treeId", "revisionId", "order", "gallery", "document", "livingYears",
  "confirmed", "direction", "tag", "date", "place", "value", "givenNames", "surname", "birthSurname", "sex", "note", "title",
  "description", "person", "year", "type", "name", "message", "zenklas", "username", "password", "familyName", "contactEmail",
  "removeScan", "parent1", "parent2", "partner", "child",
]; // prettier-ignore
const INTENTS = [
  "add", "update", "remove", "restore", "approve", "hide", "details", "event", "removeEvent", "parents", "partner", "child",
  "unlinkChild", "unlinkPartner", "links", "move", "saveOrder", "activate", "discard", "import", "privacy", "nezinomas",
]; // prettier-ignore

/**
 * Requests with malformed bodies, for one address: broken bodies of every
 * kind, then (`forms`) every intent with its fields set to bad values.
 */
function malformedPosts(client: APIRequestContext, path: string, { forms = true } = {}): Promise<APIResponse>[] {
  const boundary = "----sugadinta";
  const post = (headers: Record<string, string>, data: string | Buffer) => client.post(path, { headers, data, maxRedirects: 0 });
  const form = (values: Record<string, string>) => client.post(path, { form: values, maxRedirects: 0 });
  const two = (field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\nyy\r\n--${boundary}--\r\n`;
  return [
    post(
      { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd`,
    ),
    post({ "Content-Type": "multipart/form-data" }, "be ribos"),
    post({ "Content-Type": `multipart/form-data; boundary=${boundary}` }, two("image")),
    post({ "Content-Type": `multipart/form-data; boundary=${boundary}` }, two("scan")),
    post({ "Content-Type": `multipart/form-data; boundary=${boundary}` }, two("gedcom")),
    post({ "Content-Type": "application/json" }, '{"intent":'),
    post({ "Content-Type": "text/plain" }, ""),
    post({}, Buffer.alloc(0)),
    post({ "Content-Type": "application/x-www-form-urlencoded" }, "%c0=%ff&intent=%&id=%zz"),
    ...(forms
      ? INTENTS.flatMap((intent) => BAD_IDS.slice(0, 3).map((bad) => form({ intent, ...Object.fromEntries(FIELDS.map((f) => [f, bad])) })))
      : []),
  ];
}

async function check(responses: Promise<APIResponse>[], label: string, failures: string[]) {
  for (const [i, response] of (await Promise.all(responses)).entries()) {
    if (response.status() >= 500) failures.push(`${label} #${i}: ${response.status()} ${(await response.text()).slice(0, 200)}`);
  }
}

/** The malformed requests to each route of `patterns`, then to a few odd addresses; returns what failed. */
async function sweep(client: APIRequestContext, who: string, patterns: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const pattern of patterns) {
    for (const [index, value] of (pattern.includes(":") ? BAD_IDS : ["-"]).entries()) {
      const path = fill(pattern, value);
      for (const address of [path, `${path}?${BAD_QUERY}`, dataUrl(`${path}?${BAD_QUERY}`)]) {
        await check(
          [client.get(address, { maxRedirects: 0 }), client.head(address, { maxRedirects: 0 })],
          `${who} GET ${address}`,
          failures,
        );
      }
      // Logging out is the last thing the administrator's sweep does.
      if (pattern !== "/logout") {
        // A route without an action answers a POST 405 before its body is read:
        // the broken bodies still go to it, but the intents' fields reach no code.
        // The intents go with the first bad value of the address only: parseId
        // (lib/numbers.ts) reads each of the seven as no id at all, and a token
        // or a slug as one that does not exist, so under the other six the
        // fields met the same code (462 requests a route, most of this file's
        // minutes, on both databases). The broken bodies go with all seven.
        const noAction = (await client.post(path, { form: { intent: "add" }, maxRedirects: 0 })).status() === 405;
        await check(malformedPosts(client, path, { forms: !noAction && index === 0 }), `${who} POST ${path}`, failures);
      }
    }
  }
  for (const path of ["/%c0%af", "/asmuo/%c0", "/media/%00", "/media/%2e%2e/%2e%2e/database.sqlite", "/assets/%c0", "/%ff.data"]) {
    await check([client.get(path, { maxRedirects: 0 })], `${who} GET ${path}`, failures);
  }
  return failures;
}

/** The administrator's API client, logged in (its requests name the site as their origin). */
async function adminClient(): Promise<APIRequestContext> {
  // Another test's sweep may have sent wrong logins from this address: the throttle would rightly refuse.
  await site().db().deleteFrom("failedLogins").execute();
  const admin = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const login = await admin.post("/login", { form: { username: site().admin.username, password: site().admin.password }, maxRedirects: 0 });
  expect(login.headers()["location"]).toBe("/admin");
  return admin;
}

const isAdministration = (pattern: string) => pattern.startsWith("/admin");
/**
 * Every route once, at its Lithuanian address: an English address ('/en/…')
 * runs the same route and the same code (roles.spec.ts sends every English
 * address too, its writes and its refusals), so sweeping both only doubles the time.
 */
const bareRoutes = () => routePatterns().filter((pattern) => !/^\/en(\/|$)/.test(pattern));

test("a visitor's malformed requests to every route get no server error", async () => {
  test.setTimeout(300_000);
  const visitor = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const failures = await sweep(visitor, "visitor", bareRoutes());
  expect(failures, failures.join("\n")).toEqual([]);
  await visitor.dispose();
});

// The administrator's sweep in two halves, each beside the other (its own server).
test("the administrator's malformed requests to the administration's routes get no server error", async () => {
  test.setTimeout(300_000);
  const admin = await adminClient();
  const failures = await sweep(admin, "admin", bareRoutes().filter(isAdministration));
  // Still logged in: no malformed request ended the session.
  expect((await admin.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
  expect(failures, failures.join("\n")).toEqual([]);
  await admin.dispose();
});

test("the administrator's malformed requests to every other route get no server error", async () => {
  test.setTimeout(300_000);
  const admin = await adminClient();
  const failures = await sweep(
    admin,
    "admin",
    bareRoutes().filter((pattern) => !isAdministration(pattern)),
  );
  // Still logged in (no malformed request ended the session), and then out.
  expect((await admin.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
  await check(malformedPosts(admin, "/logout"), "admin POST /logout", failures);
  expect(failures, failures.join("\n")).toEqual([]);
  await admin.dispose();
});

test("upload routes say what is wrong: two files, a broken form, an empty file", async () => {
  const admin = await adminClient();
  const boundary = "----du";
  const part = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n`;
  const two = await admin.post("/admin/galerija/ikelti", {
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: `${part("a.jpg")}${part("b.jpg")}--${boundary}--\r\n`,
  });
  expect(two.status()).toBe(400);
  expect((await two.json()).toast.title).toBe("Vienu kartu galima įkelti tik vieną failą.");
  const broken = await admin.post("/admin/galerija/ikelti", {
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nnebaigta`,
  });
  expect(broken.status()).toBe(400);
  expect((await broken.json()).toast.title).toBe("Failo gauti nepavyko: užklausa sugadinta. Bandykite dar kartą.");
  const trees = await site().db().selectFrom("genealogyTrees").select("id").execute();
  const empty = await admin.post("/admin/medis/importuoti?failas=tuscias.ged", { headers: { "Content-Type": "text/plain" }, data: "" });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).message).toBe("Failas tuščias. Pasirinkite failą su turiniu.");
  expect(await site().db().selectFrom("genealogyTrees").select("id").execute()).toEqual(trees);
  await admin.dispose();
});
