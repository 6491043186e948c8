// GEDCOM import and export on the server, for large files and for scripts:
//   npm run gedcom -- import FILE [--json] [--code-page auto|1257|1252] [--replace | --merge [--prefer site|file]] [--accept-cut-off]
//   npm run gedcom -- export FILE [--version 5.5.1|7.0] [--public]
//   npm run gedcom -- --help
// FILE may be a .ged or a GEDZIP (.gdz) archive. Works on the installation
// that DATA_DIR / DATABASE_URL name. An import replaces an existing tree only
// with --replace; with --merge it is merged with it (issue 29): the file's
// changes applied, the site's kept, and conflicts decided by --prefer, or
// else left for the administrator on /admin/medis (exit code 3, nothing
// published). Either way the site's tree stays as a backup the administrator
// can restore. A cut-off file (no 0 TRLR) is imported but not published
// unless --accept-cut-off says so. Failures are one clear line and exit code 1;
// a command line not understood (an unknown option, a missing value or file)
// is one line and the usage on standard error, exit code 2. --help (-h)
// prints the usage, exit code 0.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { ImportRefused } from "#app/.server/genealogy/gedcom/import.ts";
import { archiveLimits, currentTreeId, exportFile, importFile, makeCurrent, mergeImport } from "#app/.server/genealogy/trees.ts";
import type { Choice } from "#app/.server/genealogy/merge/apply.ts";
import { countPlan, type MergeItem } from "#app/.server/genealogy/merge/plan.ts";
import type { StoredPlan } from "#app/.server/genealogy/merge/prepare.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { describeDifference } from "#app/lib/merge-words.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { plural } from "#app/lib/lithuanian.ts";
import { serverT } from "#app/.server/platform/i18n.ts";

/** The operator's tool is in Lithuanian (decision 035). */
const lt = serverT("lt");

const USAGE = `Naudojimas:
  npm run gedcom -- import FAILAS [--json] [--code-page auto|1257|1252] [--replace | --merge [--prefer site|file]] [--accept-cut-off]
  npm run gedcom -- export FAILAS [--version 5.5.1|7.0] [--public]
  npm run gedcom -- --help

FAILAS: .ged failas arba GEDZIP archyvas (.gdz).

import  įkelia failą kaip naują giminės medį (pirmasis paskelbiamas iš karto)
  --json                       atsakymas viena JSON eilute
  --code-page auto|1257|1252   koduotė, kai failas jos nenurodo (CHAR ANSI); numatyta auto
  --replace                    pakeisti esamą medį (jis liks atsarginė kopija)
  --merge                      sujungti su esamu medžiu
  --prefer site|file           sujungiant konfliktus spręsti svetainės (site) arba failo (file) naudai
  --accept-cut-off             paskelbti ir nutrūkusį failą (be „0 TRLR“)

export  įrašo dabartinį medį į FAILAS (.gdz: GEDZIP su nuotraukomis, GEDCOM 7.0)
  --version 5.5.1|7.0          GEDCOM versija; numatyta 5.5.1
  --public                     be gyvų ir privačių asmenų

  -h, --help                   šis aprašas

Išėjimo kodai: 0 pavyko, 1 nepavyko, 2 netinkama komanda, 3 sujungimas laukia sprendimų svetainėje.`;

const OPTIONS = {
  help: { type: "boolean", short: "h", default: false },
  json: { type: "boolean", default: false },
  replace: { type: "boolean", default: false },
  merge: { type: "boolean", default: false },
  prefer: { type: "string" },
  public: { type: "boolean", default: false },
  version: { type: "string", default: "5.5.1" },
  "code-page": { type: "string", default: "auto" },
  "accept-cut-off": { type: "boolean", default: false },
} as const;

const codePages: Record<string, CodePageChoice> = { auto: "auto", "1257": "windows-1257", "1252": "windows-1252" };

