import fs from "node:fs";
import path from "node:path";
import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { monthDayParam } from "#app/.server/genealogy/on-this-day.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { addUser, useSite, withoutRandomNames } from "./site.ts";

// A leak sweep: every public response (pages, their .data, the sitemap, the
// exports, searches, media) for a site with living people, a private person,
// GEDCOM's own marks (RESN privacy and confidential, on people and on facts)
// and things marked "tik giminei". A visitor receives none of their names; a
// member receives the living, the privacy-marked and the family's things but
// not the private or confidential; an editor receives those too, which shows
// the crawl reaches where the secrets would be. Pages are kept per audience
// (server/render-cache.ts): the editor crawls first, then the member, then the
// visitor, each reading its kept pages again, so a page kept for one audience
// that reached another would be found.

const site = useSite();
test.describe.configure({ mode: "serial" });

const YEAR = new Date().getUTCFullYear();
// Jurgis and Morta long dead; their daughter Gintarė alive; Pranciška dead, but marked private.
const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jurgis /Viešasis/
1 SEX M
1 BIRT
2 DATE 1880
1 DEAT
2 DATE 1950
1 RESI
2 PLAC Ukmergė
2 RESN privacy
1 OCCU Kontrabandininkas
2 RESN confidential
1 FAMS @F1@
0 @I2@ INDI
1 NAME Morta /Viešoji/
1 SEX F
1 BIRT
2 DATE 1885
1 DEAT
2 DATE 1960
1 FAMS @F1@
0 @I3@ INDI
1 NAME Gintarė /Gyvoji/
1 SEX F
1 BIRT
2 DATE 3 MAR ${YEAR - 50}
2 PLAC Anykščiai
1 FAMC @F1@
0 @I4@ INDI
1 NAME Pranciška /Slaptoji/
1 SEX F
1 BIRT
2 DATE 1910
2 PLAC Zarasai
1 DEAT
2 DATE 1990
1 FAMC @F1@
0 @I5@ INDI
1 NAME Kazimieras /Resnas/
1 SEX M
1 RESN privacy
1 BIRT
2 DATE 1850
2 PLAC Rokiškis
1 DEAT
2 DATE 1920
0 @I6@ INDI
1 NAME Teklė /Konfidenciali/
1 SEX F
1 RESN confidential
1 BIRT
2 DATE 1852
2 PLAC Biržai
1 DEAT
2 DATE 1921
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 CHIL @I4@
0 TRLR
`;

const LIVING = ["Gintarė", "Gyvoji", "Anykščiai"];
const PRIVATE = ["Pranciška", "Slaptoji", "Zarasai"];
// GEDCOM's marks: privacy (Kazimieras, Jurgis's residence) is not for visitors; confidential (Teklė, Jurgis's occupation) for editors only.
const PRIVACY = ["Kazimieras", "Resnas", "Rokiškis", "Ukmergė"];
const CONFIDENTIAL = ["Teklė", "Konfidenciali", "Biržai", "Kontrabandininkas"];
const FAMILY_ONLY = [
  "Vestuvės tik giminei",
  "Nuotrauka, kurią mato tik giminė",
  "Testamentas giminei",
  "Ona Dokumentinė",
  "Laikotarpis giminei",
  "Tekstas tik giminei",
  "Pasakojimas tik giminei",
  "Giminės paslaptis",
];

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));

let mediaId = "";
const passwords = {} as Record<"narys" | "redaktorius", string>;

test.beforeAll(async () => {
  const file = path.join(site().dataDir, "viesieji.ged");
  fs.writeFileSync(file, FAMILY);
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  const { treeId } = await importFile(site().db(), store, file, { sourceName: "viesieji.ged" });
  const people = await site().db().selectFrom("genealogyPeople").select(["id", "xref"]).execute();
  const ids = Object.fromEntries(people.map((p) => [p.xref!.replaceAll("@", ""), p.id]));

  // What the administrator marks, as the administrator does: through the site.
  const admin = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const ok = async (response: Promise<import("@playwright/test").APIResponse>) => expect((await response).status()).toBeLessThan(400);
  await ok(admin.post("/login", { form: { username: site().admin.username, password: site().admin.password }, maxRedirects: 0 }));
  await ok(admin.post(`/admin/medis/asmenys/${ids.I4}`, { form: { intent: "private", restriction: "confidential" }, maxRedirects: 0 }));
  await ok(
    admin.post("/admin/galerija/ikelti", {
      multipart: {
        title: FAMILY_ONLY[0],
        description: FAMILY_ONLY[1],
        membersOnly: "1",
        image: { name: "vestuves.jpg", mimeType: "image/jpeg", buffer: PHOTO },
      },
    }),
  );
  await ok(
    admin.post("/admin/dokumentai", {
      multipart: { intent: "add", title: FAMILY_ONLY[2], person: FAMILY_ONLY[3], year: "1935", type: "Testamentas", membersOnly: "1" },
      maxRedirects: 0,
    }),
  );
  await ok(
    admin.post("/admin/istorija", {
      form: {
        title: "Mūsų giminės istorija",
        intro: "Įžanga visiems.",
        paragraph1: "",
        periodTitle: FAMILY_ONLY[4],
        periodText: FAMILY_ONLY[5],
        periodText2: "",
        periodMembersOnly: "1",
      },
      maxRedirects: 0,
    }),
  );
  // Stories (issue 19): a public one naming the living and the private person and placing the family-only
  // photo (found below by its title), and one for the family only.
  const familyPhoto = await site()
    .db()
    .selectFrom("galleryItems")
    .select("id")
    .where("title", "=", FAMILY_ONLY[0])
    .executeTakeFirstOrThrow();
  const stories: Record<string, string>[] = [
    {
      title: "Viešas pasakojimas",
      body: `Vaikai: [Gintarė Gyvoji iš Anykščių](asmuo:${ids.I3}) ir [Pranciška Slaptoji](asmuo:${ids.I4}).\n\n![${FAMILY_ONLY[1]}](nuotrauka:${familyPhoto.id})`,
      coverPhotoId: String(familyPhoto.id),
      published: "1",
    },
    { title: FAMILY_ONLY[6], lead: FAMILY_ONLY[7], body: FAMILY_ONLY[7], membersOnly: "1", published: "1" },
  ];
  for (const [index, story] of stories.entries()) {
    await ok(admin.post("/admin/istorija/pasakojimai", { form: { intent: "create", title: story.title }, maxRedirects: 0 }));
    await ok(admin.post(`/admin/istorija/pasakojimai/${index + 1}`, { form: story, maxRedirects: 0 }));
  }
  await admin.dispose();
  const photo = await site()
    .db()
    .selectFrom("galleryItems")
    .select(["id", "mediaId"])
    .where("title", "=", FAMILY_ONLY[0])
    .executeTakeFirstOrThrow();
  const doc = await site().db().selectFrom("documents").select("id").where("title", "=", FAMILY_ONLY[2]).executeTakeFirstOrThrow();
  mediaId = photo.mediaId!;
  // The family-only photo and document linked to a dead person, whose page is public.
  await site()
    .db()
    .insertInto("photoPeople")
    .values([
      { treeId, personId: ids.I1, galleryItemId: photo.id, name: "", position: 1 },
      { treeId, personId: ids.I4, galleryItemId: photo.id, name: "", position: 2 },
    ])
    .execute();
  await site().db().insertInto("documentPeople").values({ treeId, personId: ids.I1, documentId: doc.id }).execute();
  passwords.narys = addUser(site(), "narys", "narys");
  passwords.redaktorius = addUser(site(), "redaktorius", "redaktorius");
});

// (In either language: every page links to itself in English, so the crawl reads '/en/…' too.)
const SKIP = /^(\/en)?\/(admin|logout|paskyra|login\/raktas)|^\/(assets|fonts)\//;
// "Šią dieną" links each day to the next: followed, the crawl read all 366 days,
// page and data, in both languages (three quarters of its responses, minutes
// for each role). It reads today's and the days the family's file dates in full;
// every other day is the same loader finding no one.
const DATED_DAYS = [...FAMILY.matchAll(/^2 DATE (.+)$/gm)].flatMap(([, text]) => {
  const read = parseGedcomDate(text);
  return read.kind === "exact" && read.date.month && read.date.day ? [monthDayParam({ month: read.date.month, day: read.date.day })] : [];
});
const ON_THIS_DAY = /^(\/en)?\/medis\/sia-diena(\.data)?$/;

/**
 * Everything a client can reach from the public pages: each same-site link
 * and source found, every sitemap address, each page's .data, the exports
 * and searches for every secret (typed without diacritics).
 */
async function crawl(client: APIRequestContext, extra: string[] = []): Promise<Map<string, string>> {
  const searches = [...LIVING, ...PRIVATE, ...PRIVACY, ...CONFIDENTIAL].map((w) => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
  const queue = [
    "/",
    "/sitemap.xml",
    "/robots.txt",
    "/medis/gedcom",
    "/nera-tokio",
    ...extra,
    ...DATED_DAYS.map((day) => `/medis/sia-diena?diena=${day}`),
    ...searches.flatMap((q) => [`/medis/paieska?q=${q}`, `/medis?paieska=${q}`, `/istorija?paieska=${q}`]),
  ];
  const seen = new Map<string, string>();
  while (queue.length > 0 && seen.size < 6000) {
    const address = queue.shift()!;
    if (seen.has(address)) continue;
    const response = await client.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBeLessThan(500);
    const type = response.headers()["content-type"] ?? "";
    const body = /text|json|xml|gedcom|turbo/.test(type) ? await response.text() : "";
    seen.set(address, body);
    const found = [
      ...[...body.matchAll(/(?:href|src|content)="([^"]+)"/g)].map((m) => m[1]),
      ...[...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
      ...[...body.matchAll(/"(\/(?:asmuo|medis|galerija|dokumentai|media|istorija)[^"\\]*)"/g)].map((m) => m[1]),
    ];
    for (const raw of found) {
      let url: URL;
      try {
        url = new URL(raw.replaceAll("&amp;", "&"), `${site().url}${address}`);
      } catch {
        continue;
      }
      if (url.origin !== site().url || SKIP.test(url.pathname)) continue;
      const day = url.searchParams.get("diena");
      if (ON_THIS_DAY.test(url.pathname) && day !== null && !DATED_DAYS.includes(day)) continue;
      const next = `${url.pathname}${url.search}`;
      const isPage =
        !/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.startsWith("/media/") && !url.pathname.startsWith("/medis/gedcom");
      for (const candidate of isPage ? [next, `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`] : [next]) {
        if (!seen.has(candidate)) queue.push(candidate);
      }
    }
  }
  return seen;
}

/**
 * The crawled addresses asked again: what the render cache kept for this
 * audience (sent from the cache: an ETag, and no nonce), by
 * address. The editor's crawl runs first, then the member's, then the
 * visitor's: a page kept for one audience that reached another would be here.
 */
async function keptPages(client: APIRequestContext, seen: Map<string, string>): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  for (const address of seen.keys()) {
    if (address.startsWith("/media/") || address.startsWith("/medis/gedcom")) continue;
    const response = await client.get(address, { maxRedirects: 0 });
    const policy = response.headers()["content-security-policy"] ?? "";
    if (response.status() === 200 && response.headers()["etag"] && !policy.includes("'nonce-")) kept.set(address, await response.text());
  }
  // The pages and their data were kept: the home page, the tree, a person, a photo, a story.
  expect([...kept.keys()]).toEqual(expect.arrayContaining(["/", "/medis", "/medis.data", "/galerija", "/istorija"]));
  expect([...kept.keys()].some((a) => /^\/asmuo\/\d+$/.test(a))).toBe(true);
  return kept;
}

function carrying(bodies: Map<string, string>, text: string): string[] {
  return [...bodies].filter(([, body]) => withoutRandomNames(body).includes(text)).map(([address]) => address);
}

async function loggedIn(username: string, password: string): Promise<APIRequestContext> {
  const client = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const login = await client.post("/login", { form: { username, password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  return client;
}

test("an editor receives the private person too: the sweep reaches where the secrets would be", async () => {
  test.setTimeout(300_000);
  const editor = await loggedIn("redaktorius", passwords.redaktorius);
  const seen = await crawl(editor);
  const kept = await keptPages(editor, seen);
  await editor.dispose();
  for (const shown of [...LIVING, ...PRIVATE, ...PRIVACY, ...CONFIDENTIAL, ...FAMILY_ONLY]) {
    expect(carrying(seen, shown), `an editor did not see „${shown}“`).not.toEqual([]);
  }
  // Kept for editors, before a member's and a visitor's crawl: what they must not get is in the cache.
  for (const shown of [...PRIVATE.slice(0, 2), ...CONFIDENTIAL.slice(0, 2)]) {
    expect(carrying(kept, shown), `kept for an editor: „${shown}“`).not.toEqual([]);
  }
});

test("a visitor receives no living, private or family-only name in any public response", async () => {
  // The crawl reads hundreds of responses: on a busy machine, minutes.
  test.setTimeout(300_000);
  const visitor = await http.newContext({ baseURL: site().url });
  // Searches of the stories by what only the family may read: a family-only story's words, a family-only photo's caption.
  const storySearches = ["paslaptis", "kuria mato tik gimine", "gintare", "pranciska"].map((q) => `/istorija?paieska=${q}`);
  const seen = await crawl(visitor, [`/media/${mediaId}/display.jpg`, ...storySearches]);
  const kept = await keptPages(visitor, seen);
  await visitor.dispose();
  for (const secret of [...LIVING, ...PRIVATE, ...PRIVACY, ...CONFIDENTIAL, ...FAMILY_ONLY, mediaId]) {
    expect(carrying(kept, secret), `a visitor received „${secret}“ in a kept page`).toEqual([]);
  }
  for (const search of storySearches) expect(seen.get(search), `${search} finds nothing`).toContain("pasakojimų nerasta");
  for (const secret of [...LIVING, ...PRIVATE, ...PRIVACY, ...CONFIDENTIAL, ...FAMILY_ONLY, mediaId]) {
    expect(carrying(seen, secret), `a visitor received „${secret}“`).toEqual([]);
  }
  // The crawl read what it should: the dead, on pages and in their data, the export, the sitemap.
  expect(seen.size).toBeGreaterThan(30);
  expect(carrying(seen, "Jurgis Viešasis").length).toBeGreaterThan(5);
  expect(carrying(seen, "Gyvas asmuo").length).toBeGreaterThan(2);
  expect([...seen.keys()]).toEqual(
    expect.arrayContaining([
      "/sitemap.xml",
      "/medis/gedcom",
      "/galerija",
      "/dokumentai",
      "/istorija",
      "/istorija.data",
      "/istorija/viesas-pasakojimas",
      "/istorija/viesas-pasakojimas.data",
      "/istorija?visa=taip",
    ]),
  );
  // The tree's indexes, and a surname's page from them (this tree's places are only the living's and the private's).
  const read = [...seen.keys()];
  expect(read).toEqual(expect.arrayContaining(["/medis/pavardes", "/medis/vietos", "/medis/sia-diena", "/medis/statistika"]));
  // The days the family's file dates in full (Gintarė's birthday), in both languages.
  expect(DATED_DAYS).toEqual(["03-03"]);
  expect(read).toEqual(expect.arrayContaining(["/medis/sia-diena?diena=03-03", "/en/medis/sia-diena.data?diena=03-03"]));
  expect(read.some((a) => a.startsWith("/medis/pavardes?pavarde="))).toBe(true);
  // Both languages: the English pages, and the English of a person's page and a photo's.
  expect(read).toEqual(
    expect.arrayContaining(["/en", "/en/medis", "/en/galerija", "/en/istorija/viesas-pasakojimas", "/en/medis/pavardes"]),
  );
  expect(read.some((a) => /^\/en\/asmuo\/\d+$/.test(a))).toBe(true);
  expect(read.some((a) => /^\/en\/galerija\/\d+$/.test(a))).toBe(true);
});

test("a member receives the living family, the privacy-marked and the family's things, never the private or confidential", async () => {
  test.setTimeout(300_000);
  const member = await loggedIn("narys", passwords.narys);
  const seen = await crawl(member, ["/medis/gedcom/nariams", `/media/${mediaId}/display.jpg`]);
  const kept = await keptPages(member, seen);
  await member.dispose();
  for (const secret of [...PRIVATE, ...CONFIDENTIAL]) {
    expect(carrying(seen, secret), `a member received „${secret}“`).toEqual([]);
    expect(carrying(kept, secret), `a member received „${secret}“ in a kept page`).toEqual([]);
  }
  // The members' kept pages are the members' own: the living and the family's things are there.
  for (const shown of [...LIVING, ...FAMILY_ONLY.slice(0, 2)])
    expect(carrying(kept, shown), `kept for a member: „${shown}“`).not.toEqual([]);
  for (const shown of [...LIVING, ...PRIVACY, ...FAMILY_ONLY])
    expect(carrying(seen, shown), `a member did not see „${shown}“`).not.toEqual([]);
  expect(carrying(seen, "Gintarė /Gyvoji/")).toEqual(["/medis/gedcom/nariams"]);
});
