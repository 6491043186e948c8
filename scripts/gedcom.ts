// GEDCOM import and export on the server, for large files and for scripts:
//   npm run gedcom -- import FILE [--json] [--code-page auto|1257|1252] [--replace] [--accept-cut-off]
//   npm run gedcom -- export FILE [--version 5.5.1|7.0] [--public]
// FILE may be a .ged or a GEDZIP (.gdz) archive. Works on the installation
// that DATA_DIR / DATABASE_URL name. An import replaces an existing tree only
// with --replace; the replaced tree stays as a backup the administrator can
// restore on /admin/medis. A cut-off file (no 0 TRLR) is imported but not
// published unless --accept-cut-off says so. Failures are one clear line and
// exit code 1.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { ImportRefused } from "#app/.server/genealogy/gedcom/import.ts";
import { archiveLimits, currentTreeId, exportFile, importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { plural } from "#app/lib/lithuanian.ts";

const USAGE = `Naudojimas:
  npm run gedcom -- import FAILAS [--json] [--code-page auto|1257|1252] [--replace] [--accept-cut-off]
  npm run gedcom -- export FAILAS [--version 5.5.1|7.0] [--public]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: "boolean", default: false },
    replace: { type: "boolean", default: false },
    public: { type: "boolean", default: false },
    version: { type: "string", default: "5.5.1" },
    "code-page": { type: "string", default: "auto" },
    "accept-cut-off": { type: "boolean", default: false },
  },
});
const [command, file] = positionals;
const codePages: Record<string, CodePageChoice> = { auto: "auto", "1257": "windows-1257", "1252": "windows-1252" };
if (
  !file ||
  (command !== "import" && command !== "export") ||
  !(values["code-page"] in codePages) ||
  !["5.5.1", "7.0"].includes(values.version)
) {
  console.error(USAGE);
  process.exit(2);
}

function fail(message: string): never {
  if (values.json) console.log(JSON.stringify({ error: message }));
  else console.error(message);
  process.exit(1);
}

const config = parseConfig(process.env);
const db = openDatabase(config.database);
const store = mediaStore(config);
try {
  await migrateToLatest(db);
  if (command === "import") {
    const existing = await currentTreeId(db);
    if (existing !== null && !values.replace) {
      fail("Giminės medis jau yra. Kad jį pakeistumėte šiuo failu, pridėkite --replace (dabartinis liks atsarginė kopija).");
    }
    let summary;
    try {
      summary = await importFile(db, store, path.resolve(file), {
        sourceName: path.basename(file),
        codePage: codePages[values["code-page"]],
        limits: archiveLimits(config),
      });
    } catch (error) {
      if (error instanceof ImportRefused) fail(error.message);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") fail(`Failas nerastas: ${path.resolve(file)}`);
      throw error;
    }
    // A cut-off file is published only when asked for by name.
    let published = summary.current;
    if (!published && (existing === null || values.replace) && (!summary.cutOff || values["accept-cut-off"])) {
      published = (await makeCurrent(db, store, summary.treeId, { acceptCutOff: values["accept-cut-off"] })) === "done";
    }
    if (values.json) {
      const { treeId, people, families, sources, media, version, charset, warnings, cutOff } = summary;
      console.log(
        JSON.stringify({
          treeId,
          people,
          families,
          sources,
          media,
          version,
          charset: charset?.charset ?? null,
          cutOff,
          published,
          warnings,
        }),
      );
    } else {
      if (summary.cutOff) {
        console.log("DĖMESIO: failas nutrūkęs (nėra pabaigos eilutės „0 TRLR“): dalies asmenų, šeimų ar ryšių gali trūkti.");
        if (!published) console.log("Medis nepaskelbtas. Kad vis tiek jį paskelbtumėte, pakartokite su --accept-cut-off.");
      }
      console.log(
        `Importuota: ${plural(summary.people, ["asmuo", "asmenys", "asmenų"])}, ${plural(summary.families, ["šeima", "šeimos", "šeimų"])}, ` +
          `${plural(summary.sources, ["šaltinis", "šaltiniai", "šaltinių"])}, ${plural(summary.media, ["medijos objektas", "medijos objektai", "medijos objektų"])}.`,
      );
      console.log(`GEDCOM ${summary.version ?? "?"}, koduotė ${summary.charset?.charset ?? "?"}.`);
      for (const w of summary.warnings) console.log(`  ${w.line ? `${w.line} eil.: ` : ""}${w.message}`);
    }
  } else {
    const result = await exportFile(db, store, path.resolve(file), {
      version: values.version as "5.5.1" | "7.0",
      audience: values.public ? "visitors" : undefined,
      zip: file.toLowerCase().endsWith(".gdz"),
    });
    if (!result) fail("Giminės medžio dar nėra: nėra ką eksportuoti.");
    console.log(
      `Eksportuota į ${path.resolve(file)}: ${plural(result.people, ["asmuo", "asmenys", "asmenų"])}, ${plural(result.families, ["šeima", "šeimos", "šeimų"])} (GEDCOM ${file.toLowerCase().endsWith(".gdz") ? "7.0, GEDZIP" : values.version}${values.public ? ", be gyvų ir privačių asmenų" : ""}).`,
    );
  }
} catch (error) {
  // A failure the operator can do nothing about in the command's terms: said plainly, no stack trace.
  const what = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EACCES") {
    fail(`Failo „${(error as NodeJS.ErrnoException).path ?? file}“ atverti nepavyko (${(error as NodeJS.ErrnoException).code}).`);
  }
  fail(`${command === "import" ? "Importas" : "Eksportas"} nepavyko: ${what}`);
} finally {
  await db.destroy();
}
