import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createPerson, setPersonLinks } from "#app/.server/genealogy/editing.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { type Viewer } from "#app/.server/genealogy/living.ts";
import { exportFile, importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// A person's id is their address (/asmuo/<id>): it must survive a re-import
// of the family's file and never come to name someone else.

const admin: Viewer = { members: true, seesPrivate: true, livingYears: 110 };
let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: true });
});
afterEach(() => t.close());

let n = 0;
async function importText(records: string): Promise<number> {
  const file = path.join(t.dir, `medis-${++n}.ged`);
  fs.writeFileSync(file, `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n${records.trim()}\n0 TRLR\n`);
  const { treeId, current } = await importFile(t.db, t.media, file, { sourceName: "medis.ged" });
  if (!current) await makeCurrent(t.db, t.media, treeId);
  return treeId;
}

async function idsByName(treeId: number): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom("genealogyPeople").select(["id", "givenNames", "surname"]).where("treeId", "=", treeId).execute();
  return Object.fromEntries(rows.map((r) => [`${r.givenNames} ${r.surname}`, r.id]));
}

const PEOPLE = {
  jonas: "0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 SEX M\n1 FAMS @F1@",
  ona: "0 @I2@ INDI\n1 NAME Ona /Jonaitienė/\n1 SEX F\n1 FAMS @F1@",
  petras: "0 @I3@ INDI\n1 NAME Petras /Jonaitis/\n1 SEX M\n1 FAMC @F1@",
  family: "0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 CHIL @I3@",
};

test("a re-import of the same family with its records in another order keeps every person's id", async () => {
  const first = await importText([PEOPLE.jonas, PEOPLE.ona, PEOPLE.petras, PEOPLE.family].join("\n"));
  const before = await idsByName(first);
  // The family first, its child before the parents (its pointers name people
  // not read yet), then the people reversed.
  const family = "0 @F1@ FAM\n1 CHIL @I3@\n1 HUSB @I1@\n1 WIFE @I2@";
  const second = await importText([family, PEOPLE.petras, PEOPLE.ona, PEOPLE.jonas].join("\n"));
  expect(second).not.toBe(first);
  expect(await idsByName(second)).toEqual(before);
  // The links between them survived the temporary ids the family was read with.
  const petras = await personDetail(t.db, second, before["Petras Jonaitis"], admin);
  expect(petras?.parents.map((p) => p.name)).toEqual(["Jonas Jonaitis", "Ona Jonaitienė"]);
  const children = await t.db.selectFrom("genealogyChildren").selectAll().where("treeId", "=", second).execute();
  expect(children).toHaveLength(1);
});

test("a re-import with new people among the known ones, past several blocks of fresh ids, keeps every id, order and fact", async () => {
  // Fresh ids are reserved a thousand at a time while the file is read: the
  // person who needs the next block, and the records after them, wait for it
  // in the file's order.
  const person = (xref: string, name: string, year: number) => `0 @${xref}@ INDI\n1 NAME ${name} /Pavardenis/\n1 BIRT\n2 DATE ${year}`;
  const known = Array.from({ length: 1200 }, (_, i) => person(`I${i + 1}`, `Senas${i + 1}`, 1800 + (i % 90)));
  const first = await importText(known.join("\n"));
  const before = await idsByName(first);
  // Every known person again, each followed by two new ones: 2,400 new people.
  const order: string[] = [];
  const records: string[] = [];
  for (let i = 0; i < 1200; i++) {
    records.push(known[i]);
    order.push(`Senas${i + 1} Pavardenis`);
    for (const k of [1, 2]) {
      records.push(person(`N${i}_${k}`, `Naujas${i}_${k}`, 1900 + ((i + k) % 90)));
      order.push(`Naujas${i}_${k} Pavardenis`);
    }
  }
  const second = await importText(records.join("\n"));
  const after = await idsByName(second);
  for (const [name, id] of Object.entries(before)) expect(after[name], name).toBe(id);
  const fresh = order.filter((name) => name.startsWith("Naujas")).map((name) => after[name]);
  expect(new Set(fresh).size).toBe(2400);
  expect(fresh.filter((id) => Object.values(before).includes(id))).toEqual([]);
  // The people in the file's order, each with their own birth year.
  const rows = await t.db
    .selectFrom("genealogyPeople")
    .innerJoin("genealogyEvents", (j) =>
      j.onRef("genealogyEvents.treeId", "=", "genealogyPeople.treeId").onRef("genealogyEvents.ownerId", "=", "genealogyPeople.id"),
    )
    .select(["genealogyPeople.givenNames", "genealogyEvents.date"])
    .where("genealogyPeople.treeId", "=", second)
    .where("genealogyEvents.ownerKind", "=", "person")
    .orderBy("genealogyPeople.position")
    .execute();
  expect(rows.map((r) => `${r.givenNames} Pavardenis`)).toEqual(order);
  expect(rows[1]).toEqual({ givenNames: "Naujas0_1", date: "1901" });
  expect(rows[3]).toEqual({ givenNames: "Senas2", date: "1801" });
});

