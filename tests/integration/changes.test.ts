import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findChange, listChanges, needsAdministrator, record, undoChange, type Actor } from "#app/.server/changes/changes.ts";
import { setRestriction } from "#app/.server/genealogy/living.ts";
import { familyScopes, peopleScopes, personScopes } from "#app/.server/genealogy/change-scopes.ts";
import { createPerson, editableTree, removePerson, saveEvent, setParents, updatePerson } from "#app/.server/genealogy/editing.ts";
import { summaryIn, type Summary } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The change history's core (app/.server/changes/changes.ts): a recorded write keeps
// the rows it touched before and after; undoing puts the database back as it
// was, and a row changed again since makes the undo refuse.

let t: TestDatabase;
let admin: Actor;
beforeEach(async () => {
  t = await createTestDatabase();
  const user = await t.db
    .insertInto("users")
    .values({ username: "ona", passwordHash: "x", createdAt: new Date().toISOString(), role: "administratorius" })
    .returning("id")
    .executeTakeFirstOrThrow();
  admin = { id: user.id, username: "ona" };
});
afterEach(() => t.close());

const TREE_TABLES = [
  "genealogyPeople",
  "genealogyFamilies",
  "genealogyChildren",
  "genealogyEvents",
  "genealogyPlaces",
  "genealogyTrees",
] as const;

