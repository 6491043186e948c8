import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { publicPersonIds, type Viewer } from "#app/.server/genealogy/living.ts";
import { startIndexBuilder } from "#app/.server/genealogy/index-build.ts";
import { preparedTag, publicGedcom, publicPeople, renderTag, treeIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { publishedTag } from "#app/.server/genealogy/published.ts";
import { writeBigTree } from "./big-tree.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The tree's whole-tree indexes are built before anyone asks (issue 33 point
// 2, decision 043): after a change one process rebuilds them, a large tree's
// in a child process, and until the new set is stored the previous is served.
// The builders here treat every tree as large (`inProcessUpTo` 0), so the
// child process the server starts for 100,000 people runs for these 300.

const ROOT = path.resolve(import.meta.dirname, "../..");
const TREE = 1;
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
const editor: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

let t: TestDatabase;
const stops: (() => Promise<void>)[] = [];
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
  await writeBigTree(t.db, TREE, 300);
  await t.db
    .insertInto("settings")
    .values({ key: "genealogy_current_tree", value: String(TREE) })
    .execute();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await t.close();
});

function builder(db = t.db) {
  const config = parseConfig({ DATA_DIR: t.dir, ...(t.database.kind === "postgres" ? { DATABASE_URL: t.database.url } : {}) });
  const started = startIndexBuilder(db, config, ROOT, 0);
  stops.push(() => started.stop());
  return started;
}

async function settled(): Promise<void> {
  await expect.poll(async () => (await preparedTag(t.db)) === (await publishedTag(t.db)), { timeout: 120_000, interval: 100 }).toBe(true);
}

/** A dead person with a new surname, as an editor's save adds one (the content version changes with it). */
async function addPerson(surname: string): Promise<void> {
  await t.db
    .insertInto("genealogyPeople")
    .values({
      treeId: TREE,
      id: 1001,
      xref: "I1001",
      givenNames: "Antanas",
      surname,
      birthSurname: null,
      sex: "M",
      names: "[]",
      notes: "[]",
      extra: "[]",
      searchKey: `antanas ${surname.toLowerCase()}`,
      position: 1001,
    })
    .execute();
  await t.db
    .insertInto("genealogyEvents")
    .values({
      treeId: TREE,
      id: 100_001,
      ownerKind: "person",
      ownerId: 1001,
      tag: "DEAT",
      date: "1900",
      dateFrom: 2415021,
      dateTo: 2415385,
      notes: "[]",
      extra: "[]",
      position: 0,
    })
    .execute();
  await changeContentVersion(t.db);
}

const surnames = async (viewer: Viewer) => (await treeIndexes(t.db, TREE, viewer)).surnames.map((s) => s.surname);

test("before the first set, a request waits for it; it is never computed on the request's path", async () => {
  builder();
  // The child process builds; this request waits for its set.
  const { ids, tag } = await publicPeople(t.db);
  expect(ids).toEqual(await publicPersonIds(t.db, TREE, 110));
  expect(tag).toBe(await preparedTag(t.db));
  expect(await surnames(visitor)).toContain("Jonaitis");
});

test("after a change the previous set is served until the new one is stored; then the new one, and the render cache's tag moves with it", async () => {
  builder();
  await settled();
  const before = await renderTag(t.db);
  const exportBefore = await publicGedcom(t.db, t.media, path.join(t.dir, "cache"));
  expect(exportBefore).not.toBeNull();

  await addPerson("Naujokas");
  // Served at once, from the set of before the change (the child process takes a second or more to start).
  for (const viewer of [visitor, member, editor]) expect(await surnames(viewer)).not.toContain("Naujokas");
  expect((await publicGedcom(t.db, t.media, path.join(t.dir, "cache")))?.tag).toBe(exportBefore!.tag);
  expect(await renderTag(t.db)).not.toBe(before);
  const during = await renderTag(t.db);

  await settled();
  for (const viewer of [visitor, member, editor]) expect(await surnames(viewer)).toContain("Naujokas");
  expect(await renderTag(t.db)).not.toBe(during);
  // The public GEDCOM of the new version, made by the same child, and the old one gone.
  await expect
    .poll(async () => (await publicGedcom(t.db, t.media, path.join(t.dir, "cache")))?.tag, { timeout: 120_000 })
    .toBe(await publishedTag(t.db));
  const exported = await publicGedcom(t.db, t.media, path.join(t.dir, "cache"));
  const text = fs.readFileSync(exported!.file, "utf8");
  // The generated tree's xrefs are written as stored (without @).
  expect(text).toContain("0 I1001 INDI");
  expect(fs.existsSync(exportBefore!.file)).toBe(false);
});

