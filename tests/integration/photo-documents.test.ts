import { afterEach, beforeEach, expect, test } from "vitest";
import { MEMBERS, VISITORS } from "#app/.server/accounts/audience.ts";
import { listChanges, undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { addDocument, listDocuments, removeDocument } from "#app/.server/documents/documents.ts";
import { listGalleryItems, removeGalleryItem } from "#app/.server/gallery/gallery.ts";
import { documentsOfPhoto, linkDocument, unlinkDocument } from "#app/.server/gallery/photo-documents.ts";
import { photoPage } from "#app/.server/gallery/photo-page.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// The documents linked to a gallery photo (issue 18): as each audience sees
// them on the photo's page, each link a change of the photo, undone exactly,
// and gone with the photo or the document (and back with an undo).

let t: TestDatabase;
let editor: { id: number; username: string };
let wedding: number;
let certificate: number;
let letter: number;

const viewer = { treeId: null, viewer: { members: false, seesPrivate: false, livingYears: 110 } };
const titles = async (audience = VISITORS) => (await documentsOfPhoto(t.db, audience, wedding)).map((d) => d.title);

beforeEach(async () => {
  t = await createTestDatabase();
  editor = await addTestUser(t.db, "redaktore", "redaktorius");
  wedding = (await listGalleryItems(t.db, MEMBERS)).find((item) => item.title === "Jono ir Onos vestuvės")!.id;
  certificate = (await listDocuments(t.db, MEMBERS)).find((d) => d.title === "Santuokos liudijimas")!.id;
  letter = await addDocument(
    t.db,
    t.media,
    { title: "Onos laiškas", person: "Ona Petrauskaitė", year: "1924", type: "Kita", membersOnly: true },
    null,
  );
});
afterEach(() => t.close());

test("a photo's page lists its documents as the audience may see them", async () => {
  expect(await linkDocument(t.db, editor, wedding, certificate)).toBe(true);
  expect(await linkDocument(t.db, editor, wedding, letter)).toBe(true);
  // Linked once, however often asked.
  expect(await linkDocument(t.db, editor, wedding, certificate)).toBe(true);
  expect(await t.db.selectFrom("photoDocuments").selectAll().execute()).toHaveLength(2);
  expect(await titles()).toEqual(["Santuokos liudijimas"]);
  expect(await titles(MEMBERS)).toEqual(["Onos laiškas", "Santuokos liudijimas"]);
  expect((await photoPage(t.db, VISITORS, viewer, wedding))!.documents.map((d) => d.title)).toEqual(["Santuokos liudijimas"]);
  // Nothing there to link: refused.
  expect(await linkDocument(t.db, editor, wedding, 999)).toBe(false);
  expect(await linkDocument(t.db, editor, 999, certificate)).toBe(false);
  expect(await unlinkDocument(t.db, editor, wedding, letter)).toBe(true);
  expect(await unlinkDocument(t.db, editor, wedding, letter)).toBe(false);
  expect(await titles(MEMBERS)).toEqual(["Santuokos liudijimas"]);
});

test("each link is a change of the photo, undone exactly; the link goes with the photo or the document and comes back with an undo", async () => {
  await linkDocument(t.db, editor, wedding, certificate);
  const [linked] = (await listChanges(t.db, { subjectKind: "gallery", subjectId: String(wedding) }, 1)).items;
  expect(summaryIn(linked.summary, serverT("lt"))).toBe("Su nuotrauka „Jono ir Onos vestuvės“ susietas dokumentas „Santuokos liudijimas“");
  expect(summaryIn(linked.summary, serverT("en"))).toBe("Document “Santuokos liudijimas” linked to the photo “Jono ir Onos vestuvės”");
  expect(await undoChange(t.db, linked.id, editor)).toMatchObject({ ok: true });
  expect(await titles()).toEqual([]);

  await linkDocument(t.db, editor, wedding, certificate);
  expect(await removeDocument(t.db, t.media, certificate, editor)).toBe(true);
  expect(await titles()).toEqual([]);
  const [removal] = (await listChanges(t.db, { subjectKind: "document" }, 1)).items;
  expect(await undoChange(t.db, removal.id, editor)).toMatchObject({ ok: true });
  expect(await titles()).toEqual(["Santuokos liudijimas"]);

  expect(await removeGalleryItem(t.db, t.media, wedding, editor)).toBe(true);
  expect(await t.db.selectFrom("photoDocuments").selectAll().execute()).toEqual([]);
  const [photoRemoval] = (await listChanges(t.db, { subjectKind: "gallery" }, 1)).items;
  expect(await undoChange(t.db, photoRemoval.id, editor)).toMatchObject({ ok: true });
  expect(await titles()).toEqual(["Santuokos liudijimas"]);
});
