// Writes a synthetic GEDCOM 5.5.1 tree of any size, with Lithuanian names and
// places and every date form the importer knows:
//   node bench/gedcom-generate.ts PEOPLE FILE
// People are paired into families; each family has up to three children from
// the next generation. Deterministic: the same size gives the same file.
import fs from "node:fs";

const MALE = [
  "Jonas",
  "Petras",
  "Antanas",
  "Juozas",
  "Kazimieras",
  "Vytautas",
  "Algirdas",
  "Šarūnas",
  "Žygimantas",
  "Mindaugas",
  "Česlovas",
  "Rimantas",
];
const FEMALE = ["Ona", "Marija", "Elena", "Janina", "Aldona", "Birutė", "Rūta", "Eglė", "Ieva", "Živilė", "Gražina", "Aušra"];
const SURNAMES = [
  "Jonaitis",
  "Petrauskas",
  "Kazlauskas",
  "Žukauskas",
  "Šimkus",
  "Čepulis",
  "Vaitkus",
  "Butkus",
  "Paulauskas",
  "Urbonas",
  "Kairys",
  "Stankevičius",
];
const PLACES = [
  "Alytus, Alytaus apskr., Lietuva",
  "Vilnius, Lietuva",
  "Kaunas, Lietuva",
  "Kėdainiai, Kauno apskr., Lietuva",
  "Šiauliai, Lietuva",
  "Panevėžys, Lietuva",
  "Miroslavas, Alytaus r., Lietuva",
  "Čikaga, Ilinojus, JAV",
  "Torontas, Ontarijas, Kanada",
];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** A woman's form of a surname: -ienė when married, -aitė/-ytė/-ūtė before. */
function female(surname: string, married: boolean): string {
  const stem = surname.replace(/(aitis|ius|as|is|us|ys)$/, "");
  if (married) return `${stem}ienė`;
  if (surname.endsWith("aitis")) return `${stem}aitytė`;
  if (surname.endsWith("us")) return `${stem}utė`;
  if (surname.endsWith("is") || surname.endsWith("ys")) return `${stem}ytė`;
  return `${stem}aitė`;
}

/** Every date form, in turn: the n-th person's birth uses the n-th form. */
function date(n: number, year: number): string {
  const day = (n % 28) + 1;
  const month = MONTHS[n % 12];
  switch (n % 16) {
    case 0: return `${day} ${month} ${year}`;
    case 1: return `${month} ${year}`;
    case 2: return `${year}`;
    case 3: return `ABT ${year}`;
    case 4: return `CAL ${year}`;
    case 5: return `EST ${year}`;
    case 6: return `BEF ${year}`;
    case 7: return `AFT ${year}`;
    case 8: return `BET ${year} AND ${year + 2}`;
    case 9: return `FROM ${year} TO ${year + 5}`;
    case 10: return `INT ${year} (apie šv. Joninių laiką)`;
    case 11: return `@#DJULIAN@ ${day} ${month} ${year}`;
    case 12: return `@#DFRENCH R@ ${day} THER ${Math.max(1, (year % 12) + 1)}`;
    case 13: return `@#DHEBREW@ ${day} TSH ${year + 3760}`;
    case 14: return `${day} ${month} ${year - 1}/${String(year % 100).padStart(2, "0")}`;
    default: return `(per didįjį sniegą, ${year} m.)`;
  }
} // prettier-ignore

export function generate(people: number, file: string): void {
  const out = fs.openSync(file, "w");
  let buffer = "";
  const line = (text: string) => {
    buffer += `${text}\n`;
    if (buffer.length > 1 << 20) {
      fs.writeSync(out, buffer);
      buffer = "";
    }
  };
  line("0 HEAD");
  line("1 SOUR BENCH-GENERATOR");
  line("1 GEDC");
  line("2 VERS 5.5.1");
  line("2 FORM LINEAGE-LINKED");
  line("1 CHAR UTF-8");
  line("1 SUBM @U1@");
  line("0 @U1@ SUBM");
  line("1 NAME Generatorius");
  const families = Math.floor(people / 2);
  // Person i (1-based): partner in family ceil(i/2); child of family floor((i - 1) / 3) when that is earlier.
  const childOf = (i: number) => {
    const f = Math.floor((i - 1) / 3);
    return f >= 1 && f < Math.ceil(i / 2) ? f : null;
  };
  for (let i = 1; i <= people; i++) {
    const male = i % 2 === 1;
    const generation = Math.floor(Math.log2(i + 1));
    const year = 2000 - generation * 25 - (i % 7);
    const surname = SURNAMES[(Math.ceil(i / 2) * 7) % SURNAMES.length];
    const given = (male ? MALE : FEMALE)[(i * 5) % 12];
    line(`0 @I${i}@ INDI`);
    line(`1 NAME ${given} /${male ? surname : female(surname, true)}/`);
    if (!male) {
      line(`1 NAME ${given} /${female(SURNAMES[(i * 3) % SURNAMES.length], false)}/`);
      line("2 TYPE birth");
    }
    line(`1 SEX ${male ? "M" : "F"}`);
    line("1 BIRT");
    line(`2 DATE ${date(i, year)}`);
    line(`2 PLAC ${PLACES[i % PLACES.length]}`);
    if (year < 1930) {
      line("1 DEAT");
      line(`2 DATE ${date(i + 3, year + 60 + (i % 20))}`);
      line(`2 PLAC ${PLACES[(i + 4) % PLACES.length]}`);
    }
    if (i % 5 === 0) line(`1 OCCU ${["Ūkininkas", "Mokytoja", "Kalvis", "Gydytoja", "Inžinierius"][i % 5]}`);
    if (i % 11 === 0) {
      line("1 NOTE Prisiminimai apie gyvenimą kaime.");
      line("2 CONT Užrašyta iš anūkų pasakojimų.");
    }
    const parents = childOf(i);
    if (parents) line(`1 FAMC @F${parents}@`);
    if (Math.ceil(i / 2) <= families) line(`1 FAMS @F${Math.ceil(i / 2)}@`);
  }
  for (let f = 1; f <= families; f++) {
    line(`0 @F${f}@ FAM`);
    line(`1 HUSB @I${2 * f - 1}@`);
    line(`1 WIFE @I${2 * f}@`);
    for (let c = 3 * f + 1; c <= Math.min(3 * f + 3, people); c++) if (childOf(c) === f) line(`1 CHIL @I${c}@`);
    line("1 MARR");
    line(`2 DATE ${date(f + 7, 1990 - Math.floor(Math.log2(2 * f)) * 25)}`);
    line(`2 PLAC ${PLACES[f % PLACES.length]}`);
  }
  line("0 TRLR");
  fs.writeSync(out, buffer);
  fs.closeSync(out);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const people = Number(process.argv[2]);
  const file = process.argv[3];
  if (!people || !file) {
    console.error("Naudojimas: node bench/gedcom-generate.ts ASMENŲ_SKAIČIUS FAILAS");
    process.exit(2);
  }
  generate(people, file);
  console.log(`${file}: ${people} asmenų, ${Math.floor(people / 2)} šeimų, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
}
