// A text's place in the Lithuanian alphabet as a string that sorts by code
// points: what Intl.Collator('lt') decides, kept in a column so that the
// database can sort and page a list (ORDER BY … LIMIT) without the list
// being read into JavaScript. SQLite compares text by its bytes, and the
// columns that hold such keys are COLLATE "C" on PostgreSQL, so both order
// them the same way.
//
// The key has the collator's three levels, as the Unicode Collation
// Algorithm compares them: first the letters (č after c, š after s, ž after
// z, y as i), then the accents (a before ą, i before į before y), then the
// case (a before A). Spaces and punctuation count, before digits, before
// letters, as Intl.Collator('lt') has them. tests compare the two on random
// text (collation-key.test.ts) and on whole lists (tests/integration/lists.test.ts).
//
// Stored keys are made with this code: a change to it needs a migration
// that computes them again.

/** Between the levels; lower than any weight, so a shorter text sorts first. */
const LEVEL = "\u0001";

// Spaces and punctuation as Intl.Collator('lt') orders them (ICU's root order);
// the quotation marks of one group differ only at the second level.
const PUNCTUATION = [..." _-–—,;:!?.…·", "'‘’‚", '"“”„', ..."«»()[]{}§¶@*/\\&#%‰•′″`^°©®+<=>|~¢$£¥€№"];
const PUNCTUATION_BASE = 0x10;
const PUNCTUATION_WEIGHT = new Map(
  PUNCTUATION.flatMap((group, i) => [...group].map((mark, j) => [mark, [PUNCTUATION_BASE + i, 0x20 + j]] as const)),
);
/** Any other symbol: after the known punctuation, before the digits (the character itself decides at the next level). */
const OTHER_SYMBOL = 0x80;
const DIGIT_BASE = 0x100;
/** The Latin letters in the Lithuanian alphabet's order (y is a variant of i; q, w, x where other languages have them). */
const LETTERS = "abcčdefghijklmnopqrsštuvwxzž";
const LETTER_BASE = 0x200;
/** Letters of other scripts: after the Latin ones, by code point. */
const OTHER_LETTER_BASE = 0x1000;
const OTHER_LETTER_LAST = 0xc000;

// Combining marks, in the order Intl.Collator('lt') puts 'a' with each of
// them (marks on one line are equal to it). ICU's root order; Lithuanian adds
// ė after ę, ū after ų and y after į (AFTER_OGONEK below).
const MARK_ORDER = [
  "\u034f",
  "\u0332",
  "\u0313\u0343",
  "\u0314",
  "\u0301\u0341",
  "\u0300\u0340",
  "\u0306",
  "\u0302",
  "\u030c",
  "\u030a",
  "\u0342",
  "\u0308",
  "\u0344",
  "\u030b",
  "\u0303",
  "\u0307",
  "\u0338",
  "\u0327",
  "\u0304",
  "\u030d\u030e\u0312\u0315\u031a\u033d\u033e\u033f\u0346\u034a\u034b\u034c\u0350\u0351\u0352\u0357\u035b\u035d\u035e",
  "\u0316\u0317\u0318\u0319\u031c\u031d\u031e\u031f\u0320\u0329\u032a\u032b\u032c\u032f\u0333\u033a\u033b\u033c\u0347\u0348\u0349\u034d\u034e\u0353\u0354\u0355\u0356\u0359\u035a\u035c\u035f\u0362",
  "\u0336\u0337",
  "\u0335",
  "\u0305",
  "\u0309",
  "\u030f",
  "\u0310",
  "\u0311",
  "\u031b",
  "\u0321",
  "\u0322",
  "\u0323",
  "\u0324",
  "\u0325",
  "\u0326",
  "\u032d",
  "\u032e",
  "\u0330",
  "\u0331",
  "\u0334",
  "\u0339",
  "\u0345",
  "\u0358",
  "\u0360",
  "\u0361",
  "\u0328",
  // (ė, ū, y: just after the ogonek)
  "\u0363",
  "\u0368",
  "\u0369",
  "\u0364",
  "\u036a",
  "\u0365",
  "\u036b",
  "\u0366",
  "\u036c",
  "\u036d",
  "\u0367",
  "\u036e",
  "\u036f",
];
const NO_MARK = 0x20;
const MARK_WEIGHT = new Map<string, number>();
MARK_ORDER.forEach((marks, i) => {
  for (const mark of marks) MARK_WEIGHT.set(mark, 0x30 + 2 * i);
});
/** ė, ū and y: one step after the letter with an ogonek (ę, ų, į). */
const AFTER_OGONEK = MARK_WEIGHT.get("\u0328")! + 1;
/** Letters that do not decompose but the collator takes as a letter with a stroke. */
const STROKED: Record<string, string> = { ł: "l", ø: "o", đ: "d", ħ: "h", ŧ: "t", ƀ: "b", ƶ: "z" };
const STROKE = MARK_WEIGHT.get("\u0338")!;
/** Letters the collator reads as two (a tertiary difference from the two written out). */
const EXPANDED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ĳ: "ij" };