test("each audience's indexes count only whom it may see: a visitor not the living, a member not the private", async () => {
  // Person 299 (no death in the generated tree) born thirty years ago: living. Person 5 is kept private.
  const thirtyYearsAgo = Math.floor(Date.now() / 86_400_000) + 2440588 - 30 * 365;
  await t.db
    .updateTable("genealogyEvents")
    .set({ date: String(new Date().getUTCFullYear() - 30), dateFrom: thirtyYearsAgo, dateTo: thirtyYearsAgo + 364 })
    .where("ownerId", "=", 299)
    .where("tag", "=", "BIRT")
    .execute();
  await t.db.insertInto("privatePeople").values({ personId: 5, markedAt: new Date().toISOString() }).execute();
  builder();
  await settled();
  const people = async (viewer: Viewer) => (await treeIndexes(t.db, TREE, viewer)).statistics.people;
  const [seenByVisitor, seenByMember, seenByEditor] = [await people(visitor), await people(member), await people(editor)];
  expect(seenByEditor).toBe(300);
  expect(seenByMember).toBe(299);
  // The generated tree's own living (births written as recent years) are not counted either.
  expect(seenByVisitor).toBeLessThan(seenByMember);
  const { ids } = await publicPeople(t.db);
  expect(ids).not.toContain(5);
  expect(ids).not.toContain(299);
  expect(ids.length).toBe(seenByVisitor);
});

test("of two processes' builders, one builds; the other serves what it stores", async () => {
  const other = openDatabase(t.database);
  stops.push(() => other.destroy());
  const first = builder();
  const second = builder(other);
  const [a, b] = await Promise.all([first.build(), second.build()]);
  // One of them held the claim while the other asked: exactly one built.
  expect([a, b].filter(Boolean)).toHaveLength(1);
  expect(await preparedTag(other)).toBe(await publishedTag(other));
  expect((await publicPeople(other)).tag).toBe(await preparedTag(t.db));
});

test("a change while the public GEDCOM of the version before is being made stops that export: the new set does not wait for it, and nothing partial is left", async () => {
  // A tree whose export takes seconds (the 300 people's takes milliseconds, too short to change anything meanwhile).
  await writeBigTree(t.db, 2, 20_000);
  await t.db.updateTable("settings").set({ value: "2" }).where("key", "=", "genealogy_current_tree").execute();
  await changeContentVersion(t.db);
  const cache = path.join(t.dir, "cache");
  const partials = () => (fs.existsSync(cache) ? fs.readdirSync(cache).filter((name) => name.endsWith(".tmp")) : []);
  const started = builder();
  // The set is stored and the child is writing the export of this version.
  await expect.poll(partials, { timeout: 120_000, interval: 10 }).not.toEqual([]);
  expect(await preparedTag(t.db)).toBe(await publishedTag(t.db));
  const old = await publishedTag(t.db);

  await changeContentVersion(t.db);
  started.refresh();
  // Watched until the new version's file is made: the old version's must never be finished.
  let oldFinished = false;
  const watch = setInterval(() => {
    if (fs.existsSync(path.join(cache, `viesas-${old}.ged`))) oldFinished = true;
  }, 10);
  try {
    await settled();
    await expect.poll(async () => (await publicGedcom(t.db, t.media, cache))?.tag, { timeout: 120_000 }).toBe(await publishedTag(t.db));
  } finally {
    clearInterval(watch);
  }
  expect(oldFinished).toBe(false);
  expect(partials()).toEqual([]);
  expect(fs.readdirSync(cache).filter((name) => name.startsWith("viesas-"))).toEqual([`viesas-${await publishedTag(t.db)}.ged`]);
});
