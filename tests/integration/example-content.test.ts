import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS, VISITORS } from "#app/.server/accounts/audience.ts";
import { keepBackup } from "#app/.server/backup/backup.ts";
import { listChanges, type Actor } from "#app/.server/changes/changes.ts";
import { undoChangeWithFiles } from "#app/.server/changes/files.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { exampleLeft, firstRunChecklist } from "#app/.server/dashboard/checklist.ts";
import { listDocuments, updateDocument } from "#app/.server/documents/documents.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { listApprovedEntries } from "#app/.server/guestbook/guestbook.ts";
import { publicMediaDir } from "#app/.server/media/storage.ts";
import { exampleContent, exampleCount, removeExampleContent } from "#app/.server/seed/example.ts";
import { getHistory } from "#app/.server/site-texts/history-text.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// A new family's site truly empty of the example family (issue 28): the
// dashboard says what is left of it, one confirmed step removes it all as one
// change (undone in one step), and what the family has made its own stays.

let t: TestDatabase;
let admin: Actor;
beforeEach(async () => {
  t = await createTestDatabase();
  admin = await addTestUser(t.db, "ona", "administratorius");
});
afterEach(() => t.close());

/** Everything of the family's site a visitor or a relative reads, as text. */
async function whatPagesShow() {
  const [photos, documents, guestbook, history, settings] = await Promise.all([
    listGalleryItems(t.db, MEMBERS),
    listDocuments(t.db, MEMBERS),
    listApprovedEntries(t.db),
    getHistory(t.db, MEMBERS),
    getSiteSettings(t.db),
  ]);
  return {
    photos: photos.map((p) => p.title),
    documents: documents.map((d) => d.title),
    guestbook: guestbook.entries.map((e) => e.name),
    history: history.title,
    cardTree: settings.cardTree,
    branches: settings.branches.map((b) => b.name),
  };
}

describe("the example family", () => {
  test("a new site lists every example item, marks the invented messages, and the checklist says what is left", async () => {
    const example = await exampleContent(t.db);
    expect(example.history).toBe("Jonaičių giminės istorija");
    expect(example.photos).toHaveLength(6);
    expect(example.documents).toHaveLength(5);
    expect(example.guestbook.map((e) => e.name)).toEqual(["Rūta iš Kauno", "Tomas Jonaitis", "Laura (Čikaga)"]);
    expect(example.texts).toEqual(["cardTree", "cardGallery", "branches"]);
    expect(exampleCount(example)).toBe(18);
    expect((await listApprovedEntries(t.db)).entries.every((e) => e.example)).toBe(true);

    const step = (await firstRunChecklist(t.db, admin.id)).find((s) => s.id === "pavyzdys");
    expect(step).toMatchObject({ title: "admin.checklist.step.example", to: "/admin/pavyzdys" });
    // As the dashboard says it: each part in the page's language, after "Dar liko:".
    const said = (locale: "lt" | "en") => {
      const say = serverT(locale);
      return [say(step!.title), say("admin.checklist.stillLeft", { items: step!.left!.map((part) => say(part)).join(", ") })];
    };
    expect(said("lt")).toEqual([
      "Pašalinkite pavyzdinį turinį",
      "Dar liko: istorija, 6 nuotraukos, 5 dokumentai, 3 svečių knygos įrašai, 3 tekstai.",
    ]);
    expect(said("en")).toEqual([
      "Remove the example content",
      "Still left: the history, 6 photos, 5 documents, 3 guestbook entries, 3 texts.",
    ]);
  });

  test("what is left is said part by part, in either language, each count with its noun's form", () => {
    const left = exampleLeft({
      history: null,
      photos: [{ id: 1, title: "a" }],
      documents: [],
      guestbook: [],
      texts: ["cardTree", "branches"],
    });
    expect(left).toEqual([
      { id: "admin.checklist.example.photos", values: { count: 1 } },
      { id: "admin.checklist.example.texts", values: { count: 2 } },
    ]);
    expect(left.map((part) => serverT("lt")(part))).toEqual(["1 nuotrauka", "2 tekstai"]);
    expect(left.map((part) => serverT("en")(part))).toEqual(["1 photo", "2 texts"]);
    expect(exampleLeft({ history: null, photos: [], documents: [], guestbook: [], texts: [] })).toEqual([]);
  });

  test("one step removes it all as one change; the family's own stays; the undo brings it all back, files too", async () => {
    // A relative's real message, and an example document the family corrected: theirs now.
    await t.db
      .insertInto("guestbookEntries")
      .values({
        name: "Giedrė",
        message: "Ačiū už nuotraukas!",
        createdAt: "2026-11-01T10:00:00.000Z",
        status: "approved",
        clientHash: null,
      })
      .execute();
    const [corrected] = await listDocuments(t.db, MEMBERS);
    const { person, year, type, membersOnly } = corrected;
    await updateDocument(t.db, t.media, corrected.id, { title: "Mūsų prosenelio metrikai", person, year, type, membersOnly }, null, admin);
    const before = await whatPagesShow();
    const photoFiles = (await listGalleryItems(t.db, VISITORS)).flatMap((item) => (item.image ? [item.image.id] : []));
    expect(photoFiles.length).toBeGreaterThan(0);
    const shown = (id: string) => fs.existsSync(path.join(publicMediaDir(t.media), id));
    expect(photoFiles.every(shown)).toBe(true);

    const changeId = await removeExampleContent(t.db, t.media, admin);
    expect(changeId).not.toBeNull();
    expect(await whatPagesShow()).toEqual({
      photos: [],
      documents: ["Mūsų prosenelio metrikai"],
      guestbook: ["Giedrė"],
      history: "Giminės istorija",
      cardTree: "Kas kam kuo giminė: giminės medis iš kartos į kartą.",
      branches: [],
    });
    expect((await getHistory(t.db, MEMBERS)).intro).toBe("");
    // The photos' files out of a visitor's reach, kept for the undo.
    expect(photoFiles.some(shown)).toBe(false);
    expect(exampleCount(await exampleContent(t.db))).toBe(0);
    expect((await firstRunChecklist(t.db, admin.id)).map((s) => s.id)).not.toContain("pavyzdys");
    // One change in the history, named as the family would say it.
    const { items } = await listChanges(t.db, {}, 1);
    expect(items[0]).toMatchObject({ id: changeId, username: "ona" });
    expect(summaryIn(items[0].summary, serverT("lt"))).toBe("Pašalintas pavyzdinis turinys");
    expect(summaryIn(items[0].summary, serverT("en"))).toBe("Example content removed");
    // Nothing left to remove: a second press changes nothing.
    expect(await removeExampleContent(t.db, t.media, admin)).toBeNull();

    expect(await undoChangeWithFiles(t.db, t.media, changeId!, admin)).toMatchObject({ ok: true });
    expect(await whatPagesShow()).toEqual(before);
    expect(photoFiles.every(shown)).toBe(true);
  });

  test("the backup before the removal is a whole archive in the data folder's atsargines-kopijos/", async () => {
    const name = await keepBackup(t.db, t.database.kind, t.media, t.dir, "pries-pavyzdzio-salinima");
    expect(name).toMatch(/^pries-pavyzdzio-salinima-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);
    const file = path.join(t.dir, "atsargines-kopijos", name);
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  });
});
