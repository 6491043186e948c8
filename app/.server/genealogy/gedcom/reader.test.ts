import { describe, expect, test } from "vitest";
import { serverT } from "#app/.server/platform/i18n.ts";
import fs from "node:fs";
import path from "node:path";
import {
  linePattern,
  MAX_LINE_LENGTH,
  MAX_RECORD_STRUCTURES,
  readGedcom,
  usualLine,
  type GedcomNode,
  type ReadStats,
  type Warning,
} from "./reader.ts";

const HEAD = "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n";

/** The bytes in 64 kB chunks, as a file stream gives them. */
async function* chunks(text: string, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string) {
  const warnings: Warning[] = [];
  const stats: ReadStats = { scanned: 0 };
  const records: GedcomNode[] = [];
  const started = process.cpuUsage();
  for await (const record of readGedcom(chunks(text), { onWarning: (w) => warnings.push(w), stats })) records.push(record);
  const cpu = process.cpuUsage(started);
  return { records, warnings, stats, cpuMs: (cpu.user + cpu.system) / 1000 };
}

describe("reading stays linear in the file's size, whatever its lines", () => {
  const size = 50 * 1024 * 1024;
  const note = "Prisiminimai. ".repeat(size / 14);
  const oneLine = `${HEAD}0 @N1@ NOTE ${note}\n0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n0 TRLR\n`;
  // The same text as the spec would write it: 200-character CONC lines.
  const pieces = note.match(/.{1,200}/gs)!;
  const split = `${HEAD}0 @N1@ NOTE ${pieces[0]}\n${pieces
    .slice(1)
    .map((p) => `1 CONC ${p}`)
    .join("\n")}\n0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n0 TRLR\n`;

  test("a 50 MB line is cut with a warning naming its line, and the records after it are read", async () => {
    const { records, warnings, stats } = await read(oneLine);
    expect(records.map((r) => r.tag)).toEqual(["HEAD", "NOTE", "INDI", "TRLR"]);
    expect(records[1].value).toBeUndefined();
    expect(records[2].children[0].value).toBe("Jonas /Jonaitis/");
    expect(warnings).toEqual([{ line: 5, message: { id: "adminTree.warning.longLine", values: { max: "1" } } }]);
    expect(serverT("lt")(warnings[0].message)).toBe("Eilutė ilgesnė nei 1 MB: jos reikšmė praleista.");
    expect(serverT("en")(warnings[0].message)).toBe("Line longer than 1 MB: its value was skipped.");
    // Every character is looked at once.
    expect(stats.scanned).toBe(oneLine.length);
  });

  test("the 50 MB line costs about what the same bytes in CONC lines cost (not its square)", async () => {
    const long = await read(oneLine);
    const short = await read(split);
    expect(short.stats.scanned).toBe(split.length);
    // Measured in CPU time, in the same run: a quadratic reader took 90 times as long.
    expect(long.cpuMs).toBeLessThan(3 * short.cpuMs + 200);
    // The CONC value stops at the limit, with a warning.
    expect(short.records[1].value!.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    expect(short.records[1].value!.length).toBeGreaterThan(MAX_LINE_LENGTH - 200);
    expect(short.warnings).toHaveLength(1);
    expect(serverT("lt")(short.warnings[0].message)).toBe("Tekstas ilgesnis nei 1 MB: nuo šios eilutės jis nutrauktas.");
  });

  test("a record with more than the limit of structures is cut there, with a warning", async () => {
    const text = `${HEAD}0 @I1@ INDI\n${"1 OCCU Ūkininkas\n".repeat(MAX_RECORD_STRUCTURES + 10)}0 @I2@ INDI\n1 NAME Ona\n0 TRLR\n`;
    const { records, warnings } = await read(text);
    expect(records[1].children).toHaveLength(MAX_RECORD_STRUCTURES);
    expect(records[2].children[0].value).toBe("Ona");
    expect(warnings).toEqual([
      {
        line: 5 + MAX_RECORD_STRUCTURES + 1,
        message: { id: "adminTree.warning.tooManyStructures", values: { max: String(MAX_RECORD_STRUCTURES) } },
      },
    ]);
    // The limit as the old sentence wrote it: digits, not a grouped number.
    expect(serverT("lt")(warnings[0].message)).toBe(
      `Įraše daugiau nei ${MAX_RECORD_STRUCTURES} struktūrų: nuo šios eilutės jos praleistos.`,
    );
  });

  test("every kind of line end, also split between chunks, ends one line", async () => {
    for (const end of ["\n", "\r", "\r\n", "\n\r"]) {
      const text = ["0 HEAD", "1 CHAR UTF-8", "0 @I1@ INDI", "1 NAME Šarūnas /Žemaitis/", "0 TRLR", ""].join(end);
      for (const size of [1, 2, 3, 7, 64 * 1024]) {
        const records: GedcomNode[] = [];
        for await (const r of readGedcom(chunks(text, size))) records.push(r);
        expect(records.map((r) => r.tag)).toEqual(["HEAD", "INDI", "TRLR"]);
        expect(records[1].children[0]).toMatchObject({ value: "Šarūnas /Žemaitis/", line: 4 });
      }
    }
  });
});

describe("the quick reading of a usual line reads it as LINE does", () => {
  const tricky = [
    "0 HEAD", "1 NAME Jonas /Jonaitis/", "0 @I1@ INDI", "01 SEX M", "12 _UID abc", "2 DATE ", "1 NOTE  two spaces", "1 NOTE @@ at",
    "0 @N 1@ NOTE spaced xref", "0 @@ NOTE", "0 @I1@  INDI", "0 @I1@INDI", "0 @I1@", "0 @Ž1@ INDI", "0 @I\u00a01@ INDI", "0 @\u00a0I@ INDI",
    "100 NAME x", "1  NAME x", " 1 NAME x", "1\tNAME x", "1 NA-ME x", "1 NAME\tx", "1 NAME x\u2028y", "1 _Tag", "1", "", "x", "1 @I1@ ",
    "0 @I1@ @", "1 CONT", "1 CONC  lead", "3 TIME 10:00",
  ]; // prettier-ignore

  test("on lines made to be hard", () => {
    for (const raw of tricky) {
      const quick = usualLine(raw);
      // Each is read alike by both, or left to LINE.
      if (quick) expect(quick, raw).toEqual(linePattern(raw));
    }
    expect(tricky.filter((raw) => usualLine(raw) !== null).length).toBeGreaterThan(10);
  });

  test("on every line of the sample files, and on lines made at random", () => {
    const folder = path.resolve(import.meta.dirname, "../../../../tests/fixtures/gedcom");
    const samples = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".ged"))
      .flatMap((name) => fs.readFileSync(path.join(folder, name), "latin1").split(/\r\n?|\n\r?/))
      .filter((raw) => raw !== "");
    // Nearly every line of the samples is a usual one.
    expect(samples.filter((raw) => usualLine(raw) !== null).length).toBeGreaterThan(samples.length * 0.95);
    const lines = [...samples];
    const alphabet = ["0", "1", "9", " ", " ", "@", "A", "z", "_", "-", "\t", "Ž", "\u00a0", "I"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      lines.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""));
    }
    let quick = 0;
    for (const raw of lines) {
      const parts = usualLine(raw);
      if (parts === null) continue;
      quick++;
      expect(parts, raw).toEqual(linePattern(raw));
    }
    expect(quick).toBeGreaterThan(samples.length + 100);
  });
});
