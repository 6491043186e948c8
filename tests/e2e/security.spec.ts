import fs from "node:fs";
import path from "node:path";
import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { dataUrl, fill, routePatterns } from "./routes.ts";
import { hydrated, logIn, logInAsAdmin, toasts, useSite, type Site } from "./site.ts";

// What an outside review found and this suite keeps fixed: writes from other
// origins, bodies that exhaust memory, and a stranger locking the
// administrator out.

const site = useSite();
test.describe.configure({ mode: "serial" });

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));
const GEDCOM = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/gedcom-corpus/samples/bach.ged"));

/** What a write would change: table sizes, the history, the site settings, the content version. */
async function fingerprint(s: Site) {
  const db = s.db();
  const count = async (table: "galleryItems" | "documents" | "guestbookEntries" | "genealogyTrees" | "historyRevisions" | "sessions") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const settings = await db.selectFrom("settings").select(["key", "value"]).where("key", "not like", "secret_%").orderBy("key").execute();
  return {
    gallery: await count("galleryItems"),
    documents: await count("documents"),
    guestbook: await count("guestbookEntries"),
    trees: await count("genealogyTrees"),
    history: await count("historyRevisions"),
    sessions: await count("sessions"),
    settings,
  };
}

/** An API client logged in as the administrator (its requests name this site as their origin). */
async function adminClient(s: Site): Promise<APIRequestContext> {
  const client = await http.newContext({ baseURL: s.url, extraHTTPHeaders: { Origin: s.url } });
  const login = await client.post("/login", { form: { username: s.admin.username, password: s.admin.password }, maxRedirects: 0 });
  expect(login.headers()["location"]).toBe("/admin");
  return client;
}

