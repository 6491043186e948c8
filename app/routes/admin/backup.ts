import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Route } from "./+types/backup";
import { writeBackup } from "../../.server/backup.ts";
import { requireAdmin, services } from "../../.server/context.ts";

// The dashboard's "download a backup": the same archive as `npm run backup`,
// made on request and streamed to the administrator.
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, config, media } = services(context);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-kopija-"));
  const file = path.join(dir, "kopija.tar.gz");
  try {
    await writeBackup(db, config.database.kind, media, file);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stream = fs.createReadStream(file);
  stream.on("close", () => fs.rmSync(dir, { recursive: true, force: true }));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": `attachment; filename="seimos-svetaine-${day}.tar.gz"`,
      "Cache-Control": "private, no-store",
    },
  });
}
