// Benchmark: the lists a visitor opens, at the family's size and far beyond
// it. Two sites from the production build (SQLite), served at the same
// moment: the seeded one (5 documents, 6 photos) and one with 5,000
// documents and 1,000 photos (the photos sharing one picture), both with the
// same 300-person tree, so that each document row's person is looked up.
// Requests alternate between the two sites, round after round, so that a
// busy machine slows both alike; the medians are compared.
//   npm run build && node bench/lists.ts [ROUNDS]
// Target: each page of the big site within 2x of the small one's time, since
// a page reads one page of rows (LIMIT/OFFSET) whatever the list's length.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { VISITORS } from "#app/.server/accounts/audience.ts";
import { insertRows } from "#app/.server/platform/db/writes.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { countDocuments, DOCUMENTS_PAGE_SIZE } from "#app/.server/documents/documents.ts";
import { countGalleryItems, GALLERY_PAGE_SIZE } from "#app/.server/gallery/gallery.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { DOCUMENT_TYPES, documentKeys } from "#app/lib/documents.ts";
import { pageCount } from "#app/lib/paging.ts";
import { generate } from "./gedcom-generate.ts";
import { startServer } from "./server.ts";

const ROUNDS = Number(process.argv[2] ?? 40);
const TREE = 300;
const SITES = [
  { name: "small", documents: 5, photos: 6 },
  { name: "big", documents: 5_000, photos: 1_000 },
];
const WORDS = ["laiškas", "metrikų išrašas", "žemės aktas", "nuotrauka", "atestatas", "liudijimas", "dienoraštis", "sutartis"];
const PLACES = ["iš Alytaus", "iš Kauno", "iš Vilniaus", "iš Čikagos", "iš Rygos", "apie sodybą"];

interface Site {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last page a visitor can open of each list. */
  last: { documents: number; photos: number };
}

/** A data folder: migrated, seeded, the tree imported, then documents and photos added up to the counts. */
async function build(spec: (typeof SITES)[number], work: string, gedcom: string): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(work, `site-${spec.name}-`));
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
  const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
  await migrateToLatest(db);
  await seedIfNew(db, store);
  await importFile(db, store, gedcom, { sourceName: "medis.ged" });
  const people = await db.selectFrom("genealogyPeople").select(["givenNames", "surname"]).orderBy("id").execute();
  const at = new Date().toISOString();

  const documents = [];
  for (let id = 6; id <= spec.documents; id++) {
    const p = people[(id * 7) % people.length];
    const fields = {
      title: `${WORDS[id % WORDS.length][0].toUpperCase()}${WORDS[id % WORDS.length].slice(1)} ${PLACES[id % PLACES.length]} Nr. ${id}`,
      // Most name a person of the tree, some in the other order, some nobody.
      person: id % 5 === 0 ? "Nežinomas asmuo" : id % 3 === 0 ? `${p.surname} ${p.givenNames}` : `${p.givenNames} ${p.surname}`,
      year: id % 4 === 0 ? `apie ${1850 + (id % 120)}` : String(1850 + (id % 120)),
      type: DOCUMENT_TYPES[id % DOCUMENT_TYPES.length],
    };
    documents.push({
      id,
      ...fields,
      ...documentKeys(fields),
      membersOnly: id % 10 === 0 ? 1 : 0,
      scanMediaId: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  await insertRows(db, "documents", documents);

  // Every added photo shows the first seeded picture: one derived file on disk, as many rows as asked for.
  const picture = await db
    .selectFrom("galleryItems")
    .select("mediaId")
    .where("mediaId", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const photos = [];
  for (let id = 7; id <= spec.photos; id++) {
    photos.push({
      id,
      title: `Nuotrauka Nr. ${id}`,
      description: `${PLACES[id % PLACES.length]}, ${1900 + (id % 100)} m.`,
      mediaId: picture.mediaId,
      position: id,
      createdAt: at,
      membersOnly: id % 10 === 0 ? 1 : 0,
    });
  }
  await insertRows(db, "galleryItems", photos);
  const last = {
    documents: pageCount(await countDocuments(db, VISITORS), DOCUMENTS_PAGE_SIZE),
    photos: pageCount(await countGalleryItems(db, VISITORS), GALLERY_PAGE_SIZE),
  };
  await db.destroy();
  const { url, process: child } = await startServer(dir);
  return { name: spec.name, url, child, last };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeRequest(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

const PAGES = {
  "/dokumentai": "/dokumentai",
  "/galerija": "/galerija",
  // More of the same lists: the last page (the big site's: the largest OFFSET), another order, a search.
  "/dokumentai (last page)": (s: Site) => `/dokumentai?puslapis=${s.last.documents}`,
  "/dokumentai by title": "/dokumentai?rikiuoti=pavadinimas&tvarka=mazejanti",
  "/dokumentai search": "/dokumentai?paieska=kauno",
  "/galerija (last page)": (s: Site) => `/galerija?puslapis=${s.last.photos}`,
} satisfies Record<string, string | ((s: Site) => string)>;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-lists-"));
const sites: Site[] = [];
try {
  const gedcom = path.join(work, "medis.ged");
  generate(TREE, gedcom);
  for (const spec of SITES) sites.push(await build(spec, work, gedcom));
  const address = (s: Site, page: (typeof PAGES)[keyof typeof PAGES]) => s.url + (typeof page === "string" ? page : page(s));
  const times = new Map<string, number[]>();
  const sizes = new Map<string, number>();
  // Warm up (the first requests compile and fill caches), then alternate.
  for (let i = 0; i < 3; i++) for (const s of sites) for (const page of Object.values(PAGES)) await timeRequest(address(s, page));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of sites) {
      for (const [name, page] of Object.entries(PAGES)) {
        const { ms, bytes } = await timeRequest(address(s, page));
        const key = `${s.name}:${name}`;
        times.set(key, [...(times.get(key) ?? []), ms]);
        sizes.set(key, bytes);
      }
    }
  }
  console.log(`median of ${ROUNDS} requests per page, alternating; small: 5 documents, 6 photos; big: 5,000 documents, 1,000 photos`);
  for (const name of Object.keys(PAGES)) {
    const small = median(times.get(`small:${name}`)!);
    const big = median(times.get(`big:${name}`)!);
    const kb = (key: string) => `${(sizes.get(key)! / 1024).toFixed(0).padStart(4)} KB`;
    console.log(
      `${name.padEnd(24)} small ${small.toFixed(1).padStart(6)} ms ${kb(`small:${name}`)}   big ${big.toFixed(1).padStart(6)} ms ${kb(`big:${name}`)}   ratio ${(big / small).toFixed(2)}`,
    );
  }
  console.log("target: ratio under 2");
} finally {
  for (const s of sites) s.child.kill();
  fs.rmSync(work, { recursive: true, force: true });
}