test("a file from another program, with new xrefs, keeps ids by the GEDCOM UID", async () => {
  const first = await importText(
    "0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 _UID 6F1A2B3C-0000-4000-8000-00000000000A\n" +
      "0 @I2@ INDI\n1 NAME Ona /Jonaitienė/\n1 _UID 6F1A2B3C-0000-4000-8000-00000000000B",
  );
  const before = await idsByName(first);
  const second = await importText(
    "0 @P7@ INDI\n1 NAME Ona /Jonaitienė/\n1 UID 6f1a2b3c00004000800000000000000b\n" +
      "0 @P8@ INDI\n1 NAME Jonas /Jonaitis/\n1 UID {6F1A2B3C-0000-4000-8000-00000000000A}",
  );
  expect(await idsByName(second)).toEqual(before);
});

test("an xref reused for someone else, and a person gone, never lend their id to another", async () => {
  const first = await importText([PEOPLE.jonas, PEOPLE.ona, PEOPLE.petras, PEOPLE.family].join("\n"));
  const before = await idsByName(first);
  // @I3@ is now a different person; Ona is gone; a newcomer arrives.
  const second = await importText(
    [PEOPLE.jonas, "0 @I3@ INDI\n1 NAME Marija /Kazlauskaitė/\n1 SEX F", "0 @I9@ INDI\n1 NAME Antanas /Naujokas/"].join("\n"),
  );
  const after = await idsByName(second);
  expect(after["Jonas Jonaitis"]).toBe(before["Jonas Jonaitis"]);
  const old = new Set(Object.values(before));
  expect(old.has(after["Marija Kazlauskaitė"])).toBe(false);
  expect(old.has(after["Antanas Naujokas"])).toBe(false);
  // The addresses of Ona and Petras now name nobody: the page answers 404.
  expect(await personDetail(t.db, second, before["Ona Jonaitienė"], admin)).toBeNull();
  expect(await personDetail(t.db, second, before["Petras Jonaitis"], admin)).toBeNull();

  // Even once the trees that held them are deleted, their ids are not given again.
  for (let i = 0; i < 4; i++) await importText(PEOPLE.jonas);
  const remaining = new Set((await t.db.selectFrom("genealogyTrees").select("id").execute()).map((r) => r.id));
  expect(remaining.has(first)).toBe(false);
  const added = await createPerson(t.db, { givenNames: "Rūta", surname: "Naujoji", birthSurname: "", sex: "F", note: "" });
  expect(old.has(added)).toBe(false);
  expect(added).toBeGreaterThan(Math.max(...old, after["Antanas Naujokas"]));
});

test("people added on the site keep their ids through an export and a re-import, with their linked photos", async () => {
  const first = await importText(PEOPLE.jonas);
  const added = await createPerson(t.db, { givenNames: "Rūta", surname: "Naujoji", birthSurname: "", sex: "F", note: "" });
  const photo = (await t.db.selectFrom("galleryItems").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  await setPersonLinks(t.db, first, added, [photo], []);
  const file = path.join(t.dir, "eksportas.ged");
  await exportFile(t.db, t.media, file, { version: "5.5.1" });
  const { treeId: second } = await importFile(t.db, t.media, file, { sourceName: "eksportas.ged" });
  await makeCurrent(t.db, t.media, second);
  expect((await idsByName(second))["Rūta Naujoji"]).toBe(added);
  const page = await personDetail(t.db, second, added, admin);
  expect(page?.gallery.map((p) => p.id)).toEqual([photo]);
});

test("people added at the same moment all get ids of their own", async () => {
  await importText(PEOPLE.jonas);
  const ids = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      createPerson(t.db, { givenNames: `Vardas${i}`, surname: "Lygiagretus", birthSurname: "", sex: "U", note: "" }),
    ),
  );
  expect(new Set(ids).size).toBe(8);
});
