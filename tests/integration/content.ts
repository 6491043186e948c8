import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";

/** Every content row of an installation, in a fixed order, for comparing two installations. */
export async function contentOf(db: Database) {
  return {
    // Secrets are the installation's own; the content version is a cache key a restore changes on purpose.
    settings: (await db.selectFrom("settings").selectAll().orderBy("key").execute()).filter(
      (s) => !s.key.startsWith("secret_") && s.key !== "content_version",
    ),
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    media: await db.selectFrom("media").selectAll().orderBy("id").execute(),
    historyRevisions: await db.selectFrom("historyRevisions").selectAll().orderBy("id").execute(),
    galleryItems: await db.selectFrom("galleryItems").selectAll().orderBy("id").execute(),
    documents: await db.selectFrom("documents").selectAll().orderBy("id").execute(),
    guestbookEntries: await db.selectFrom("guestbookEntries").selectAll().orderBy("id").execute(),
    genealogyTrees: await db.selectFrom("genealogyTrees").selectAll().orderBy("id").execute(),
    genealogyPeople: await db.selectFrom("genealogyPeople").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogyFamilies: await db.selectFrom("genealogyFamilies").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogyChildren: await db
      .selectFrom("genealogyChildren")
      .selectAll()
      .orderBy("treeId")
      .orderBy("familyId")
      .orderBy("personId")
      .execute(),
    genealogyEvents: await db.selectFrom("genealogyEvents").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogyPlaces: await db.selectFrom("genealogyPlaces").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogySources: await db.selectFrom("genealogySources").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogyCitations: await db.selectFrom("genealogyCitations").selectAll().orderBy("treeId").orderBy("id").execute(),
    genealogyRecords: await db.selectFrom("genealogyRecords").selectAll().orderBy("treeId").orderBy("id").execute(),
    // The change history, proposals and memories (issue 17).
    changes: await db.selectFrom("changes").selectAll().orderBy("id").execute(),
    proposals: await db.selectFrom("proposals").selectAll().orderBy("id").execute(),
    memories: await db.selectFrom("memories").selectAll().orderBy("id").execute(),
    // Who is in which photo and document, and the albums (issue 18).
    photoPeople: await db.selectFrom("photoPeople").selectAll().orderBy("id").execute(),
    documentPeople: await db.selectFrom("documentPeople").selectAll().orderBy("treeId").orderBy("personId").orderBy("documentId").execute(),
    albums: await db.selectFrom("albums").selectAll().orderBy("id").execute(),
    albumPhotos: await db.selectFrom("albumPhotos").selectAll().orderBy("albumId").orderBy("galleryItemId").execute(),
    photoDocuments: await db.selectFrom("photoDocuments").selectAll().orderBy("galleryItemId").orderBy("documentId").execute(),
    // The stories of the history (issue 19).
    stories: await db.selectFrom("stories").selectAll().orderBy("id").execute(),
    storySlugs: await db.selectFrom("storySlugs").selectAll().orderBy("slug").execute(),
    storyRevisions: await db.selectFrom("storyRevisions").selectAll().orderBy("id").execute(),
  };
}

/** Every uploaded file in use (originals and derived images) with a hash of its bytes. */
export function filesOf(store: MediaStore): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of ["originals", "public"]) {
    const root = path.join(store.root, dir);
    if (!fs.existsSync(root)) continue;
    for (const name of fs.readdirSync(root, { recursive: true }) as string[]) {
      const full = path.join(root, name);
      if (fs.statSync(full).isFile()) files[`${dir}/${name}`] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
    }
  }
  return files;
}
