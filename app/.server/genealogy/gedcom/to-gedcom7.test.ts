import { describe, expect, test } from "vitest";
import { validateGedcom7 } from "./gedcom7-rules.ts";
import type { RawNode } from "./model.ts";
import { toGedcom7, type SourceFamily } from "./to-gedcom7.ts";

// Each conversion of to-gedcom7.ts on a small record: the record as the export hands it over (GEDCOM lines,
// CONT folded into values as the exporter does), what toGedcom7 returns, and that the result is valid 7.0.

/** GEDCOM lines as RawNode records (CONT lines fold into their parent's value). */
function parse(lines: string[]): RawNode[] {
  const records: RawNode[] = [];
  const stack: RawNode[] = [];
  for (const line of lines) {
    const [, level, xref, tag, value] = /^(\d+) (?:(@[^@]+@) )?(\S+)(?: (.*))?$/.exec(line)!;
    const depth = Number(level);
    if (tag === "CONT") {
      stack[depth - 1].v = `${stack[depth - 1].v ?? ""}\n${value ?? ""}`;
      continue;
    }
    const node: RawNode = { t: tag, ...(value !== undefined ? { v: value } : {}), ...(xref ? { x: xref } : {}) };
    if (depth === 0) records.push(node);
    else (stack[depth - 1].c ??= []).push(node);
    stack.length = depth;
    stack.push(node);
  }
  return records;
}

/** RawNode records as GEDCOM lines (a value's line breaks as CONT lines). */
function format(nodes: RawNode[], level = 0): string[] {
  return nodes.flatMap((n) => {
    const [first, ...more] = (n.v ?? "").split("\n");
    const head = [level, n.x, n.t, first].filter((p) => p !== undefined && p !== "").join(" ");
    return [head, ...more.map((m) => `${level + 1} CONT ${m}`.trimEnd()), ...format(n.c ?? [], level + 1)];
  });
}

const convert = (lines: string[], from: SourceFamily = "5") => format(parse(lines).flatMap((r) => toGedcom7(r, { from })));

/** What the validator says about records (in a file with a header), leaving out pointers to records not in it. */
function problems(lines: string[]): string[] {
  const file = [...(lines[0] === "0 HEAD" ? [] : ["0 HEAD", "1 GEDC", "2 VERS 7.0"]), ...lines, "0 TRLR"].join("\n");
  return validateGedcom7(file)
    .map((v) => v.message)
    .filter((m) => !/which is not defined in the file|but has no FAM[CS]/.test(m));
}

/** `before` (from a file of the given family) converts to `after`, which is valid 7.0. */
function converts(before: string[], after: string[], from: SourceFamily = "5") {
  expect(convert(before, from)).toEqual(after);
  expect(problems(after)).toEqual([]);
}

