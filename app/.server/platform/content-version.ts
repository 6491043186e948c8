import { randomBytes } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import type { Database } from "#app/.server/platform/db/schema.ts";

// The site's content version: a random token that changes whenever anything a
// visitor may see could have changed. Work computed from the whole site (the
// sitemap, the public GEDCOM export) is cached under it.
//
// It changes after every state-changing request made by an editor or the
// administrator (the root middleware in context.ts): only they can change
// what the public sees, so no route has to remember to announce its writes. Changes
// made outside a request (the command-line import, a restore) change it
// themselves. A random token rather than a counter: a restored backup brings
// back an older token, which then names exactly the content it was issued for.

const KEY = "content_version";

export async function contentVersion(db: Database): Promise<string> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  return row?.value ?? "initial";
}

export async function changeContentVersion(db: Database): Promise<void> {
  const value = randomBytes(12).toString("base64url");
  await db
    .insertInto("settings")
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/**
 * For SQLite: whether anything has been committed to the database file, by
 * this process or any other, since the last call. A connection of its own
 * reads PRAGMA data_version, which changes when another connection commits
 * (microseconds): the render cache asks it instead of reading the version
 * for every visitor's request.
 */
export function commitWatch(file: string): { changed: () => boolean; close(): void } {
  const connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const statement = connection.prepare("PRAGMA data_version").pluck();
  let last: unknown = undefined;
  return {
    changed() {
      const now = statement.get();
      const changed = now !== last;
      last = now;
      return changed;
    },
    close: () => connection.close(),
  };
}
