import iconv from "iconv-lite";
import { describe, expect, test } from "vitest";
import { detectCharset } from "./charset.ts";
import { readGedcom, type GedcomNode, type Warning } from "./reader.ts";

// The bytes decide, CHAR is a hint (issue 32, point 1). The import's own test
// (tests/integration/gedcom-charset.test.ts) checks the stored letters; these
// check the decision where a whole import would be slow to show it.

const head = (char: string, version = "5.5.1") => `0 HEAD\n1 GEDC\n2 VERS ${version}\n1 CHAR ${char}\n`;

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Uint8Array, size = 64 * 1024) {
  const warnings: Warning[] = [];
  const records: GedcomNode[] = [];
  for await (const record of readGedcom(chunks(bytes, size), { onWarning: (w) => warnings.push(w) })) records.push(record);
  return { records, warnings };
}

describe("detectCharset", () => {
  test.each([
    ["IBMPC over UTF-8", Buffer.from(head("IBMPC") + "1 NOTE Šaltenytė\n"), { charset: "utf-8", reason: "bytes" }],
    ["ANSI over UTF-8", Buffer.from(head("ANSI") + "1 NOTE Šaltenytė\n"), { charset: "utf-8", reason: "bytes" }],
    ["ANSI over 1257", iconv.encode(head("ANSI") + "1 NOTE Šaltenytė\n", "windows-1257"), { charset: "windows-1257", reason: "detected" }],
    ["GEDCOM 7 over 1257", iconv.encode("0 HEAD\n1 GEDC\n2 VERS 7.0\n1 NOTE Žemaitė\n", "windows-1257"), { charset: "windows-1257" }],
    // Western text with a Š, which 1252 has and 1257 does not: 1252.
    ["UTF-8 over 1252", iconv.encode(head("UTF-8") + "1 NOTE Françoise Šimkus, Müller\n", "windows-1252"), { charset: "windows-1252" }],
  ])("%s", (_, bytes, expected) => {
    expect(detectCharset(bytes)).toMatchObject(expected);
  });

  test("a rightly declared file has no override; an overruled one names the charset it would have been read in", () => {
    expect(detectCharset(Buffer.from(head("UTF-8") + "1 NOTE Šaltenytė\n")).override).toBeUndefined();
    expect(detectCharset(iconv.encode(head("ANSI") + "1 NOTE Šaltenytė\n", "windows-1257")).override).toBeUndefined();
    expect(detectCharset(Buffer.from(head("MACINTOSH") + "1 NOTE Šaltenytė\n")).override).toEqual({
      assumed: "macintosh",
      line: 5,
      before: "1 NOTE ≈†altenytƒó",
      after: "1 NOTE Šaltenytė",
    });
  });

  test("a long line is shown from a little before its first letter outside ASCII, cut to a readable length", () => {
    const line = `1 NOTE ${"Ilgas pasakojimas apie ".repeat(20)}Žemaitiją ir ${"jos kaimus ".repeat(20)}`;
    const { override } = detectCharset(Buffer.from(head("ANSEL") + line + "\n"));
    expect(override?.after).toBe("…as pasakojimas apie Žemaitiją ir jos kaimus jos kaimus jos k…");
    expect(override?.before).toBe("…as pasakojimas apie ¿ưemaitij♯\ufffd ir jos kaimus jos kaimus jos…");
  });
});

describe("reading", () => {
  // 70 kB of people whose names are all ASCII, then one who is not: the
  // first 64 kB decide nothing, so the reader goes on to the first 8-bit byte.
  const ascii = Array.from({ length: 2000 }, (_, i) => `0 @I${i}@ INDI\n1 NAME Jonas /Jonaitis/\n`).join("");

  test.each(["\n", "\r\n", "\n\r", "\r"])("the decision waits for the first 8-bit byte, and names its line (line end %j)", async (end) => {
    const text = (head("ANSEL") + ascii + "0 @X1@ INDI\n1 NAME Žemyna /Šaltenytė/\n0 TRLR\n").replaceAll("\n", end);
    const bytes = Buffer.from(text, "utf8");
    const line = 4 + 2 * 2000 + 2;
    for (const size of [3, 4096, 64 * 1024]) {
      const { records, warnings } = await read(bytes, size);
      expect(records.at(-2)?.children[0]).toMatchObject({ value: "Žemyna /Šaltenytė/", line });
      expect(warnings).toEqual([
        {
          line: 0,
          message: {
            id: "adminTree.warning.charsetIsUtf8",
            values: {
              declared: "ANSEL",
              used: "UTF-8",
              line: String(line),
              before: "1 NAME ¿ưemyna /¿\ufffdaltenyt♯\ufffd/",
              after: "1 NAME Žemyna /Šaltenytė/",
            },
          },
        },
      ]);
    }
  });

  test("a byte that is not UTF-8 after the first 64 kB of UTF-8 is U+FFFD, said with its line", async () => {
    const start = Buffer.from(head("UTF-8") + "0 @I1@ INDI\n1 NAME Žemyna /Šaltenytė/\n" + ascii);
    const bytes = Buffer.concat([start, Buffer.from("0 @X1@ INDI\n1 NAME Ona /Jon"), Buffer.from([0xe0]), Buffer.from("aitien\n0 TRLR\n")]);
    // Also in chunks that split the line before and after the byte (the reader looks for U+FFFD chunk by chunk).
    for (const size of [3, 7, 4096, 64 * 1024]) {
      const { records, warnings } = await read(bytes, size);
      expect(records.at(-2)?.children[0].value).toBe("Ona /Jon\ufffdaitien");
      expect(warnings).toEqual([
        { line: 0, message: { id: "adminTree.warning.unreadableCharacters", values: { count: 1, line: String(6 + 4000 + 2) } } },
      ]);
    }
  });
});
