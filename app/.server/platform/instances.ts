import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Database } from "#app/.server/platform/db/schema.ts";

// Every server process registers itself and beats a heartbeat into the
// database. Another process is taken to be alive while its heartbeat is
// fresh, unless it ran on this machine and its process id is gone (a crash
// or SIGKILL): then its unfinished uploads can be cleaned up at once.

const HEARTBEAT_MS = 30_000;
const ALIVE_WITHIN_MS = 3 * HEARTBEAT_MS;

export interface Instance {
  id: string;
  stop(): Promise<void>;
}

export async function registerInstance(db: Database): Promise<Instance> {
  const id = randomUUID();
  const now = new Date().toISOString();
  // Rows of processes long gone.
  await db
    .deleteFrom("instances")
    .where("heartbeatAt", "<", new Date(Date.now() - 24 * 3600_000).toISOString())
    .execute();
  await db.insertInto("instances").values({ id, host: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now }).execute();
  const timer = setInterval(() => {
    db.updateTable("instances")
      .set({ heartbeatAt: new Date().toISOString() })
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

/** Whether any other server process of this installation may be running now. */
export async function otherInstancesAlive(db: Database, selfId: string | null): Promise<boolean> {
  const since = new Date(Date.now() - ALIVE_WITHIN_MS).toISOString();
  const rows = await db.selectFrom("instances").select(["id", "host", "pid"]).where("heartbeatAt", ">", since).execute();
  const host = os.hostname();
  return rows.some((row) => row.id !== selfId && (row.host !== host || processAlive(row.pid)));
}