test("a write from another origin, or with only a foreign Referer, or with neither, is refused on every route", async () => {
  const client = await adminClient(site());
  const foreign = "http://127.0.0.1:1"; // another port of the same host: another origin
  const before = await fingerprint(site());
  // (Each route at its Lithuanian address: the English one runs the same route and the same guard.)
  const paths = routePatterns()
    .filter((p) => !/^\/en(\/|$)/.test(p))
    .map((p) => fill(p, "1"));
  expect(paths).toEqual(expect.arrayContaining(["/", "/sveciai", "/logout", "/admin/galerija/ikelti", "/admin/medis/importuoti"]));
  // The client's storage (its session cookie), without the Origin header it adds to every request.
  const bare = await http.newContext({ baseURL: site().url, storageState: await client.storageState() });
  const form = { intent: "add", title: "Svetima", description: "Iš kitos svetainės", familyName: "Svetimi", contactEmail: "x@example.com" };
  for (const p of [...paths, ...paths.map(dataUrl)]) {
    const attempts = [
      await client.post(p, { headers: { Origin: foreign }, form, maxRedirects: 0 }),
      await client.post(p, { headers: { Origin: "null" }, form, maxRedirects: 0 }),
      await bare.post(p, { headers: { Referer: `${foreign}/puslapis` }, form, maxRedirects: 0 }),
      // With neither header, a request carrying a session cookie is refused too.
      await bare.post(p, { form, maxRedirects: 0 }),
    ];
    expect(
      attempts.map((r) => r.status()),
      p,
    ).toEqual([403, 403, 403, 403]);
  }

  // The requests the review made through a logged-in browser: a photo published, a tree imported, a logout.
  const photo = await client.post("/admin/galerija/ikelti", {
    headers: { Origin: foreign },
    multipart: { title: "Svetima", description: "x", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  });
  expect(photo.status()).toBe(403);
  const tree = await client.post("/admin/medis/importuoti?failas=bach.ged", {
    headers: { Origin: foreign, "Content-Type": "text/plain" },
    data: GEDCOM,
  });
  expect(tree.status()).toBe(403);
  expect(await fingerprint(site())).toEqual(before);

  // The same requests from the site itself go through: the check refuses only what it must.
  const own = await client.post("/admin/galerija/ikelti", {
    multipart: { title: "Sava", description: "Iš šios svetainės", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
  });
  expect(own.status()).toBe(201);
  expect((await client.post("/logout", { maxRedirects: 0 })).headers()["location"]).toBe("/");
  await bare.dispose();
  await client.dispose();
});

test("bodies are bounded while they are read: 413 with a Lithuanian message, nothing stored", async () => {
  const client = await http.newContext({ baseURL: site().url });
  const before = await fingerprint(site());
  const big = "x".repeat(200 * 1024);
  for (const p of ["/sveciai", "/login"]) {
    const response = await client.post(p, {
      form: { name: big, message: "Sveiki", username: big, password: "x" },
      headers: { Accept: "text/html" },
    });
    expect(response.status(), p).toBe(413);
    expect(await response.text()).toContain("Užklausa per didelė: daugiausia 64 KB.");
  }
  // A session cookie that names no session raises nothing (an attack sent 'sesija=x' for 1 MB); in English at an English address.
  const crafted = await client.post("/en/sveciai", {
    form: { name: big, message: "Sveiki" },
    headers: { Accept: "text/html", Cookie: "sesija=x", Origin: site().url },
  });
  expect(crafted.status()).toBe(413);
  const page = await crafted.text();
  expect(page).toContain('<html lang="en">');
  expect(page).toContain("The request is too large: 64 KB at most.");
  // Under the body limit, a field over its own limit is not stored at its length.
  const name = "vardas".repeat(8_000);
  await client.post("/login", { form: { username: name, password: "x" }, maxRedirects: 0 });
  const stored = await site().db().selectFrom("failedLogins").select("username").execute();
  expect(Math.max(...stored.map((r) => r.username.length))).toBeLessThanOrEqual(101);
  await site().db().deleteFrom("failedLogins").execute();
  const { sessions: _, ...rest } = await fingerprint(site());
  const { sessions: __, ...restBefore } = before;
  expect(rest).toEqual(restBefore);
  await client.dispose();
});

test("a guestbook message over the body limit sent from the page says so in the page's own words, no HTML inside them", async ({
  page,
}) => {
  await page.goto(`${site().url}/sveciai`);
  await hydrated(page);
  await page.locator('input[name="name"]').fill("Ona");
  // Past the field's own limit as a script (or an old browser) could send it.
  await page.locator('textarea[name="message"]').evaluate((box) => {
    (box as HTMLTextAreaElement).removeAttribute("maxlength");
    (box as HTMLTextAreaElement).value = "ą".repeat(40 * 1024);
  });
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(page.getByRole("main")).toContainText("Užklausa per didelė: daugiausia 64 KB. Patikrinkite adresą");
  await expect(page.getByRole("main")).not.toContainText("<");
  await expect(page.getByRole("main")).not.toContainText("..");
});

/** The server's resident memory (VmRSS) or its peak since the last reset (VmHWM), in megabytes. */
function megabytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

test("six anonymous 100 MB posts at once leave the server's memory under 350 MB", async () => {
  test.setTimeout(180_000);
  const body = Buffer.alloc(100 * 1024 * 1024, "a");
  const send = async (p: string) => {
    const response = await fetch(`${site().url}${p}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  // The peak counts from now (writing 5 to clear_refs resets it), not from the photos processed earlier.
  fs.writeFileSync(`/proc/${site().pid}/clear_refs`, "5");
  const before = megabytes(site().pid, "VmRSS");
  const statuses = await Promise.all(["/sveciai", "/login", "/sveciai", "/login", "/sveciai", "/admin/galerija"].map(send));
  expect(statuses).toEqual([413, 413, 413, 413, 413, 413]);
  const peak = megabytes(site().pid, "VmHWM");
  console.log(`server memory: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while refusing six 100 MB posts`);
  expect(peak).toBeLessThan(350);
  expect(peak - before).toBeLessThan(50);
  // And it still answers.
  expect((await fetch(`${site().url}/`)).status).toBe(200);
});

test("a stranger's wrong passwords do not lock the administrator's own browser out", async ({ browser }) => {
  // The administrator's browser has logged in before.
  const own = await browser.newContext();
  const ownPage = await own.newPage();
  await logInAsAdmin(ownPage, site());
  await ownPage.getByRole("button", { name: "Atsijungti" }).click();
  await expect(ownPage).toHaveURL(`${site().url}/`);

  // A stranger guesses from another browser until refused.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  for (let i = 1; i <= 5; i++) {
    await logIn(strangerPage, site(), `spėjimas-${i}`);
    await expect(toasts(strangerPage).getByText("Neteisingas vartotojo vardas arba slaptažodis").last()).toBeVisible();
  }
  await logIn(strangerPage, site());
  await expect(toasts(strangerPage).getByText("Per daug nesėkmingų bandymų prisijungti")).toBeVisible();

  // Guessing stays slow for the stranger, but the administrator's browser logs in.
  await logInAsAdmin(ownPage, site());
  await expect(toasts(ownPage).getByText("Sėkmingai prisijungėte!")).toBeVisible();
  await own.close();
  await stranger.close();
  await site().db().deleteFrom("failedLogins").execute();
});

test("HEAD on a download makes nothing and leaves nothing open", async () => {
  const client = await adminClient(site());
  const temporary = () =>
    fs.readdirSync(site().tmpDir).filter((name) => name.startsWith("seima-kopija-") || name.startsWith("seima-gedcom-"));
  const openFiles = () => fs.readdirSync(`/proc/${site().pid}/fd`).length;
  const before = { temporary: temporary(), open: openFiles() };
  for (let i = 0; i < 5; i++) {
    const response = await client.head("/admin/atsargine-kopija");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toContain(".tar.gz");
    expect((await client.head("/admin/medis/eksportas?versija=5.5.1", { maxRedirects: 0 })).status()).toBeLessThan(500);
  }
  expect(temporary()).toEqual(before.temporary);
  expect(openFiles()).toBeLessThanOrEqual(before.open + 2);
  // A real download still works, and its temporary copy is gone once it is sent.
  const backup = await client.get("/admin/atsargine-kopija");
  expect(backup.status()).toBe(200);
  expect((await backup.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await expect.poll(temporary).toEqual(before.temporary);
  await client.dispose();
});
