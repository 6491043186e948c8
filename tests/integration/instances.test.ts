import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { sweepAbandonedImports } from "#app/.server/genealogy/trees.ts";
import { instanceAlive, otherInstancesAlive, registerInstance } from "#app/.server/platform/instances.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Which server processes are alive (issue 34 point 4,
// app/.server/platform/instances.ts): what decides whether an upload or an
// import in progress is another process's or left by a crash. Replicas in
// containers on one host name, clocks that differ, and imports longer than an
// hour made processes sweep each other's work.

const ROOT = path.resolve(import.meta.dirname, "../..");

let t: TestDatabase;
const children: ChildProcess[] = [];
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const child of children.splice(0)) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdin?.end();
    await exited;
  }
  await t.close();
});

/** A process registered from a pid namespace of its own (as another container on this host name), past `forks` process ids there. */
async function inOwnPidNamespace(forks: number): Promise<{ id: string; pid: number }> {
  const script = path.join(ROOT, "tests/integration/instance-process.ts");
  // In the background (so that it is not the namespace's first process), its input still the test's: it stops when that closes.
  // (A background command's input is /dev/null unless given another: the test's is kept as fd 3 first.)
  const shell = `exec 3<&0; i=0; while [ $i -lt ${forks} ]; do /bin/true & i=$((i+1)); done; wait; "${process.execPath}" "${script}" <&3 3<&- & wait`;
  const user = process.getuid?.() === 0 ? [] : ["--user", "--map-root-user"];
  const child = spawn("unshare", [...user, "--pid", "--fork", "--mount-proc", "sh", "-c", shell], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_JSON: JSON.stringify(t.database) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr!.on("data", (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]));
    });
    child.once("exit", (code) => reject(new Error(`unshare exited ${code}: ${err}`)));
  });
}

test("a process on this host name in another pid namespace (a container beside this one) is alive while its heartbeat is fresh", async () => {
  // Its process id means nothing here; one that no process of this namespace has makes the old mistake show.
  let other: { id: string; pid: number } | undefined;
  for (let forks = 300; forks < 3000 && !other; forks += 300) {
    const found = await inOwnPidNamespace(forks);
    if (!fs.existsSync(`/proc/${found.pid}`)) other = found;
  }
  expect(other, "a process id free in this namespace").toBeDefined();
  expect(await instanceAlive(t.db, other!.id)).toBe(true);
  expect(await otherInstancesAlive(t.db, null)).toBe(true);
});

test("heartbeats go by the database's clock: a process whose clock is five minutes behind is alive", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 5 * 60_000);
  const behind = await registerInstance(t.db);
  vi.useRealTimers();
  try {
    expect(await instanceAlive(t.db, behind.id)).toBe(true);
    expect(await otherInstancesAlive(t.db, null)).toBe(true);
  } finally {
    await behind.stop();
  }
  // Stopped: gone at once.
  expect(await instanceAlive(t.db, behind.id)).toBe(false);
});

test("an import running for more than an hour is not swept while the process doing it lives; once it is gone, it is", async () => {
  const owner = await registerInstance(t.db);
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
  const { id } = await t.db
    .insertInto("genealogyTrees")
    .values({ status: "importing", sourceName: "didelis.ged", createdAt: twoHoursAgo, ownerInstance: owner.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Another process starting now, with others alive or alone: the owner lives.
  expect(await sweepAbandonedImports(t.db, t.media, { othersAlive: true })).toBe(0);
  expect(await sweepAbandonedImports(t.db, t.media, { othersAlive: false })).toBe(0);
  expect((await t.db.selectFrom("genealogyTrees").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
    "importing",
  );
  await owner.stop();
  expect(await sweepAbandonedImports(t.db, t.media, { othersAlive: true })).toBe(1);
  expect((await t.db.selectFrom("genealogyTrees").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("failed");
});