describe("5.5-only and misplaced structures", () => {
  test("AFN, RFN, RIN and tags 7.0 does not have become extensions", () => {
    converts(
      ["0 @I1@ INDI", "1 AFN 8MRB-0B", "1 RFN 123", "1 RIN 45", "1 NAME Jonas /Jonaitis/", "2 COMM hello"],
      ["0 @I1@ INDI", "1 _AFN 8MRB-0B", "1 _RFN 123", "1 _RIN 45", "1 NAME Jonas /Jonaitis/", "2 _COMM hello"],
    );
  });

  test("SUBN: the record and the header's pointer to it become extensions, with what they hold", () => {
    converts(["0 @SUB@ SUBN", "1 FAMF file", "1 ORDI yes"], ["0 @SUB@ _SUBN", "1 FAMF file", "1 ORDI yes"]);
    converts(["0 HEAD", "1 GEDC", "2 VERS 7.0", "1 SUBN @SUB@"], ["0 HEAD", "1 GEDC", "2 VERS 7.0", "1 _SUBN @SUB@"]);
  });

  test("a structure in a place 7.0 does not allow it becomes an extension (FAM.CHIL.SLGC)", () => {
    converts(["0 @F1@ FAM", "1 CHIL @I1@", "2 SLGC", "3 DATE 1 JAN 1900"], ["0 @F1@ FAM", "1 CHIL @I1@", "2 _SLGC", "3 DATE 1 JAN 1900"]);
  });

  test("extension tags in lower or mixed case are written in upper case", () => {
    converts(["0 @I1@ INDI", "1 _Sosa 12", "2 _sub x"], ["0 @I1@ INDI", "1 _SOSA 12", "2 _SUB x"]);
  });

  test("a second structure where 7.0 allows one becomes an extension", () => {
    converts(
      ["0 @I1@ INDI", "1 BIRT", "2 DATE 1 JAN 1900", "2 DATE 2 JAN 1900"],
      ["0 @I1@ INDI", "1 BIRT", "2 DATE 1 JAN 1900", "2 _DATE 2 JAN 1900"],
    );
  });

  test("OBJE record: FORM and TITL directly under it (5.5) go under its FILE; BLOB becomes an extension", () => {
    converts(
      ["0 @O1@ OBJE", "1 FORM gif", "1 TITL A gif picture", "1 FILE pictures\\file name.gif", "1 BLOB", "2 CONT xyz"],
      ["0 @O1@ OBJE", "1 FILE pictures/file%20name.gif", "2 FORM image/gif", "2 TITL A gif picture", "1 _BLOB", "2 CONT xyz"],
    );
  });

  test("FILE.FORM.TYPE (5.5.1 source media type) is FILE.FORM.MEDI", () => {
    converts(
      ["0 @O1@ OBJE", "1 FILE example.jpg", "2 FORM jpg", "3 TYPE photo"],
      ["0 @O1@ OBJE", "1 FILE example.jpg", "2 FORM image/jpeg", "3 MEDI PHOTO"],
    );
  });

  test("an embedded OBJE in a citation becomes an OBJE record linked in its place, its TITL on the link", () => {
    converts(
      [
        "0 @I1@ INDI",
        "1 BIRT",
        "2 SOUR @S1@",
        "3 OBJE",
        "4 TITL Baptism record",
        "4 FILE actes/Bapteme.jpg",
        "5 FORM jpg",
        "4 NOTE Collection communale",
      ],
      [
        "0 @I1@ INDI",
        "1 BIRT",
        "2 SOUR @S1@",
        "3 OBJE @I1_OBJE1@",
        "4 TITL Baptism record",
        "0 @I1_OBJE1@ OBJE",
        "1 FILE actes/Bapteme.jpg",
        "2 FORM image/jpeg",
        "1 NOTE Collection communale",
      ],
    );
  });

  test("an embedded OBJE without a FILE (a 5.5 BLOB) cannot be a record: an extension", () => {
    converts(
      ["0 @S1@ SOUR", "1 OBJE", "2 FORM bmp", "2 BLOB", "3 CONT xyz"],
      ["0 @S1@ SOUR", "1 _OBJE", "2 FORM bmp", "2 BLOB", "3 CONT xyz"],
    );
  });

  test("ASSO.RELA is ASSO.ROLE: the same role, a role with the word as PHRASE, or OTHER with it", () => {
    converts(
      ["0 @I1@ INDI", "1 ASSO @I2@", "2 RELA friend", "1 ASSO @I3@", "2 RELA neighbor", "1 ASSO @I4@", "2 RELA land-lord", "2 NOTE hers"],
      [
        "0 @I1@ INDI",
        "1 ASSO @I2@",
        "2 ROLE FRIEND",
        "1 ASSO @I3@",
        "2 ROLE NGHBR",
        "3 PHRASE neighbor",
        "1 ASSO @I4@",
        "2 ROLE OTHER",
        "3 PHRASE land-lord",
        "2 NOTE hers",
      ],
    );
  });

  test("a citation of a source given as text: SOUR @VOID@ with the text as PAGE, its TEXT under DATA", () => {
    converts(
      ["0 @I1@ INDI", "1 NAME Jonas", "2 SOUR A source described inline", "3 TEXT when there's TEXT", "3 QUAY 1", "3 TEXT more"],
      [
        "0 @I1@ INDI",
        "1 NAME Jonas",
        "2 SOUR @VOID@",
        "3 PAGE A source described inline",
        "3 DATA",
        "4 TEXT when there's TEXT",
        "4 TEXT more",
        "3 QUAY 1",
      ],
    );
  });

  test("TEXT directly under a citation of a source record goes under its DATA", () => {
    converts(
      ["0 @I1@ INDI", "1 SOUR @S1@", "2 DATA", "3 DATE 1 JAN 1900", "2 TEXT to Mr and Mrs Doe"],
      ["0 @I1@ INDI", "1 SOUR @S1@", "2 DATA", "3 DATE 1 JAN 1900", "3 TEXT to Mr and Mrs Doe"],
    );
  });

  test("NOTE @N1@ is SNOTE @N1@; a citation under it (5.5.1) has no 7.0 place there: an extension", () => {
    converts(
      ["0 @F1@ FAM", "1 MARR", "2 NOTE @N1@", "3 SOUR @S2@", "4 PAGE 10"],
      ["0 @F1@ FAM", "1 MARR", "2 SNOTE @N1@", "3 _SOUR @S2@", "4 PAGE 10"],
    );
  });

  test("ROMN (a romanized name) is a TRAN in Latin script; its TYPE stays as an extension", () => {
    converts(
      ["0 @I1@ INDI", "1 NAME 山田 /太郎/", "2 ROMN Yamada /Taro/", "3 TYPE romaji"],
      ["0 @I1@ INDI", "1 NAME 山田 /太郎/", "2 TRAN Yamada /Taro/", "3 LANG und-Latn", "3 _TYPE romaji"],
    );
  });
});

