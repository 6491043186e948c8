import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  albumForEditing,
  albumsOfPhoto,
  createAlbum,
  findAlbum,
  listAlbums,
  ALBUM_FORM,
  moveAlbum,
  removeAlbum,
  saveAlbum,
} from "#app/.server/gallery/albums.ts";
import { MEMBERS, VISITORS } from "#app/.server/accounts/audience.ts";
import { restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { listChanges, undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import {
  addGalleryUpload,
  addRefusedField,
  GALLERY_ADD_FORM,
  galleryPage,
  listGalleryItems,
  removeGalleryItem,
  updateGalleryItem,
} from "#app/.server/gallery/gallery.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { toastTitle } from "#app/lib/toasts.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { contentOf } from "./content.ts";
import { addTestUser, createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";

// Albums (issue 18): the photos of an album as each audience sees them, the
// cover, the change history of every album write, and backups.

let t: TestDatabase;
let editor: { id: number; username: string };
let photos: number[];

const NO_BROWSING = { byDate: false, decade: null, personId: null };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** What the albums' tables hold, for comparing before and after. */
async function albumRows() {
  return {
    albums: await t.db.selectFrom("albums").selectAll().orderBy("id").execute(),
    albumPhotos: await t.db.selectFrom("albumPhotos").selectAll().orderBy("albumId").orderBy("galleryItemId").execute(),
  };
}

beforeEach(async () => {
  t = await createTestDatabase();
  editor = await addTestUser(t.db, "redaktore", "redaktorius");
  // The seeded gallery: five photos with pictures and one without.
  photos = (await listGalleryItems(t.db, MEMBERS)).filter((item) => item.image).map((item) => item.id);
});
afterEach(() => t.close());

describe("albums", () => {
  test("an album shows each audience its photos: a family-only photo counts for members, and the cover falls back for visitors", async () => {
    const [first, second, third] = photos;
    const items = await listGalleryItems(t.db, MEMBERS);
    const secret = items.find((item) => item.id === third)!;
    await updateGalleryItem(t.db, t.media, third, { ...secret, membersOnly: true });
    const wedding = await createAlbum(t.db, { title: "Vestuvės 1923", description: "Jono ir Onos vestuvės." }, editor);
    // No photo yet: the editor sees it, nobody else.
    expect(await listAlbums(t.db, VISITORS)).toEqual([]);
    expect((await listAlbums(t.db, MEMBERS, { withEmpty: true })).map((a) => a.title)).toEqual(["Vestuvės 1923"]);
    expect(await findAlbum(t.db, VISITORS, wedding)).toBeNull();

    expect(
      await saveAlbum(t.db, wedding, { title: "Vestuvės 1923", description: "Jono ir Onos vestuvės." }, [first, second], third, editor),
    ).toEqual({
      ok: true,
    });
    // The cover puts its photo in the album.
    expect(await albumForEditing(t.db, wedding)).toMatchObject({
      photoIds: expect.arrayContaining([first, second, third]),
      coverId: third,
    });
    const coverOf = async (audience: typeof MEMBERS) => (await findAlbum(t.db, audience, wedding))!;
    const mediaOf = (id: number) => items.find((item) => item.id === id)!.image!.id;
    expect(await coverOf(MEMBERS)).toMatchObject({ count: 3, cover: { id: mediaOf(third) } });
    // A visitor never sees the family's photo, not even as a cover: the first of the others in the gallery's order.
    expect(await coverOf(VISITORS)).toMatchObject({ count: 2, cover: { id: mediaOf(first) } });

    const inAlbum = await galleryPage(t.db, VISITORS, 1, { ...NO_BROWSING, albumId: wedding });
    expect(inAlbum.items.map((item) => item.id)).toEqual([first, second]);
    expect(inAlbum.total).toBe(2);
    expect((await galleryPage(t.db, MEMBERS, 1, { ...NO_BROWSING, albumId: wedding })).total).toBe(3);
    expect(await albumsOfPhoto(t.db, VISITORS, first)).toEqual([{ id: wedding, title: "Vestuvės 1923" }]);

    // An album of the family's photos only is not there for a visitor at all.
    const family = await createAlbum(t.db, { title: "Tik mūsų", description: "" }, editor);
    await saveAlbum(t.db, family, { title: "Tik mūsų", description: "" }, [third], null, editor);
    expect((await listAlbums(t.db, VISITORS)).map((a) => a.title)).toEqual(["Vestuvės 1923"]);
    expect((await listAlbums(t.db, MEMBERS)).map((a) => a.title)).toEqual(["Vestuvės 1923", "Tik mūsų"]);
    expect(await findAlbum(t.db, VISITORS, family)).toBeNull();
    expect((await albumsOfPhoto(t.db, MEMBERS, third)).map((a) => a.title)).toEqual(["Vestuvės 1923", "Tik mūsų"]);
    expect((await albumsOfPhoto(t.db, VISITORS, second)).map((a) => a.title)).toEqual(["Vestuvės 1923"]);
  });

  test("the fields: a title is required, long texts are refused with their limits", () => {
    expect(readForm(form({ title: "  Senasis   kaimas ", description: " Sodyba\r\nir laukai " }), ALBUM_FORM)).toMatchObject({
      ok: true,
      value: { title: "Senasis kaimas", description: "Sodyba\nir laukai" },
    });
    expect(readForm(form({ title: " ", description: "x" }), ALBUM_FORM)).toEqual({
      ok: false,
      typed: { title: " ", description: "x" },
      errors: { title: "Įrašykite albumo pavadinimą." },
    });
    expect(inRequestLanguage("en", () => readForm(form({ title: " ", description: "x" }), ALBUM_FORM))).toMatchObject({
      ok: false,
      errors: { title: "Enter the album's title." },
    });
    expect(readForm(form({ title: "x".repeat(201) }), ALBUM_FORM)).toMatchObject({
      ok: false,
      errors: { title: "Laukas „Pavadinimas“ per ilgas: daugiausia 200 simbolių." },
    });
    expect(readForm(form({ title: "x", description: "x".repeat(2001) }), ALBUM_FORM)).toMatchObject({
      ok: false,
      errors: { description: "Laukas „Aprašymas“ per ilgas: daugiausia 2000 simbolių." },
    });
  });

  test("a photo removed from the gallery meanwhile is refused and nothing of the save is kept", async () => {
    const album = await createAlbum(t.db, { title: "Kaimas", description: "" }, editor);
    await saveAlbum(t.db, album, { title: "Kaimas", description: "" }, [photos[0]], null, editor);
    const before = await albumRows();
    await removeGalleryItem(t.db, t.media, photos[1], editor);
    const refused = await saveAlbum(t.db, album, { title: "Kaimas ir laukai", description: "" }, [photos[0], photos[1]], null, editor);
    expect(refused).toEqual({ ok: false, reason: "albumPhotosGone" });
    expect(serverT("lt")(toastTitle("albumPhotosGone"))).toContain("nebėra");
    expect(await albumRows()).toEqual(before);
    expect(await saveAlbum(t.db, 999, { title: "Niekas", description: "" }, [], null, editor)).toEqual({
      ok: false,
      reason: "albumNotFound",
    });
  });

  test("every album write is in the history with its rows, and undoing it puts them back", async () => {
    const empty = await albumRows();
    const album = await createAlbum(t.db, { title: "Kaimas", description: "" }, editor);
    const created = await albumRows();
    await saveAlbum(t.db, album, { title: "Senasis kaimas", description: "Sodyba" }, [photos[0], photos[1]], photos[1], editor);
    const saved = await albumRows();
    const [change] = (await listChanges(t.db, { subjectKind: "album" }, 1)).items;
    expect(change).toMatchObject({ username: "redaktore", subjectId: String(album) });
    expect(summaryIn(change.summary, serverT("lt"))).toBe("Pakeistas albumas „Senasis kaimas“");
    expect(summaryIn(change.summary, serverT("en"))).toBe("Album “Senasis kaimas” changed");
    expect(change.rows.map((row) => `${row.table}:${row.before ? "b" : "-"}${row.after ? "a" : "-"}`).sort()).toEqual([
      "albumPhotos:-a",
      "albumPhotos:-a",
      "albums:ba",
    ]);

    // A photo removed from the gallery leaves the album with it; undoing the removal brings it back into the album.
    await removeGalleryItem(t.db, t.media, photos[0], editor);
    expect((await albumForEditing(t.db, album))!.photoIds).toEqual([photos[1]]);
    const [removal] = (await listChanges(t.db, { subjectKind: "gallery" }, 1)).items;
    expect(await undoChange(t.db, removal.id, editor)).toMatchObject({ ok: true });
    expect(await albumRows()).toEqual(saved);

    // The album's creation cannot be undone while a later change's photos are in it.
    const [creation] = (await listChanges(t.db, { subjectKind: "album" }, 1)).items.slice(-1);
    expect(summaryIn(creation.summary, serverT("lt"))).toBe("Sukurtas albumas „Kaimas“");
    expect(await undoChange(t.db, creation.id, editor)).toMatchObject({ ok: false });
    expect(await undoChange(t.db, change.id, editor)).toMatchObject({ ok: true });
    expect(await albumRows()).toEqual(created);

    // Removing it and undoing that, then undoing the creation: as before it was made.
    await saveAlbum(t.db, album, { title: "Kaimas", description: "" }, [photos[2]], null, editor);
    expect(await removeAlbum(t.db, album, editor)).toBe(true);
    expect((await listGalleryItems(t.db, MEMBERS)).some((item) => item.id === photos[2])).toBe(true);
    const [albumRemoval] = (await listChanges(t.db, { subjectKind: "album" }, 1)).items;
    expect(summaryIn(albumRemoval.summary, serverT("lt"))).toBe("Pašalintas albumas „Kaimas“");
    expect(await undoChange(t.db, albumRemoval.id, editor)).toMatchObject({ ok: true });
    expect((await albumForEditing(t.db, album))!.photoIds).toEqual([photos[2]]);
    expect(await removeAlbum(t.db, 999, editor)).toBe(false);
    expect(empty).toEqual({ albums: [], albumPhotos: [] });
  });

  test("a photo added into an album (a bulk upload's batch) is in it, as one change; an album that is gone refuses the photo", async () => {
    const album = await createAlbum(t.db, { title: "Senelio albumas", description: "" }, editor);
    const upload = async (albumField: string) => {
      const file = path.join(t.dir, `nuotrauka-${albumField}.jpg`);
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#806040" } })
        .jpeg()
        .toFile(file);
      const fields = new FormData();
      fields.set("title", "Senelis prie arklių");
      fields.set("description", "Iš senelio albumo");
      fields.set("album", albumField);
      // As the upload endpoint does: the form read, then the upload; a refusal in the words of its field.
      const read = readForm(fields, GALLERY_ADD_FORM);
      if (!read.ok) return { ok: false, errors: read.errors };
      const added = await addGalleryUpload(
        t.db,
        t.media,
        read.value,
        { path: file, name: "senelis.jpg", size: fs.statSync(file).size },
        editor,
      );
      return added.ok ? added : { ok: false, errors: addRefusedField(read.typed, added).errors };
    };
    const added = await upload(String(album));
    expect(added).toMatchObject({ ok: true });
    const id = (added as { id: number }).id;
    expect((await albumForEditing(t.db, album))!.photoIds).toEqual([id]);
    const [change] = (await listChanges(t.db, { subjectKind: "gallery" }, 1)).items;
    expect(await undoChange(t.db, change.id, editor)).toMatchObject({ ok: true });
    expect((await albumForEditing(t.db, album))!.photoIds).toEqual([]);

    const count = (await listGalleryItems(t.db, MEMBERS)).length;
    for (const gone of ["999", "x", "99999999999"]) {
      expect(await upload(gone)).toEqual({ ok: false, errors: { album: "Tokio albumo nebėra" } });
    }
    expect((await listGalleryItems(t.db, MEMBERS)).length).toBe(count);
  });

  test("albums keep the order they are moved into", async () => {
    const a = await createAlbum(t.db, { title: "A", description: "" });
    const b = await createAlbum(t.db, { title: "B", description: "" });
    const c = await createAlbum(t.db, { title: "C", description: "" });
    const order = async () => (await listAlbums(t.db, MEMBERS, { withEmpty: true })).map((album) => album.id);
    expect(await order()).toEqual([a, b, c]);
    expect(await moveAlbum(t.db, c, "up", editor)).toBe(true);
    expect(await order()).toEqual([a, c, b]);
    expect(await moveAlbum(t.db, a, "up", editor)).toBe(true);
    expect(await order()).toEqual([a, c, b]);
    expect(await moveAlbum(t.db, 999, "down", editor)).toBe(false);
  });

  test("albums are in backups, and a restored installation numbers new albums after them", async () => {
    const album = await createAlbum(t.db, { title: "Kaimas", description: "Sodyba" }, editor);
    await saveAlbum(t.db, album, { title: "Kaimas", description: "Sodyba" }, [photos[0], photos[3]], photos[3], editor);
    const file = path.join(t.dir, "kopija.tar.gz");
    await writeBackup(t.db, t.database.kind, t.media, file);
    const target = await createEmptyDatabase();
    try {
      await restoreBackup(target.db, target.database.kind, target.media, file);
      const restored = await contentOf(target.db);
      const original = await contentOf(t.db);
      expect(restored.albums).toEqual(original.albums);
      expect(restored.albumPhotos).toEqual(original.albumPhotos);
      expect(restored.albumPhotos).toHaveLength(2);
      expect(await createAlbum(target.db, { title: "Naujas", description: "" })).toBeGreaterThan(album);
    } finally {
      await target.close();
    }
  });
});
