// A process that registers itself as a server process does and waits
// (instances.test.ts starts it in a pid namespace of its own, as a container
// on the same host name is): it prints its instance id and its own process id,
// and stops when its standard input closes.
//   DATABASE_JSON='{"kind":"sqlite","file":"…"}' node tests/integration/instance-process.ts
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { registerInstance } from "#app/.server/platform/instances.ts";

const db = openDatabase(JSON.parse(process.env.DATABASE_JSON!));
const instance = await registerInstance(db);
process.stdout.write(`${JSON.stringify({ id: instance.id, pid: process.pid })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  await instance.stop();
  await db.destroy();
  process.exit(0);
});