const LOWER = 0x20;
const UPPER = 0x21;
const VARIANT = 0x22;

const char = (weight: number) => String.fromCharCode(weight);
const LETTER_WEIGHT = new Map([...LETTERS].map((letter, i) => [letter, LETTER_BASE + 2 * i]));

/** The collation key of a text: compare two keys by code point, and they order as Intl.Collator('lt') orders the texts. */
export function collationKey(text: string): string {
  let primary = "";
  let secondary = "";
  let tertiary = "";
  const push = (p: number, s: number, t: number) => {
    primary += char(p);
    secondary += char(s);
    tertiary += char(t);
  };
  // Each base character with the marks that follow it. č, š and ž are letters of their own.
  const clusters = text.normalize("NFD").match(/\P{M}\p{M}*|\p{M}+/gu) ?? [];
  for (const cluster of clusters) {
    const [base, ...marks] = [...cluster];
    // Marks with nothing to sit on, control and format characters: the collator ignores them.
    if (/[\p{M}\p{Cc}\p{Cf}]/u.test(base)) continue;
    let letter = base.toLowerCase();
    const caseWeight = letter !== base ? UPPER : LOWER;
    if (marks[0] === "\u030c" && (letter === "c" || letter === "s" || letter === "z")) {
      letter = `${letter}\u030c`.normalize("NFC");
      marks.shift();
    }
    let mark = marks.length ? (MARK_WEIGHT.get(marks[0]) ?? NO_MARK) : NO_MARK;
    if ((letter === "e" && marks[0] === "\u0307") || (letter === "u" && marks[0] === "\u0304")) mark = AFTER_OGONEK;
    if (letter === "y") {
      letter = "i";
      if (!marks.length) mark = AFTER_OGONEK;
    }
    if (STROKED[letter]) {
      letter = STROKED[letter];
      mark = STROKE;
    }
    const expanded = EXPANDED[letter];
    if (expanded) {
      for (const part of expanded) push(LETTER_WEIGHT.get(part)!, mark, caseWeight === UPPER ? UPPER : VARIANT);
      continue;
    }
    const code = letter.codePointAt(0)!;
    // At the second level, a character that has no weight of its own stands for itself.
    const itself = code <= 0xffff && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd;
    if (/\p{Zs}/u.test(letter)) push(PUNCTUATION_BASE, mark, letter === " " ? LOWER : VARIANT);
    else if (PUNCTUATION_WEIGHT.has(letter)) {
      const [weight, variant] = PUNCTUATION_WEIGHT.get(letter)!;
      push(weight, variant, caseWeight);
    } else if (letter >= "0" && letter <= "9") push(DIGIT_BASE + code - 0x30, mark, caseWeight);
    else if (LETTER_WEIGHT.has(letter)) push(LETTER_WEIGHT.get(letter)!, mark, caseWeight);
    else if (/[\p{L}\p{N}]/u.test(letter)) {
      // Other scripts by code point; beyond the last that fits, one weight and the character at the next level.
      if (code < OTHER_LETTER_LAST) push(OTHER_LETTER_BASE + code, mark, caseWeight);
      else push(OTHER_LETTER_BASE + OTHER_LETTER_LAST, itself, caseWeight);
    } else push(OTHER_SYMBOL, itself, caseWeight);
  }
  return `${primary}${LEVEL}${secondary}${LEVEL}${tertiary}`;
}
