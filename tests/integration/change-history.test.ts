import { afterEach, beforeEach, expect, test } from "vitest";
import { changeLines, listChanges, record, undoChange, type Actor } from "#app/.server/changes.ts";
import type { Database } from "#app/.server/db.ts";
import { deleteEntry, entryScope, setEntryStatus } from "#app/.server/guestbook.ts";
import { restoreHistoryRevision, revisionScope, saveHistory } from "#app/.server/history.ts";
import { editableSettingsScope, getSiteSettings, updateSiteSettings } from "#app/.server/settings.ts";
import { SEED_HISTORY } from "#app/.server/seed.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The editors' changes as the routes record them (app/routes/admin/history,
// texts, guestbook): each kept with its before and after, and undone back to
// exactly the rows before.

let t: TestDatabase;
let ona: Actor;
let jonas: Actor;
beforeEach(async () => {
  t = await createTestDatabase({ seed: true });
  const add = async (username: string) =>
    (
      await t.db
        .insertInto("users")
        .values({ username, passwordHash: "x", createdAt: new Date().toISOString(), role: "redaktorius" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  ona = { id: await add("ona"), username: "ona" };
  jonas = { id: await add("jonas"), username: "jonas" };
});
afterEach(() => t.close());

async function dump(db: Database) {
  return {
    history: await db.selectFrom("historyRevisions").selectAll().orderBy("id").execute(),
    settings: (await db.selectFrom("settings").selectAll().orderBy("key").execute()).filter((s) => s.key !== "content_version"),
    guestbook: await db.selectFrom("guestbookEntries").selectAll().orderBy("id").execute(),
  };
}

async function entry(): Promise<number> {
  const { id } = await t.db
    .insertInto("guestbookEntries")
    .values({ name: "Svečias", message: "Labas", createdAt: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

test("history saves and restores, texts, and guestbook moderation: recorded with before and after, undone exactly", async () => {
  const id = await entry();
  const steps: [string, () => Promise<number | null>][] = [
    [
      "history",
      async () =>
        (
          await record(
            t.db,
            {
              actor: ona,
              subject: { kind: "history", summary: "Pakeista istorija" },
              scopes: [],
              created: (r: { id: number }) => [revisionScope(r.id)],
            },
            (tx) => saveHistory(tx, { ...SEED_HISTORY, title: "Nauja antraštė" }, "ona", false),
          )
        ).changeId,
    ],
    [
      "restore",
      async () =>
        (
          await record(
            t.db,
            {
              actor: ona,
              subject: { kind: "history", summary: "Atkurta" },
              scopes: [],
              created: (r: { id: number } | null) => (r ? [revisionScope(r.id)] : []),
            },
            (tx) => restoreHistoryRevision(tx, 1, "ona"),
          )
        ).changeId,
    ],
    [
      "texts",
      async () =>
        (
          await record(
            t.db,
            { actor: jonas, subject: { kind: "texts", id: "pradzia", summary: "Pakeisti tekstai" }, scopes: [editableSettingsScope()] },
            (tx) => updateSiteSettings(tx, { familyName: "Petraičių giminė" }),
          )
        ).changeId,
    ],
    [
      "approve",
      async () =>
        (
          await record(t.db, { actor: ona, subject: { kind: "guestbook", id, summary: "Patvirtintas" }, scopes: [entryScope(id)] }, (tx) =>
            setEntryStatus(tx, id, "approved"),
          )
        ).changeId,
    ],
    [
      "hide",
      async () =>
        (
          await record(t.db, { actor: ona, subject: { kind: "guestbook", id, summary: "Paslėptas" }, scopes: [entryScope(id)] }, (tx) =>
            setEntryStatus(tx, id, "hidden"),
          )
        ).changeId,
    ],
    [
      "delete",
      async () =>
        (
          await record(t.db, { actor: ona, subject: { kind: "guestbook", id, summary: "Ištrintas" }, scopes: [entryScope(id)] }, (tx) =>
            deleteEntry(tx, id),
          )
        ).changeId,
    ],
  ];
  for (const [name, step] of steps) {
    const before = await dump(t.db);
    const changeId = await step();
    expect(changeId, name).not.toBeNull();
    expect(await dump(t.db), name).not.toEqual(before);
    expect(await undoChange(t.db, changeId!, ona), name).toMatchObject({ ok: true });
    expect(await dump(t.db), name).toEqual(before);
  }
  expect((await getSiteSettings(t.db)).familyName).not.toBe("Petraičių giminė");
});

test("a change reads as before → after lines, and the history filters by user, subject and date", async () => {
  const { changeId } = await record(
    t.db,
    { actor: jonas, subject: { kind: "texts", id: "pradzia", summary: "Pakeisti tekstai" }, scopes: [editableSettingsScope()] },
    (tx) => updateSiteSettings(tx, { familyName: "Petraičių giminė" }),
  );
  const id = await entry();
  await record(t.db, { actor: ona, subject: { kind: "guestbook", id, summary: "Patvirtintas" }, scopes: [entryScope(id)] }, (tx) =>
    setEntryStatus(tx, id, "approved"),
  );

  const [texts] = (await listChanges(t.db, { userId: jonas.id }, 1)).items;
  expect(texts.id).toBe(changeId);
  expect(changeLines(texts.rows)).toEqual([{ label: "Tekstas „family_name“", before: "Jonaičių giminė", after: "Petraičių giminė" }]);
  expect((await listChanges(t.db, { subjectKind: "guestbook", subjectId: String(id) }, 1)).items.map((c) => c.username)).toEqual(["ona"]);
  const today = new Date().toISOString().slice(0, 10);
  expect((await listChanges(t.db, { from: today, to: today }, 1)).items).toHaveLength(2);
  expect((await listChanges(t.db, { to: "2000-01-01" }, 1)).items).toHaveLength(0);
});