describe("payloads 7.0 does not accept", () => {
  test("dates in lower or mixed case, 5.x calendar escapes and B.C. are spelled as 7.0 spells them", () => {
    converts(
      [
        "0 @S1@ SOUR",
        "1 DATA",
        "2 EVEN BIRT",
        "3 DATE FROM Jan 1820 TO DEC 1825",
        "1 CHAN",
        "2 DATE 21 Jul 2008",
        "1 NOTE x",
        "2 SOUR @S2@",
        "3 DATA",
        "4 DATE @#DJULIAN@ 15 mar 44 B.C.",
      ],
      [
        "0 @S1@ SOUR",
        "1 DATA",
        "2 EVEN BIRT",
        "3 DATE FROM JAN 1820 TO DEC 1825",
        "1 CHAN",
        "2 DATE 21 JUL 2008",
        "1 NOTE x",
        "2 SOUR @S2@",
        "3 DATA",
        "4 DATE JULIAN 15 MAR 44 BCE",
      ],
    );
  });

  test("words after a valid date: the date, with the original as PHRASE", () => {
    converts(
      ["0 @I1@ INDI", "1 ENDL", "2 DATE 22 AUG 1877 SG"],
      ["0 @I1@ INDI", "1 ENDL", "2 DATE 22 AUG 1877", "3 PHRASE 22 AUG 1877 SG"],
    );
  });

  test("a date with no valid part (a 5.5 ordinance status): an empty DATE with the original as PHRASE", () => {
    converts(
      ["0 @I1@ INDI", "1 SLGC", "2 FAMC @F1@", "2 DATE SUBMITTED", "1 BAPL", "2 DATE CLEARED 11/88"],
      ["0 @I1@ INDI", "1 SLGC", "2 FAMC @F1@", "2 DATE", "3 PHRASE SUBMITTED", "1 BAPL", "2 DATE", "3 PHRASE CLEARED 11/88"],
    );
  });

  test("a dual year keeps its first year, with the original as PHRASE", () => {
    converts(
      ["0 @I1@ INDI", "1 BAPL", "2 DATE ABT 8 JAN 1699/00"],
      ["0 @I1@ INDI", "1 BAPL", "2 DATE ABT 8 JAN 1699", "3 PHRASE ABT 8 JAN 1699/00"],
    );
  });

  test("INT date (text) is the date with the text as PHRASE; (text) an empty DATE with it", () => {
    converts(
      ["0 @I1@ INDI", "1 BAPL", "2 DATE INT 1850 (about eighteen fifty)", "1 CONL", "2 DATE (after the war)"],
      ["0 @I1@ INDI", "1 BAPL", "2 DATE 1850", "3 PHRASE about eighteen fifty", "1 CONL", "2 DATE", "3 PHRASE after the war"],
    );
  });

  test("a valid start followed by more numbers is not taken for the date (1 JANUARY 1850 is not the year 1)", () => {
    converts(["0 @I1@ INDI", "1 BAPL", "2 DATE 1 JANUARY 1850"], ["0 @I1@ INDI", "1 BAPL", "2 DATE", "3 PHRASE 1 JANUARY 1850"]);
  });

  test("an exact date (CHAN) that cannot be repaired has no PHRASE to go to: the CHAN becomes an extension", () => {
    converts(["0 @I1@ INDI", "1 CHAN", "2 DATE last year"], ["0 @I1@ INDI", "1 _CHAN", "2 _DATE last year"]);
  });

  test("AGE CHILD, INFANT, STILLBORN: the age 7.0 gives them, with the word as PHRASE", () => {
    converts(
      ["0 @F1@ FAM", "1 MARR", "2 HUSB", "3 AGE CHILD", "2 WIFE", "3 AGE infant", "1 ENGA", "2 WIFE", "3 AGE Stillborn"],
      [
        "0 @F1@ FAM",
        "1 MARR",
        "2 HUSB",
        "3 AGE < 8y",
        "4 PHRASE CHILD",
        "2 WIFE",
        "3 AGE < 1y",
        "4 PHRASE infant",
        "1 ENGA",
        "2 WIFE",
        "3 AGE 0y",
        "4 PHRASE Stillborn",
      ],
    );
  });

  test("AGE spelling: spaces, unit case, unit order, a bare number of years; what cannot be read goes to PHRASE", () => {
    const ages = ["<8", "0Y", "> 0 M", ">42y 6m", "11m99y", "0", "about 3", "42y approx"];
    const written = ["< 8y", "0y", "> 0m", "> 42y 6m", "99y 11m", "0y", "", "42y"];
    const phrases = [...Array<string | undefined>(6).fill(undefined), "about 3", "42y approx"];
    converts(
      ["0 @I1@ INDI", ...ages.flatMap((age) => ["1 DEAT", `2 AGE ${age}`])],
      [
        "0 @I1@ INDI",
        ...written.flatMap((age, i) => ["1 DEAT", `2 AGE ${age}`.trimEnd(), ...(phrases[i] ? [`3 PHRASE ${phrases[i]}`] : [])]),
      ],
    );
  });

  test("enumerations in 5.x spelling are 7.0's values; unknown values are OTHER with a PHRASE, or an extension", () => {
    converts(
      [
        "0 @I1@ INDI",
        "1 RESN privacy, locked",
        "1 NAME King /Kong/",
        "2 TYPE Screen",
        "1 FAMC @F1@",
        "2 PEDI birth",
        "1 SLGC",
        "2 FAMC @F1@",
        "2 STAT DNS/CAN",
        "3 DATE 1 JAN 1990",
        "1 SOUR @S1@",
        "2 EVEN Baptism",
        "3 ROLE Godfather",
        "1 _X",
        "2 SEX N",
      ],
      [
        "0 @I1@ INDI",
        "1 RESN PRIVACY, LOCKED",
        "1 NAME King /Kong/",
        "2 TYPE OTHER",
        "3 PHRASE Screen",
        "1 FAMC @F1@",
        "2 PEDI BIRTH",
        "1 SLGC",
        "2 FAMC @F1@",
        "2 STAT DNS_CAN",
        "3 DATE 1 JAN 1990",
        "1 SOUR @S1@",
        "2 EVEN EVEN",
        "3 PHRASE Baptism",
        "3 ROLE GODP",
        "4 PHRASE Godfather",
        "1 _X",
        "2 SEX N",
      ],
    );
    // SEX has no PHRASE: a value 7.0 does not have is kept as an extension.
    converts(["0 @I1@ INDI", "1 SEX N"], ["0 @I1@ INDI", "1 _SEX N"]);
  });

  test("5.x multimedia formats are media types: by name, else by the file's extension, else application/x-<name>", () => {
    const forms: [string, string, string][] = [
      ["a.jpg", "jpg", "image/jpeg"],
      ["a.jpg", "JPG", "image/jpeg"],
      ["a.png", "png", "image/png"],
      ["a.bmp", "bmp", "image/bmp"],
      ["a.gif", "gif", "image/gif"],
      ["a.pdf", "pdf", "application/pdf"],
      ["a.wav", "wav", "audio/wav"],
      ["a.mp3", "mp3", "audio/mpeg"],
      ["cake.webm", "other", "video/webm"],
      ["cake.xyz", "other", "application/x-other"],
    ];
    converts(
      ["0 @O1@ OBJE", ...forms.flatMap(([file, form]) => [`1 FILE ${file}`, `2 FORM ${form}`])],
      ["0 @O1@ OBJE", ...forms.flatMap(([file, , type]) => [`1 FILE ${file}`, `2 FORM ${type}`])],
    );
  });

  test("5.x file paths are URLs", () => {
    const paths: [string, string][] = [
      ["/unix/absolute", "file:///unix/absolute"],
      ["c:\\windows\\absolute", "file:///c:/windows/absolute"],
      ["\\\\windows\\server", "file://windows/server"],
      ["a\\relative\\path", "a/relative/path"],
      ["most/paths?get#escaped[like]this", "most/paths%3Fget%23escaped%5Blike%5Dthis"],
      ["photos/Maison de Rohan 100%.png", "photos/Maison%20de%20Rohan%20100%25.png"],
      ["https://example.com/a b.jpg", "https://example.com/a%20b.jpg"],
      ["https://leave.alone?with=args#and-frags", "https://leave.alone?with=args#and-frags"],
    ];
    converts(
      ["0 @O1@ OBJE", ...paths.flatMap(([path]) => [`1 FILE ${path}`, "2 FORM image/png"])],
      ["0 @O1@ OBJE", ...paths.flatMap(([, url]) => [`1 FILE ${url}`, "2 FORM image/png"])],
    );
  });

  test("5.5.1 language names are language tags; a name that is no language tag becomes an extension", () => {
    converts(
      ["0 @U1@ SUBM", "1 NAME Jonas", "1 LANG English", "1 LANG ENGlish", "1 LANG Lithuanian", "1 LANG lt", "1 LANG Hmong"],
      ["0 @U1@ SUBM", "1 NAME Jonas", "1 LANG en", "1 LANG en", "1 LANG lt", "1 LANG lt", "1 _LANG Hmong"],
    );
    // A 7.x file's language tag that looks like a 5.5.1 name is the file's own: left as it is.
    converts(["0 @U1@ SUBM", "1 NAME Jonas", "1 LANG English"], ["0 @U1@ SUBM", "1 NAME Jonas", "1 LANG English"], "7");
  });

  test("coordinates without hemisphere letter or with a decimal comma", () => {
    converts(
      ["0 @I1@ INDI", "1 BIRT", "2 PLAC Vilnius", "3 MAP", "4 LATI 54.68", "4 LONG -3,25"],
      ["0 @I1@ INDI", "1 BIRT", "2 PLAC Vilnius", "3 MAP", "4 LATI N54.68", "4 LONG W3.25"],
    );
  });

  test("NAME without payload gets one from its parts (or //); slashes and tabs are repaired", () => {
    converts(
      [
        "0 @I1@ INDI",
        "1 NAME",
        "2 GIVN Louis",
        "2 SPFX de",
        "2 SURN Bourbon",
        "1 NAME",
        "2 SURN",
        "1 NAME",
        "2 GIVN Alix",
        "1 NAME John /Smith",
        "1 NAME John /Smith/ /Jr/",
      ],
      [
        "0 @I1@ INDI",
        "1 NAME Louis /de Bourbon/",
        "2 GIVN Louis",
        "2 SPFX de",
        "2 SURN Bourbon",
        "1 NAME //",
        "1 NAME Alix",
        "2 GIVN Alix",
        "1 NAME John /Smith/",
        "1 NAME John /Smith/ Jr",
      ],
    );
  });

  test("ADDR without payload gets its lines as payload", () => {
    converts(
      ["0 @R1@ REPO", "1 NAME Library", "1 ADDR", "2 ADR1 35 N West Temple Street", "2 CITY Salt Lake City", "2 CTRY USA"],
      [
        "0 @R1@ REPO",
        "1 NAME Library",
        "1 ADDR 35 N West Temple Street",
        "2 CONT Salt Lake City",
        "2 CONT USA",
        "2 ADR1 35 N West Temple Street",
        "2 CITY Salt Lake City",
        "2 CTRY USA",
      ],
    );
  });

  test("an event's payload other than Y is its NOTE; yes is Y; a payload where 7.0 has none is a NOTE", () => {
    converts(
      ["0 @I1@ INDI", "1 CENS Home - England", "2 DATE 1881", "1 DEAT yes", "1 CHAN changed by hand", "2 DATE 1 JAN 2000"],
      [
        "0 @I1@ INDI",
        "1 CENS",
        "2 NOTE Home - England",
        "2 DATE 1881",
        "1 DEAT Y",
        "1 CHAN",
        "2 NOTE changed by hand",
        "2 DATE 1 JAN 2000",
      ],
    );
  });

  test("text where 7.0 wants a pointer: ANCI, DESI, ALIA become extensions; REPO is @VOID@ with a NOTE", () => {
    converts(
      ["0 @I1@ INDI", "1 ANCI HIGH", "1 DESI MEDIUM", "1 ALIA Brunty", "1 ALIA @I1@"],
      ["0 @I1@ INDI", "1 _ANCI HIGH", "1 _DESI MEDIUM", "1 _ALIA Brunty", "1 _ALIA @I1@"],
    );
    converts(
      ["0 @S1@ SOUR", "1 REPO County archive", "2 CALN 13B", "1 REPO", "2 CALN 14"],
      ["0 @S1@ SOUR", "1 REPO @VOID@", "2 NOTE County archive", "2 CALN 13B", "1 REPO @VOID@", "2 CALN 14"],
    );
  });

  test("@ in text: a 5.x @@ is one @, and a line of text starting with @ is written @@", () => {
    converts(
      ["0 @N1@ SNOTE @ one leading", "1 CHAN", "2 DATE 1 JAN 2000", "2 NOTE mail me@@example.com", "3 CONT @@ at the start of a line"],
      ["0 @N1@ SNOTE @@ one leading", "1 CHAN", "2 DATE 1 JAN 2000", "2 NOTE mail me@example.com", "3 CONT @@ at the start of a line"],
    );
    converts(["0 @N1@ SNOTE a@@b", "1 CONT @c"], ["0 @N1@ SNOTE a@@b", "1 CONT @@c"], "7");
  });
});

