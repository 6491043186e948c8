import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { sql, type RawBuilder } from "kysely";
import { onPostgresDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// Every server process, and every process running a GEDCOM import, registers
// itself with a random identity and beats a heartbeat into the database.
// Another process is taken to be alive while its heartbeat is fresh, unless
// it ran on this machine in this same set of process ids and its process id
// is gone (a crash or SIGKILL): then what it left half done can be cleaned up
// at once. (Issue 34 point 4.) Two things made replicas mistake each other for
// dead before, and are ruled out here:
//   - Containers on one host name each have their own process ids: a process
//     id seen from another container says nothing. The machine is named with
//     its pid namespace (/proc/self/ns/pid), so the process id is looked at
//     only from the same one.
//   - Clocks differ between machines: a heartbeat written by one 2 minutes
//     behind looked 2 minutes old to the others. Heartbeats are written and
//     judged by the database's clock, the one clock they all share.

const HEARTBEAT_MS = 30_000;
const ALIVE_WITHIN_MS = 3 * HEARTBEAT_MS;

export interface Instance {
  id: string;
  stop(): Promise<void>;
}

/** The database's time now (plus `offsetSeconds`), as an ISO 8601 text like Date.toISOString(): what heartbeats are written and judged by. */
export function databaseTime(db: Database, offsetSeconds = 0): RawBuilder<string> {
  if (onPostgresDatabase(db)) {
    return sql<string>`to_char((clock_timestamp() + make_interval(secs => ${offsetSeconds})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${offsetSeconds} seconds`})`;
}

/** This machine as processes on it see each other: its host name and its set of process ids (a container's own). */
export function machineName(): string {
  let namespace = "";
  try {
    namespace = fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    // Not Linux: the host name alone.
  }
  return namespace ? `${os.hostname()} ${namespace}` : os.hostname();
}

export async function registerInstance(db: Database): Promise<Instance> {
  const id = randomUUID();
  // Rows of processes long gone.
  await db
    .deleteFrom("instances")
    .where("heartbeatAt", "<", databaseTime(db, -24 * 3600))
    .execute();
  await db
    .insertInto("instances")
    .values({ id, host: machineName(), pid: process.pid, startedAt: databaseTime(db), heartbeatAt: databaseTime(db) })
    .execute();
  const timer = setInterval(() => {
    db.updateTable("instances")
      .set({ heartbeatAt: databaseTime(db) })
      .where("id", "=", id)
      .execute()
      .catch((error: unknown) => console.error("Nepavyko atnaujinti proceso gyvybės žymos:", error));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.deleteFrom("instances").where("id", "=", id).execute();
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The processes whose heartbeat is fresh, but for those of this machine whose process id is gone. */
async function livingInstances(db: Database): Promise<{ id: string }[]> {
  const rows = await db
    .selectFrom("instances")
    .select(["id", "host", "pid"])
    .where("heartbeatAt", ">", databaseTime(db, -ALIVE_WITHIN_MS / 1000))
    .execute();
  const here = machineName();
  return rows.filter((row) => row.host !== here || processAlive(row.pid));
}

/** Whether any other process of this installation may be running now. */
export async function otherInstancesAlive(db: Database, selfId: string | null): Promise<boolean> {
  return (await livingInstances(db)).some((row) => row.id !== selfId);
}

/** Whether the process registered as `id` may be running now. */
export async function instanceAlive(db: Database, id: string): Promise<boolean> {
  return (await livingInstances(db)).some((row) => row.id === id);
}
