import fs from "node:fs";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import path from "node:path";
import sharp from "sharp";
import * as tar from "tar";
import { afterEach, beforeEach, expect, test } from "vitest";
import { BackupError, restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { contentVersion } from "#app/.server/platform/content-version.ts";
import { record, undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { personScopes } from "#app/.server/genealogy/change-scopes.ts";
import { createPerson, editableTree } from "#app/.server/genealogy/editing.ts";
import { addGalleryItem, listGalleryItems, removeGalleryItem } from "#app/.server/gallery/gallery.ts";
import { getHistory, saveHistory } from "#app/.server/site-texts/history-text.ts";
import { prepareImage } from "#app/.server/media/pipeline.ts";
import { SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";
import { contentOf, filesOf } from "./content.ts";

let source: TestDatabase;
let target: TestDatabase;
beforeEach(async () => {
  source = await createTestDatabase();
  target = await createEmptyDatabase();
});
afterEach(async () => {
  await source.close();
  await target.close();
});

function archive(name = "kopija.tar.gz") {
  return path.join(source.dir, name);
}

async function addPhoto(db: TestDatabase, title: string) {
  const file = path.join(db.media.root, "tmp", `${title}.jpg`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a08060" } })
    .jpeg()
    .toFile(file);
  const image = await prepareImage(db.media, { path: file, name: `${title}.jpg`, size: fs.statSync(file).size });
  return addGalleryItem(db.db, db.media, { title, description: "Pridėta testo", membersOnly: false }, image);
}

test("a backup restores into an empty installation with the same content and files", async () => {
  await saveHistory(source.db, { ...SEED_HISTORY, title: "Po atnaujinimo" }, "ona", false);
  await addPhoto(source, "Nauja nuotrauka");
  const manifest = await writeBackup(source.db, source.database.kind, source.media, archive());
  // 36 files, and the seeded pictures' deep-zoom renditions (one each: drawn 1200 to 1600 wide).
  expect(manifest).toMatchObject({ format: 1, source: source.database.kind, files: 36 + 5 });
  expect(manifest.rows).toMatchObject({ galleryItems: 7, documents: 5, historyRevisions: 2, media: 6, users: 0 });

  await restoreBackup(target.db, target.database.kind, target.media, archive());
  expect(await contentOf(target.db)).toEqual(await contentOf(source.db));
  expect(filesOf(target.media)).toEqual(filesOf(source.media));
  // What was computed from the content before (the sitemap, the public export) is not reused.
  expect(await contentVersion(target.db)).not.toBe(await contentVersion(source.db));
  expect((await getHistory(target.db, MEMBERS)).title).toBe("Po atnaujinimo");
});

test("the change history, proposals and memories survive a backup and a restore, and go on numbering after it", async () => {
  const { id: userId } = await source.db
    .insertInto("users")
    .values({ username: "ona", passwordHash: "x", createdAt: new Date().toISOString(), role: "narys" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ona = { id: userId, username: "ona" };
  const treeId = await editableTree(source.db);
  const { result: person, changeId } = await record(
    source.db,
    {
      actor: ona,
      subject: (id: number) => ({
        kind: "person",
        id,
        summary: { id: "changes.summary.person.added", values: { name: "Jonas Jonaitis" } },
      }),
      scopes: [],
      created: (id: number) => personScopes(treeId, id),
    },
    (tx) => createPerson(tx, { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" }),
  );
  await source.db
    .insertInto("proposals")
    .values({
      userId,
      username: "ona",
      createdAt: new Date().toISOString(),
      kind: "memory",
      subjectKind: "person",
      subjectId: String(person),
      payload: "{}",
    })
    .execute();
  await source.db
    .insertInto("memories")
    .values({ personId: person, text: "Senelis kalvė", author: "ona", userId, createdAt: new Date().toISOString() })
    .execute();
  await writeBackup(source.db, source.database.kind, source.media, archive());

  await restoreBackup(target.db, target.database.kind, target.media, archive());
  const restored = await contentOf(target.db);
  expect(restored).toEqual(await contentOf(source.db));
  expect(restored.changes.map((c) => [c.id, summaryIn(c.summary, serverT("lt")), c.username])).toEqual([
    [changeId, "Pridėtas asmuo: Jonas Jonaitis", "ona"],
  ]);
  expect(restored.memories.map((m) => m.text)).toEqual(["Senelis kalvė"]);
  // The restored change can still be undone, and new rows take new numbers.
  const { id: adminId } = await target.db
    .insertInto("users")
    .values({ username: "admin", passwordHash: "x", createdAt: new Date().toISOString(), role: "administratorius" })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(await undoChange(target.db, changeId!, { id: adminId, username: "admin" })).toMatchObject({ ok: true });
  expect((await target.db.selectFrom("changes").select("id").orderBy("id").execute()).map((c) => c.id)).toEqual([changeId, changeId! + 1]);
});

test("restoring over content is refused without --force, and replaces it with it", async () => {
  await writeBackup(source.db, source.database.kind, source.media, archive());
  const other = await createTestDatabase();
  try {
    await saveHistory(other.db, { ...SEED_HISTORY, title: "Kito diegimo tekstas" }, "jonas", false);
    const refused = await restoreBackup(other.db, other.database.kind, other.media, archive()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toContain("pakartokite su --force");
    expect((await getHistory(other.db, MEMBERS)).title).toBe("Kito diegimo tekstas");

    await restoreBackup(other.db, other.database.kind, other.media, archive(), { force: true });
    expect(await contentOf(other.db)).toEqual(await contentOf(source.db));
    expect(filesOf(other.media)).toEqual(filesOf(source.media));
  } finally {
    await other.close();
  }
});

test("a file that is not a backup is refused and changes nothing", async () => {
  const junk = archive("ne-kopija.tar.gz");
  fs.writeFileSync(junk, "tai ne archyvas");
  await expect(restoreBackup(target.db, target.database.kind, target.media, junk)).rejects.toThrow(
    "Nepavyko perskaityti atsarginės kopijos",
  );
  expect((await target.db.introspection.getTables()).length).toBe(0);
});

test("a backup taken while the site is being edited is consistent", async () => {
  // Edits and uploads (and removals) go on while the backup is written.
  let editing = true;
  const edits = (async () => {
    let n = 0;
    while (editing) {
      n++;
      await saveHistory(source.db, { ...SEED_HISTORY, title: `Versija ${n}` }, "ona", false);
      const id = await addPhoto(source, `Nuotrauka ${n}`);
      if (n % 2 === 0) await removeGalleryItem(source.db, source.media, id);
    }
    return n;
  })();
  await new Promise((resolve) => setTimeout(resolve, 150));
  await writeBackup(source.db, source.database.kind, source.media, archive());
  editing = false;
  expect(await edits).toBeGreaterThan(0);

  await restoreBackup(target.db, target.database.kind, target.media, archive());
  // Every item's picture and every picture's files came along: an item's in
  // sight, a removed item's (kept for an undo, decision 022) out of it.
  const items = await listGalleryItems(target.db, MEMBERS);
  const media = await target.db.selectFrom("media").select(["id", "originalExtension"]).execute();
  const referenced = new Set(items.flatMap((i) => (i.image ? [i.image.id] : [])));
  const stored = new Set(media.map((m) => m.id));
  for (const id of referenced) expect(stored.has(id)).toBe(true);
  for (const m of media) {
    expect(fs.existsSync(path.join(target.media.root, "originals", `${m.id}.${m.originalExtension}`))).toBe(true);
    const [here, notThere] = referenced.has(m.id) ? ["public", "members"] : ["members", "public"];
    expect(fs.existsSync(path.join(target.media.root, here, m.id, "display.jpg")), `${m.id} in ${here}/`).toBe(true);
    expect(fs.existsSync(path.join(target.media.root, notThere, m.id))).toBe(false);
  }
  // The history is the one current when the backup's moment was taken: a whole revision.
  const history = await getHistory(target.db, MEMBERS);
  expect(history.title).toMatch(/^(Versija \d+|Jonaičių giminės istorija)$/);
});

/** An unpacked archive's rows of these tables as an older version wrote them: without these columns. */
function withoutColumns(dir: string, tables: string[], columns: string[]): void {
  for (const table of tables) {
    const file = path.join(dir, "data", `${table}.jsonl`);
    if (!fs.existsSync(file)) continue;
    const rows = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const row = JSON.parse(line);
        for (const column of columns) delete row[column];
        return `${JSON.stringify(row)}\n`;
      });
    fs.writeFileSync(file, rows.join(""));
  }
}

test("a backup made before photo_people (schema 0017) brings its links into the tables that replaced the old one", async () => {
  const treeId = await editableTree(source.db);
  const jonas = await createPerson(source.db, { givenNames: "Jonas", surname: "Senasis", birthSurname: "", sex: "M", note: "" });
  const [photo] = await listGalleryItems(source.db, MEMBERS);
  await writeBackup(source.db, source.database.kind, source.media, archive());
  // The archive as the version before wrote it: its schema, and the one link table.
  const dir = fs.mkdtempSync(path.join(source.dir, "senoji-"));
  await tar.x({ file: archive(), cwd: dir });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ ...manifest, schema: "0017_photo_pages" }));
  // Its trees had no columns of the import merge (0022) or the import's owner (0033) yet, its content
  // no translations (0023), its people and facts no GEDCOM marks (0030).
  withoutColumns(dir, ["genealogyTrees"], ["sourceMediaId", "baseTreeId", "mergePlan", "ownerInstance"]);
  withoutColumns(dir, ["historyRevisions", "stories", "storyRevisions", "galleryItems"], ["translations"]);
  withoutColumns(dir, ["genealogyPeople", "genealogyEvents"], ["restriction"]);
  fs.rmSync(path.join(dir, "data", "photoPeople.jsonl"), { force: true });
  fs.rmSync(path.join(dir, "data", "documentPeople.jsonl"), { force: true });
  fs.writeFileSync(
    path.join(dir, "data", "genealogyPersonLinks.jsonl"),
    `${JSON.stringify({ treeId, personId: jonas, kind: "gallery", itemId: photo.id })}\n`,
  );
  await tar.c({ gzip: true, file: archive("senoji.tar.gz"), cwd: dir }, fs.readdirSync(dir));

  await restoreBackup(target.db, target.database.kind, target.media, archive("senoji.tar.gz"));
  expect(await target.db.selectFrom("photoPeople").select(["galleryItemId", "treeId", "personId", "name"]).execute()).toEqual([
    { galleryItemId: photo.id, treeId, personId: jonas, name: "" },
  ]);
});
