import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/genealogy-export";
import { requireAdmin, services } from "../../.server/context.ts";
import { exportFile } from "../../.server/genealogy/trees.ts";

// Downloads the current tree: ?versija=5.5.1|7.0, &gedzip=1 for the archive
// with media, &viesas=1 for the public export without living people.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, media } = services(context);
  const params = new URL(request.url).searchParams;
  const version = params.get("versija") === "7.0" ? "7.0" : "5.5.1";
  const zip = params.get("gedzip") === "1";
  const publicOnly = params.get("viesas") === "1";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-gedcom-"));
  const file = path.join(dir, zip ? "medis.gdz" : "medis.ged");
  const result = await exportFile(db, media, file, { version: zip ? "7.0" : version, zip, publicOnly }).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  if (!result) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw data("Giminės medžio dar nėra", { status: 404 });
  }
  const stream = fs.createReadStream(file);
  stream.on("close", () => fs.rmSync(dir, { recursive: true, force: true }));
  const name = `gimines-medis${publicOnly ? "-viesas" : ""}-${zip ? "7.0.gdz" : `${version}.ged`}`;
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": zip ? "application/zip" : "text/plain; charset=utf-8",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
