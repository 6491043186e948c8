import { createHash, randomBytes } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { familyDate } from "#app/lib/lithuanian.ts";
import { contentVersion } from "#app/.server/platform/content-version.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import { exportFile } from "./trees.ts";

// What the tree publishes as a whole to everyone: its tag, and the public
// GEDCOM export. The export applies the living rule to every person, seconds
// of work at 100,000 people, so it never runs per request: it is made once
// per tag (the content version, which changes with every edit, and the date,
// since the rule moves with it), by the indexes' builder for a large tree
// (prepared-indexes.ts), and answered with an ETag so that a client that has
// it gets 304. The published list of people is one of the prepared indexes.

/**
 * The tag of what is published now. Both dates: the living rule counts days
 * in UTC, and "Šią dieną" (the home page's block, on-this-day.ts) shows the
 * family's day in Vilnius, which begins two or three hours earlier; a page
 * kept by the render cache is therefore never a day behind either.
 */
export async function publishedTag(db: Database): Promise<string> {
  const now = new Date();
  const { year, month, day } = familyDate(now);
  return createHash("sha256")
    .update(`${await contentVersion(db)}|${now.toISOString().slice(0, 10)}|${year}-${month}-${day}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The newest computation of something, per database: one at a time per tag, the latest kept. */
class Latest<T> {
  #results = new WeakMap<Database, { tag: string; value: Promise<T> }>();

  get(db: Database, tag: string, compute: () => Promise<T>): Promise<T> {
    const known = this.#results.get(db);
    if (known?.tag === tag) return known.value;
    const value = compute();
    this.#results.set(db, { tag, value });
    // A failure is not kept: the next request tries again.
    value.catch(() => {
      if (this.#results.get(db)?.value === value) this.#results.delete(db);
    });
    return value;
  }

  forget(db: Database): void {
    this.#results.delete(db);
  }
}

const exports = new Latest<string | null>();

/**
 * The public GEDCOM export (5.5.1, without living people) as a file under
 * `cacheDir`, made when its tag has none yet; null when there is no tree.
 * Server processes sharing DATA_DIR share the file.
 */
export async function publicExport(
  db: Database,
  store: MediaStore,
  cacheDir: string,
  retry = true,
): Promise<{ tag: string; file: string } | null> {
  const tag = await publishedTag(db);
  const file = path.join(cacheDir, `viesas-${tag}.ged`);
  const made = await exports.get(db, tag, async () => {
    if (await exists(file)) return file;
    await fs.mkdir(cacheDir, { recursive: true });
    // The process's id in the name: a builder's child stopped midway removes its own (removePartialExports).
    const partial = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
    try {
      const result = await exportFile(db, store, partial, { version: "5.5.1", audience: "visitors" });
      if (!result) return null;
      await fs.rename(partial, file);
    } finally {
      await fs.rm(partial, { force: true });
    }
    // Older versions go; a process still sending one keeps its open file.
    for (const name of await fs.readdir(cacheDir)) {
      if (name.startsWith("viesas-") && name !== path.basename(file) && !name.endsWith(".tmp")) {
        await fs.rm(path.join(cacheDir, name), { force: true });
      }
    }
    return file;
  });
  if (made && retry && !(await exists(made))) {
    // Another process has just made a newer version and removed this one.
    exports.forget(db);
    return publicExport(db, store, cacheDir, false);
  }
  return made ? { tag, file: made } : null;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Removes the partial export files process `pid` was writing (synchronously: from a signal handler, before it exits). */
export function removePartialExports(cacheDir: string, pid: number): void {
  let names: string[];
  try {
    names = fsSync.readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith("viesas-") && name.endsWith(".tmp") && name.includes(`.${pid}-`))
      fsSync.rmSync(path.join(cacheDir, name), { force: true });
  }
}