describe("empty structures and missing substructures", () => {
  test("an event with nothing is Y (it happened); other empty structures say nothing and are left out", () => {
    converts(
      ["0 @I1@ INDI", "1 NAME Jonas", "2 NICK", "1 SEX", "1 BIRT", "2 DATE", "2 PLAC", "2 TYPE", "2 AGNC", "1 DEAT", "2 NOTE", "1 OCCU"],
      ["0 @I1@ INDI", "1 NAME Jonas", "1 BIRT Y", "1 DEAT Y"],
    );
  });

  test("ASSO without ROLE: ROLE OTHER; SLGC without FAMC: FAMC @VOID@", () => {
    converts(
      ["0 @I1@ INDI", "1 ASSO @I2@", "2 NOTE godfather?", "1 SLGC", "2 DATE 30 APR 1968"],
      ["0 @I1@ INDI", "1 ASSO @I2@", "2 NOTE godfather?", "2 ROLE OTHER", "1 SLGC", "2 DATE 30 APR 1968", "2 FAMC @VOID@"],
    );
  });

  test("FILE without FORM: the media type of its extension, else application/octet-stream", () => {
    converts(
      ["0 @O1@ OBJE", "1 FILE a.jpg", "1 FILE notes", "2 TITL Notes"],
      ["0 @O1@ OBJE", "1 FILE a.jpg", "2 FORM image/jpeg", "1 FILE notes", "2 TITL Notes", "2 FORM application/octet-stream"],
    );
  });

  test("TRAN without LANG: LANG und (undetermined)", () => {
    converts(
      ["0 @I1@ INDI", "1 NAME Jonas /Jonaitis/", "2 TRAN Ionas /Ionaitis/"],
      ["0 @I1@ INDI", "1 NAME Jonas /Jonaitis/", "2 TRAN Ionas /Ionaitis/", "3 LANG und"],
    );
  });

  test("a required substructure with no neutral value (EVEN without TYPE): an extension", () => {
    converts(["0 @I1@ INDI", "1 EVEN", "2 TYPE", "2 DATE 1168"], ["0 @I1@ INDI", "1 _EVEN", "2 DATE 1168"]);
  });
});