/** Every row of the tree's tables, in a stable order: what "as before" means. */
async function treeDump(db: Database) {
  const dump: Record<string, unknown[]> = {};
  for (const table of TREE_TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    dump[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return dump;
}

/** A person's change, as the editor records one. */
const edited = (name: string): Summary => ({ id: "changes.summary.person.detailsChanged", values: { name } });

const person = (givenNames: string, surname: string) => ({ givenNames, surname, birthSurname: "", sex: "U" as const, note: "" });

async function family() {
  const treeId = await editableTree(t.db);
  const father = await createPerson(t.db, { ...person("Jonas", "Jonaitis"), sex: "M" });
  const mother = await createPerson(t.db, { ...person("Ona", "Jonaitienė"), sex: "F" });
  const child = await createPerson(t.db, person("Petras", "Jonaitis"));
  return { treeId, father, mother, child };
}

describe("recorded changes", () => {
  test("an edit of a person keeps the row before and after, with who and what", async () => {
    const { treeId, child } = await family();
    const { changeId } = await record(
      t.db,
      { actor: admin, subject: { kind: "person", id: child, summary: edited("Petras Jonaitis") }, scopes: personScopes(treeId, child) },
      (tx) => updatePerson(tx, treeId, child, person("Petras", "Petraitis")),
    );
    const { items } = await listChanges(t.db, { subjectKind: "person", subjectId: String(child) }, 1);
    expect(items.map((c) => c.id)).toEqual([changeId]);
    const [row] = items[0].rows;
    expect(row.table).toBe("genealogyPeople");
    expect(row.before).toMatchObject({ surname: "Jonaitis" });
    expect(row.after).toMatchObject({ surname: "Petraitis" });
    expect(items[0]).toMatchObject({ username: "ona", userId: admin.id });
    expect(summaryIn(items[0].summary, serverT("lt"))).toBe("Pakeisti asmens duomenys: Petras Jonaitis");
    expect(summaryIn(items[0].summary, serverT("en"))).toBe("Personal details changed: Petras Jonaitis");
  });

  test("a save that changes nothing records nothing", async () => {
    const { treeId, child } = await family();
    const { changeId } = await record(
      t.db,
      { actor: admin, subject: { kind: "person", id: child, summary: edited("x") }, scopes: personScopes(treeId, child) },
      (tx) => updatePerson(tx, treeId, child, person("Petras", "Jonaitis")),
    );
    expect(changeId).toBeNull();
  });

  test("fields, an event, parents, a new person and a removal: each undone leaves the tree as before", async () => {
    const { treeId, father, mother, child } = await family();
    const steps: [string, () => Promise<number | null>][] = [
      [
        "fields",
        async () =>
          (
            await record(
              t.db,
              { actor: admin, subject: { kind: "person", id: child, summary: edited("vardas") }, scopes: personScopes(treeId, child) },
              (tx) => updatePerson(tx, treeId, child, { ...person("Petras", "Jonaitis"), note: "Kalvis" }),
            )
          ).changeId,
      ],
      [
        "event",
        async () =>
          (
            await record(
              t.db,
              { actor: admin, subject: { kind: "person", id: child, summary: edited("gimimas") }, scopes: personScopes(treeId, child) },
              (tx) => saveEvent(tx, treeId, child, { eventId: null, tag: "BIRT", date: "1901-03-04", place: "Kaunas", value: "" }),
            )
          ).changeId,
      ],
      [
        "parents",
        async () =>
          (
            await record(
              t.db,
              {
                actor: admin,
                subject: { kind: "person", id: child, summary: edited("tėvai") },
                scopes: peopleScopes(treeId, [child, father, mother]),
              },
              (tx) => setParents(tx, treeId, child, father, mother),
            )
          ).changeId,
      ],
      [
        "new person",
        async () =>
          (
            await record(
              t.db,
              {
                actor: admin,
                subject: (id: number) => ({ kind: "person", id, summary: edited("naujas") }),
                scopes: [],
                created: (id: number) => personScopes(treeId, id),
              },
              (tx) => createPerson(tx, person("Marija", "Jonaitytė")),
            )
          ).changeId,
      ],
    ];
    for (const [name, step] of steps) {
      const before = await treeDump(t.db);
      const changeId = await step();
      expect(changeId, name).not.toBeNull();
      expect(await treeDump(t.db), name).not.toEqual(before);
      expect(await undoChange(t.db, changeId!, admin), name).toMatchObject({ ok: true });
      expect(await treeDump(t.db), name).toEqual(before);
    }
  });

  test("removing a person with parents and children, undone, brings back every link", async () => {
    const { treeId, father, mother, child } = await family();
    await setParents(t.db, treeId, child, father, mother);
    const before = await treeDump(t.db);
    const parents = await t.db.selectFrom("genealogyChildren").select("familyId").where("personId", "=", child).executeTakeFirstOrThrow();
    const { changeId } = await record(
      t.db,
      {
        actor: admin,
        subject: { kind: "person", id: father, summary: edited("pašalintas") },
        scopes: [...personScopes(treeId, father), ...familyScopes(treeId, parents.familyId)],
      },
      (tx) => removePerson(tx, treeId, father),
    );
    expect(await t.db.selectFrom("genealogyPeople").select("id").where("id", "=", father).executeTakeFirst()).toBeUndefined();
    expect(await undoChange(t.db, changeId!, admin)).toMatchObject({ ok: true });
    expect(await treeDump(t.db)).toEqual(before);
  });

  test("an undo is refused when the rows changed again since, and is itself undone (redo)", async () => {
    const { treeId, child } = await family();
    const edit = (surname: string) =>
      record(
        t.db,
        { actor: admin, subject: { kind: "person", id: child, summary: edited(surname) }, scopes: personScopes(treeId, child) },
        (tx) => updatePerson(tx, treeId, child, person("Petras", surname)),
      );
    const first = (await edit("Antraitis")).changeId!;
    const second = (await edit("Trečiaitis")).changeId!;
    const refused = await undoChange(t.db, first, admin);
    expect(refused).toMatchObject({ ok: false });
    expect(await t.db.selectFrom("genealogyPeople").select("surname").where("id", "=", child).executeTakeFirstOrThrow()).toEqual({
      surname: "Trečiaitis",
    });

    const undone = await undoChange(t.db, second, admin);
    expect(undone).toMatchObject({ ok: true });
    expect(await undoChange(t.db, second, admin)).toEqual({ ok: false, reason: "changeUndoneAlready" });
    // Undoing the undo puts the later name back.
    expect(await undoChange(t.db, (undone as { changeId: number }).changeId, admin)).toMatchObject({ ok: true });
    expect(await t.db.selectFrom("genealogyPeople").select("surname").where("id", "=", child).executeTakeFirstOrThrow()).toEqual({
      surname: "Trečiaitis",
    });
  });

  test("an undo and its redo read in the reader's language, the change's words said in it too", async () => {
    const { treeId, child } = await family();
    const { changeId } = await record(
      t.db,
      {
        actor: admin,
        subject: {
          kind: "person",
          id: child,
          summary: { id: "changes.summary.person.eventAdded", values: { event: { id: "genealogy.event.birth" }, name: "Petras Jonaitis" } },
        },
        scopes: personScopes(treeId, child),
      },
      (tx) => saveEvent(tx, treeId, child, { eventId: null, tag: "BIRT", date: "1901", place: "", value: "" }),
    );
    const undo = await undoChange(t.db, changeId!, admin);
    const redo = await undoChange(t.db, (undo as { changeId: number }).changeId, admin);
    const { items } = await listChanges(t.db, { subjectKind: "person", subjectId: String(child) }, 1);
    expect(items.map((c) => c.id)).toEqual([(redo as { changeId: number }).changeId, (undo as { changeId: number }).changeId, changeId]);
    expect(items.map((c) => summaryIn(c.summary, serverT("lt")))).toEqual([
      "Atšaukta: Atšaukta: Pridėtas įvykis „Gimimas“: Petras Jonaitis",
      "Atšaukta: Pridėtas įvykis „Gimimas“: Petras Jonaitis",
      "Pridėtas įvykis „Gimimas“: Petras Jonaitis",
    ]);
    expect(items.map((c) => summaryIn(c.summary, serverT("en")))).toEqual([
      "Undone: Undone: Event “Birth” added: Petras Jonaitis",
      "Undone: Event “Birth” added: Petras Jonaitis",
      "Event “Birth” added: Petras Jonaitis",
    ]);
  });

  test("a change recorded before summaries were messages shows as written, and so does its undo", async () => {
    const { treeId, child } = await family();
    const { changeId } = await record(
      t.db,
      { actor: admin, subject: { kind: "person", id: child, summary: edited("Petras Jonaitis") }, scopes: personScopes(treeId, child) },
      (tx) => updatePerson(tx, treeId, child, person("Petras", "Petraitis")),
    );
    // As such a row was stored: the Lithuanian sentence, and a legacy undo's "Atšaukta: " before it.
    await t.db.updateTable("changes").set({ summary: "Pakeisti asmens duomenys: Petras Jonaitis" }).where("id", "=", changeId!).execute();
    const legacyUndo = (await undoChange(t.db, changeId!, admin)) as { changeId: number };
    await t.db
      .updateTable("changes")
      .set({ summary: "Atšaukta: Pakeisti asmens duomenys: Petras Jonaitis" })
      .where("id", "=", legacyUndo.changeId)
      .execute();
    const redo = (await undoChange(t.db, legacyUndo.changeId, admin)) as { changeId: number };
    const shown = async (id: number, locale: "lt" | "en") => summaryIn((await findChange(t.db, id))!.summary, serverT(locale));
    expect(await shown(changeId!, "en")).toBe("Pakeisti asmens duomenys: Petras Jonaitis");
    expect(await shown(legacyUndo.changeId, "lt")).toBe("Atšaukta: Pakeisti asmens duomenys: Petras Jonaitis");
    expect(await shown(legacyUndo.changeId, "en")).toBe("Undone: Pakeisti asmens duomenys: Petras Jonaitis");
    // The redo, recorded now, wraps the legacy words in undos said in the reader's language.
    expect(await shown(redo.changeId, "lt")).toBe("Atšaukta: Atšaukta: Pakeisti asmens duomenys: Petras Jonaitis");
    expect(await shown(redo.changeId, "en")).toBe("Undone: Undone: Pakeisti asmens duomenys: Petras Jonaitis");
  });

  test("a change that marked someone private is the administrator's to undo; a name change is not", async () => {
    const { treeId, child } = await family();
    const scoped = { actor: admin, scopes: personScopes(treeId, child) };
    const marked = await record(t.db, { ...scoped, subject: { kind: "person", id: child, summary: edited("privatus") } }, (tx) =>
      setRestriction(tx, treeId, child, "confidential"),
    );
    const renamed = await record(t.db, { ...scoped, subject: { kind: "person", id: child, summary: edited("vardas") } }, (tx) =>
      updatePerson(tx, treeId, child, person("Petras", "Kitas")),
    );
    expect(needsAdministrator((await findChange(t.db, marked.changeId!))!)).toBe(true);
    expect(needsAdministrator((await findChange(t.db, renamed.changeId!))!)).toBe(false);
  });
});
