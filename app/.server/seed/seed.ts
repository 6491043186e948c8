import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { HistoryContent } from "#app/lib/history.ts";
import type { SiteSettings } from "#app/lib/site.ts";
import { documentKeys } from "#app/lib/documents.ts";
import { isUniqueViolation, now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { prepareImage, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { insertMedia, mediaTmpDir, type MediaStore } from "#app/.server/media/storage.ts";
import { GRAIN_TILE_SIZE, GRAIN_TILE_SVG, SEED_IMAGE_SVGS } from "./images.ts";
import { SEED_SITE } from "./site-texts.ts";
import { isSeeded, markSeeded } from "#app/.server/site-texts/settings.ts";

// The content a new installation starts with, so that the site reads as a
// living family site from its first start. Written once; the administrator
// replaces it, and deleting it does not bring it back on the next start.

export const SEED_HISTORY: HistoryContent = {
  title: "Jonaičių giminės istorija",
  intro:
    "Mūsų giminės šaknys siekia XIX amžiaus Dzūkiją. Šiame puslapyje surinkome tai, ką prisimena vyriausieji šeimos nariai ir ką pasakoja išlikę dokumentai bei nuotraukos.",
  paragraph1:
    "Pirmasis žinomas giminės narys Jonas Jonaitis gimė 1898 metais Miroslavo apylinkėse, netoli Alytaus. Jo tėvai ūkininkavo keliolikos hektarų žemėje: augino rugius ir linus, laikė bičių.\n\n" +
    "1923 metais Jonas vedė Oną Petrauskaitę iš gretimo kaimo. Jų šeimoje užaugo šeši vaikai, kurie vėliau pasklido po visą Lietuvą ir už jos ribų.",
  periodTitle: "Tarpukaris ir karo metai",
  periodText:
    "1925 metais, vykdant žemės reformą, šeima gavo naują sklypą ir pasistatė sodybą, kuri išliko iki šių dienų. Tarpukariu vyresnieji vaikai baigė Alytaus gimnaziją, o Petras išvyko studijuoti į Kauną.",
  periodText2:
    "Karas išskyrė šeimą. 1944 metais Petras su žmona pasitraukė į Vakarus ir įsikūrė Čikagoje, iš kur dešimtmečius rašė laiškus namo.\n" +
    "Likusieji Lietuvoje išgyveno sunkius pokario metus, tačiau išsaugojo sodybą, nuotraukas ir giminės atmintį.",
};

export const SEED_GALLERY = [
  { title: "Senoji sodyba", description: "Jonaičių sodyba Miroslavo apylinkėse, apie 1930 m." },
  { title: "Jono ir Onos vestuvės", description: "Vestuvių nuotrauka, daryta 1923 m. Alytuje." },
  { title: "Šeima prie klėties", description: "Visa šeima po rugiapjūtės, 1936 m." },
  { title: "Petras Kaune", description: "Petras Jonaitis studijų metais Laisvės alėjoje, 1938 m." },
  { title: "Nuotrauka iš Čikagos", description: "Pirmoji nuotrauka, atsiųsta iš Amerikos, 1951 m." },
  { title: "Giminės susitikimas", description: "Giminės suvažiavimas Vilniuje, 1998 m." },
];

export const SEED_DOCUMENTS = [
  { title: "Gimimo metrikų išrašas", person: "Jonas Jonaitis", year: "1898", type: "Gimimo liudijimas" },
  { title: "Santuokos liudijimas", person: "Jonas Jonaitis ir Ona Petrauskaitė", year: "1923", type: "Santuokos liudijimas" },
  { title: "Žemės sklypo skyrimo aktas", person: "Jonas Jonaitis", year: "1925", type: "Žemės dokumentas" },
  { title: "Alytaus gimnazijos atestatas", person: "Marija Jonaitytė", year: "1936", type: "Kita" },
  { title: "Laiškai iš Čikagos", person: "Petras Jonaitis", year: "1949–1965", type: "Laiškas" },
];

export const SEED_GUESTBOOK = [
  {
    name: "Rūta iš Kauno",
    message: "Labai ačiū už šį puslapį! Vestuvių nuotraukoje atpažinau savo prosenelę Oną.",
    createdAt: "2026-03-14T10:20:00.000Z",
  },
  {
    name: "Tomas Jonaitis",
    message: "Sveiki, giminaičiai!\nJei kas turite daugiau nuotraukų iš Miroslavo, parašykite – papildysime galeriją.",
    createdAt: "2026-05-02T17:45:00.000Z",
  },
  {
    name: "Laura (Čikaga)",
    message: "Sveikinimai iš Čikagos! Mano prosenelis buvo Petras Jonaitis. Puiku matyti mūsų šeimos istoriją vienoje vietoje.",
    createdAt: "2026-08-19T15:05:00.000Z",
  },
];

/**
 * What takes the example family's place when the family removes it
 * (example.ts): general words for the home page's cards, no branches, and a
 * history with a title only, the family's to write.
 */
export const EXAMPLE_FREE = {
  cardTree: "Kas kam kuo giminė: giminės medis iš kartos į kartą.",
  cardGallery: "Senosios šeimos nuotraukos ir jų istorijos.",
  branches: [],
  history: { title: "Giminės istorija", intro: "", paragraph1: "", periodTitle: "", periodText: "", periodText2: "" },
} satisfies Pick<SiteSettings, "cardTree" | "cardGallery" | "branches"> & { history: HistoryContent };

/**
 * Renders the seeded pictures into JPEG "scans" and puts them through the same
 * pipeline as an upload (original kept, display and grid images derived).
 */
async function seedImages(store: MediaStore): Promise<Array<PreparedMedia | null>> {
  // Inside the store's own tmp/, so the file can be renamed into place.
  const dir = await fs.mkdtemp(path.join(await mediaTmpDir(store), "seed-"));
  try {
    const images: Array<PreparedMedia | null> = [];
    const grain = {
      input: await sharp(Buffer.from(GRAIN_TILE_SVG)).ensureAlpha().raw().toBuffer(),
      raw: { width: GRAIN_TILE_SIZE, height: GRAIN_TILE_SIZE, channels: 4 as const },
      tile: true,
    };
    for (const [i, svg] of SEED_IMAGE_SVGS.entries()) {
      if (!svg) {
        images.push(null);
        continue;
      }
      const file = path.join(dir, `nuotrauka-${i + 1}.jpg`);
      const { size } = await sharp(Buffer.from(svg)).composite([grain]).jpeg({ quality: 90 }).toFile(file);
      images.push(await prepareImage(store, { path: file, name: `nuotrauka-${i + 1}.jpg`, size }));
    }
    return images;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Writes the first-run content if this installation has never had it. */
export async function seedIfNew(db: Database, store: MediaStore): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const images = await seedImages(store);
  const discardImages = () => Promise.all(images.map((image) => image?.discard()));
  try {
    const seeded = await seedRows(db, images);
    if (!seeded) await discardImages();
    return seeded;
  } catch (error) {
    await discardImages();
    // Another server process seeded at the same moment and won.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function seedRows(db: Database, images: Array<PreparedMedia | null>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // Another server process may have seeded while the pictures were rendered.
    if (await isSeeded(tx)) return false;
    const at = now();
    for (const image of images) if (image) await insertMedia(tx, image.record);
    await tx
      .insertInto("settings")
      .values([
        { key: "family_name", value: SEED_SITE.familyName },
        { key: "contact_email", value: SEED_SITE.contactEmail },
      ])
      .execute();
    await tx
      .insertInto("historyRevisions")
      .values({ ...SEED_HISTORY, createdAt: at, author: null })
      .execute();
    await tx
      .insertInto("galleryItems")
      .values(
        SEED_GALLERY.map((item, i) => ({ ...item, id: i + 1, mediaId: images[i]?.record.id ?? null, position: i + 1, createdAt: at })),
      )
      .execute();
    await tx
      .insertInto("documents")
      .values(
        SEED_DOCUMENTS.map((doc, i) => ({ ...doc, ...documentKeys(doc), id: i + 1, scanMediaId: null, createdAt: at, updatedAt: at })),
      )
      .execute();
    await tx
      .insertInto("guestbookEntries")
      .values(SEED_GUESTBOOK.map((entry) => ({ ...entry, status: "approved" as const, clientHash: null })))
      .execute();
    await markSeeded(tx, at);
    return true;
  });
}