/** A command line not understood: what is wrong in one Lithuanian line, then the usage, on standard error; exit code 2. */
function usageError(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

/**
 * The command line, read by node's parseArgs without its own (English) errors
 * and stack traces: each option checked here and a problem said in Lithuanian.
 */
function readCommandLine(args: string[]) {
  const { values, positionals, tokens } = parseArgs({ args, allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = (OPTIONS as Record<string, { type: "boolean" | "string" }>)[token.name];
    if (!option) usageError(`Nežinoma parinktis ${token.rawName}.`);
    if (option.type === "string" && token.value === undefined) usageError(`Parinkčiai ${token.rawName} reikia reikšmės.`);
    // (A value's token holds it even when it starts with "-": "--version --public" is a missing value.)
    if (option.type === "string" && !token.inlineValue && token.value?.startsWith("-"))
      usageError(`Parinkčiai ${token.rawName} reikia reikšmės.`);
    if (option.type === "boolean" && token.value !== undefined) usageError(`Parinktis ${token.rawName} reikšmės nepriima.`);
  }
  const [command, file, extra] = positionals;
  if (command === undefined) usageError("Nenurodyta komanda (import arba export).");
  if (command !== "import" && command !== "export") usageError(`Nežinoma komanda „${command}“: galima import arba export.`);
  if (!file) usageError(`Komandai ${command} reikia failo vardo.`);
  if (extra !== undefined) usageError(`Nereikalingas argumentas „${extra}“.`);
  const chosen = {
    json: values.json === true,
    replace: values.replace === true,
    merge: values.merge === true,
    prefer: values.prefer as string | undefined,
    public: values.public === true,
    version: String(values.version),
    "code-page": String(values["code-page"]),
    "accept-cut-off": values["accept-cut-off"] === true,
  };
  if (!Object.hasOwn(codePages, chosen["code-page"]))
    usageError(`Netinkama --code-page reikšmė „${chosen["code-page"]}“: galima auto, 1257 arba 1252.`);
  if (!["5.5.1", "7.0"].includes(chosen.version)) usageError(`Netinkama --version reikšmė „${chosen.version}“: galima 5.5.1 arba 7.0.`);
  if (chosen.replace && chosen.merge) usageError("--replace ir --merge kartu negalima: pasirinkite vieną.");
  if (chosen.prefer !== undefined && !chosen.merge) usageError("--prefer tinka tik su --merge.");
  if (chosen.prefer !== undefined && !["site", "file"].includes(chosen.prefer)) {
    usageError(`Netinkama --prefer reikšmė „${chosen.prefer}“: galima site arba file.`);
  }
  return { command, file, values: chosen };
}

const { command, file, values } = readCommandLine(process.argv.slice(2));

/** What a merge did (or, waiting for decisions, would do): its counts and its conflicts. */
async function mergeSummary(
  db: Database,
  treeId: number,
  merged: Awaited<ReturnType<typeof mergeImport>>,
): Promise<{ counts: StoredPlan["counts"]; conflicts: MergeItem[] }> {
  if ("done" in merged) return { counts: countPlan(merged.done), conflicts: merged.done.conflicts };
  const row = await db.selectFrom("genealogyTrees").select("mergePlan").where("id", "=", treeId).executeTakeFirstOrThrow();
  const stored = JSON.parse(row.mergePlan!) as StoredPlan;
  return { counts: stored.counts, conflicts: merged.conflicts ?? stored.plan.conflicts };
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
    if (existing !== null && !values.replace && !values.merge) {
      fail(
        "Giminės medis jau yra. Kad jį sujungtumėte su šiuo failu, pridėkite --merge; kad pakeistumėte, --replace (dabartinis liks atsarginė kopija).",
      );
    }
    let summary;
    try {
      summary = await importFile(db, store, path.resolve(file), {
        sourceName: path.basename(file),
        codePage: codePages[values["code-page"]],
        limits: archiveLimits(config),
        planMerge: values.merge,
      });
    } catch (error) {
      if (error instanceof ImportRefused) fail(error.message);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") fail(`Failas nerastas: ${path.resolve(file)}`);
      throw error;
    }
    // A cut-off file is published only when asked for by name.
    let published = summary.current;
    let merged: Awaited<ReturnType<typeof mergeImport>> | null = null;
    if (!published && existing !== null && values.merge && (!summary.cutOff || values["accept-cut-off"])) {
      const prefer = values.prefer as Choice | undefined;
      merged = await mergeImport(db, store, summary.treeId, () => prefer ?? null, { acceptCutOff: values["accept-cut-off"] });
      if ("refused" in merged && merged.refused === "noBase") {
        fail(
          "Dabartinis medis importuotas, kai svetainė dar nesaugojo importuoto failo, todėl sujungti negalima. Pakeiskite jį (--replace): kitas importas jau bus sujungiamas.",
        );
      }
      published = "done" in merged;
    } else if (!published && (existing === null || values.replace) && (!summary.cutOff || values["accept-cut-off"])) {
      published = (await makeCurrent(db, store, summary.treeId, { acceptCutOff: values["accept-cut-off"] })) === "done";
    }
    // The merge's plan, as written (or as it stands, when it waits for decisions).
    const stored = merged ? await mergeSummary(db, summary.treeId, merged) : null;
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
          ...(stored
            ? {
                fromFile: stored.counts.fromFile,
                keptFromSite: stored.counts.keptFromSite,
                conflicts: stored.conflicts.map((item) => ({ ...item, text: describeDifference(item) })),
              }
            : {}),
          // (The operator's tool speaks Lithuanian: each warning said, as the site says it.)
          warnings: warnings.map((w) => ({ ...w, message: lt.say(w.message) })),
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
      for (const w of summary.warnings) console.log(`  ${w.line ? `${w.line} eil.: ` : ""}${lt.say(w.message)}`);
      if (stored) {
        const { added, changed, removed } = stored.counts.fromFile;
        console.log(
          `${published ? "Sujungta" : "Sujungimas laukia"}: iš failo pridėta ${added}, pakeista ${changed}, pašalinta ${removed}; ` +
            `svetainės pakeitimų išsaugota: ${stored.counts.keptFromSite}; konfliktų: ${stored.conflicts.length}.`,
        );
        for (const item of stored.conflicts) console.log(`  ${describeDifference(item)}`);
      }
    }
    if (stored && !published) {
      if (!values.json)
        console.log(
          "Medis nepaskelbtas: konfliktus išspręskite svetainėje (/admin/medis) arba pakartokite su --prefer site (palikti svetainės) ar --prefer file (imti iš failo).",
        );
      process.exitCode = 3;
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
