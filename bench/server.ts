import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createSession } from "#app/.server/accounts/session.ts";
import { createUser } from "#app/.server/accounts/users.ts";
import type { Role } from "#app/lib/roles.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "#server/start-options.ts";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { writeBigTree } from "#tests/integration/big-tree.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_ADMIN = { username: "admin", password: "bench-slaptazodis" };

/** The production build started as `npm run serve` starts it (server/start-options.ts), on a free port; resolves once it listens. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Svetainė veikia: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, process: child };
}

/** A data folder with the example family's content and a small tree (bach.ged: person 1 and on), as the public pages' benchmarks use. */
export async function seededSiteWithTree(dataDir: string): Promise<void> {
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "database.sqlite") });
  await migrateToLatest(db);
  const store = mediaStore({ dataDir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
  await seedIfNew(db, store);
  await importFile(db, store, path.join(ROOT, "tests/fixtures/gedcom-corpus/samples/bach.ged"), { sourceName: "bach.ged" });
  // A story of the history (/istorija/sodyba) with a person and a photo in its text, the first photo its cover.
  const [first, second] = await db.selectFrom("galleryItems").select("id").orderBy("position").limit(2).execute();
  await createStory(
    db,
    {
      title: "Sodyba",
      lead: "Kaip sodyba išliko per karą.",
      body: `## Statyba\n\nSodybą pastatė [šeimos galva](asmuo:1).\n\n![Sodyba](nuotrauka:${second.id})\n\n${"Pastraipa apie sodybą. ".repeat(40)}`,
      era: "Tarpukaris",
      yearFrom: 1925,
      yearTo: 1940,
      places: "",
      coverPhotoId: first.id,
      membersOnly: false,
      published: true,
    },
    null,
  );
  await db.destroy();
}

/**
 * Makes a generated tree of `people` people (tests/integration/big-tree.ts)
 * the data folder's current tree, under `treeId`: the index pages at 100,000
 * people (bench:big-tree, and bench:pages with BENCH_TREE_PEOPLE).
 */
export async function useBigTree(dataDir: string, people: number, treeId = 1000): Promise<void> {
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "database.sqlite") });
  try {
    await writeBigTree(db, treeId, people);
    await db
      .insertInto("settings")
      .values({ key: "genealogy_current_tree", value: String(treeId) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(treeId) }))
      .execute();
    await changeContentVersion(db);
  } finally {
    await db.destroy();
  }
}

/** A member (narys, or the role named: the user is named after it) made in a data folder's database, signed in: the Cookie header their browser sends. */
export async function memberCookie(dataDir: string, role: Role = "narys"): Promise<string> {
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "database.sqlite") });
  try {
    const member = await createUser(db, role, "bench-nario-slaptazodis", role);
    return (await createSession(db, member.id)).split(";")[0];
  } finally {
    await db.destroy();
  }
}