describe("valid GEDCOM 7.0 is left as it is", () => {
  test("a record with every kind of payload", () => {
    const record = [
      "0 @I1@ INDI",
      "1 RESN CONFIDENTIAL, LOCKED",
      "1 NAME Lt. Jonas /Jonaitis/ jr.",
      "2 TYPE OTHER",
      "3 PHRASE Pseudonym",
      "2 TRAN Ionas /Ionaitis/",
      "3 LANG la",
      "1 SEX M",
      "1 BIRT Y",
      "2 DATE JULIAN 1 JAN 1700",
      "3 TIME 12:00",
      "3 PHRASE 1699/00",
      "2 AGE < 8y",
      "3 PHRASE Child",
      "2 PLAC Vilnius, Lietuva",
      "3 MAP",
      "4 LATI N54.68",
      "4 LONG E25.28",
      "1 FAMC @F1@",
      "2 PEDI OTHER",
      "3 PHRASE Guardian",
      "1 ASSO @VOID@",
      "2 ROLE GODP",
      "1 SNOTE @N1@",
      "1 NOTE @@ starts with at",
      "2 CONT @@ and so does this line",
      "1 SOUR @S1@",
      "2 PAGE 12",
      "2 DATA",
      "3 DATE FROM 1700 TO 1710",
      "3 TEXT a@@b",
      "1 OBJE @O1@",
      "1 _CUSTOM @I1@",
      "2 TYPE anything",
      "1 CHAN",
      "2 DATE 1 JAN 2024",
    ];
    expect(problems(record)).toEqual([]);
    expect(convert(record, "7")).toEqual(record);
  });

  test("a 7.x date with a calendar or month named by an extension is left (the file's SCHMA may define it)", () => {
    const record = ["0 @I1@ INDI", "1 BIRT", "2 DATE BET FRENCH_R 2 _JOUR 8 AND _CALENDRIER 4 COMP 8"];
    expect(convert(record, "7")).toEqual(record);
  });
});
