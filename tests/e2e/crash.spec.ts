import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { expect, request as http, test } from "@playwright/test";
import { SERVER_START_LIMIT_MS, startSite, type Site } from "./site.ts";

// The server is killed with SIGKILL in the middle of a stream of edits and
// uploads. After a restart the database is intact, every edit the client was
// told about is there, and no file or row is left half made.

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));

let first: Site;
let second: Site | undefined;
test.afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

test("SIGKILL during edits and uploads loses nothing acknowledged and leaves nothing half made", async () => {
  test.setTimeout(120_000 + 2 * SERVER_START_LIMIT_MS);
  first = await startSite();
  // A client as a browser is: its writes name the site they come from.
  const client = await http.newContext({ baseURL: first.url, extraHTTPHeaders: { Origin: first.url } });
  const login = await client.post("/login", { form: { username: first.admin.username, password: first.admin.password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);

  const acknowledgedEdits: string[] = [];
  const acknowledgedUploads: string[] = [];
  let running = true;
  const edits = (async () => {
    for (let n = 0; running; n++) {
      const title = `Leidimas ${n}`;
      const response = await client
        .post("/admin/istorija", {
          form: { title, intro: "į", paragraph1: "p", periodTitle: "t", periodText: "x", periodText2: "y" },
          maxRedirects: 0,
        })
        .catch(() => null);
      if (response?.status() === 302 && response.headers()["location"] === "/admin/istorija") acknowledgedEdits.push(title);
    }
  })();
  const uploads = (async () => {
    for (let n = 0; running; n++) {
      const title = `Nuotrauka ${n}`;
      const response = await client
        .post("/admin/galerija/ikelti", {
          multipart: { title, description: "Įkelta prieš gedimą", image: { name: "sodyba.jpg", mimeType: "image/jpeg", buffer: PHOTO } },
        })
        .catch(() => null);
      if (response?.status() === 201) acknowledgedUploads.push(title);
    }
  })();

  // Let the stream run, then pull the plug while requests are in flight.
  await expect.poll(() => acknowledgedUploads.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await first.kill();
  running = false;
  await Promise.all([edits, uploads]);
  await client.dispose();
  expect(acknowledgedEdits.length).toBeGreaterThan(0);

  second = await startSite(
    { ADMIN_USERNAME: first.admin.username, ADMIN_PASSWORD: first.admin.password },
    { dataDir: first.dataDir, database: first.database },
  );
  const db = second.db();

  if (first.database.kind === "sqlite") {
    const sqlite = new SqliteDatabase(first.database.file, { readonly: true });
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    sqlite.close();
  }

  const titles = new Set((await db.selectFrom("historyRevisions").select("title").execute()).map((r) => r.title));
  expect(acknowledgedEdits.filter((t) => !titles.has(t))).toEqual([]);
  const gallery = await db.selectFrom("galleryItems").select(["title", "mediaId"]).execute();
  const galleryTitles = new Set(gallery.map((g) => g.title));
  expect(acknowledgedUploads.filter((t) => !galleryTitles.has(t))).toEqual([]);

  // Rows and files agree: every picture row has its files, every file its row.
  const media = await db.selectFrom("media").select(["id", "originalExtension", "zoom"]).execute();
  const mediaIds = new Set(media.map((m) => m.id));
  expect(new Set(gallery.flatMap((g) => (g.mediaId ? [g.mediaId] : [])))).toEqual(mediaIds);
  const root = path.join(first.dataDir, "media");
  for (const m of media) {
    expect(fs.existsSync(path.join(root, "originals", `${m.id}.${m.originalExtension}`))).toBe(true);
    // (And the deep-zoom renditions the row lists, written with the others.)
    const zoom = (JSON.parse(m.zoom ?? "[]") as number[]).map((width) => `zoom-${width}.jpg`);
    expect(fs.readdirSync(path.join(root, "public", m.id)).sort()).toEqual(
      ["display.jpg", "w400.jpg", "w400.webp", "w800.jpg", "w800.webp", ...zoom].sort(),
    );
  }
  expect(fs.readdirSync(path.join(root, "public")).filter((id) => !mediaIds.has(id))).toEqual([]);
  expect(fs.readdirSync(path.join(root, "originals")).filter((f) => !mediaIds.has(f.replace(/\.[^.]*$/, "")))).toEqual([]);
  expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);

  // And the site works: the newest acknowledged edit is what visitors read.
  const visitor = await http.newContext({ baseURL: second.url });
  const page = await visitor.get("/galerija");
  expect(page.status()).toBe(200);
  await visitor.dispose();
});
