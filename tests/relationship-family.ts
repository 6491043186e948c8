import { findPaths, relationPath, relationshipTerms, type GraphReader, type RelationPath } from "#app/lib/relationship.ts";
import type { Sex } from "#app/lib/tree-layout.ts";

// The family the kinship namers' unit tests search and name
// (app/lib/relationship.test.ts in Lithuanian, relationship-en.test.ts in
// English): a family graph in memory, read by the same findPaths the site uses.

export class Family implements GraphReader {
  sex = new Map<number, Sex>();
  names = new Map<string, number>();
  #parents = new Map<number, number[]>();
  #children = new Map<number, number[]>();
  #partners = new Map<number, number[]>();

  person(name: string, sex: Sex, parents: string[] = []): number {
    const id = this.names.size + 1;
    this.names.set(name, id);
    this.sex.set(id, sex);
    for (const p of parents) {
      const pid = this.id(p);
      this.#parents.set(id, [...(this.#parents.get(id) ?? []), pid]);
      this.#children.set(pid, [...(this.#children.get(pid) ?? []), id]);
    }
    return id;
  }
  marry(a: string, b: string) {
    const [x, y] = [this.id(a), this.id(b)];
    this.#partners.set(x, [...(this.#partners.get(x) ?? []), y]);
    this.#partners.set(y, [...(this.#partners.get(y) ?? []), x]);
  }
  id(name: string): number {
    const id = this.names.get(name);
    if (id === undefined) throw new Error(`no ${name}`);
    return id;
  }
  async parents(ids: number[]) {
    return new Map(ids.map((id) => [id, this.#parents.get(id) ?? []]));
  }
  async relatives(ids: number[]) {
    const pick = (m: Map<number, number[]>) => new Map(ids.map((id) => [id, m.get(id) ?? []]));
    return { parents: pick(this.#parents), children: pick(this.#children), partners: pick(this.#partners) };
  }
  /** The paths found from A to B, as the namers read them. */
  async paths(a: string, b: string): Promise<RelationPath[]> {
    const found = await findPaths(this.id(a), this.id(b), this);
    return found.map((p) => relationPath(p, (id) => this.sex.get(id)!));
  }
  /** B's relationship to A in Lithuanian along each path found, each term once. */
  async terms(a: string, b: string): Promise<string[]> {
    return relationshipTerms(await this.paths(a, b));
  }
}

/**
 * The family: Jonas (M) and his sister Ona (F) at the centre; their paternal
 * line seven generations up; uncles, aunts and cousins to the third degree;
 * half-siblings on both sides; step-parents; Jonas's wife's family, Ona's
 * husband's family; children and descendants six generations down; some
 * people of unknown sex; double cousins (two brothers married two sisters)
 * and a marriage of cousins (relatives married to relatives).
 */
export function generated(): Family {
  const f = new Family();
  // Seven generations up: protėvis7 … senelis2, each with his wife.
  f.person("protėvis7", "M");
  f.person("protėvė7", "F");
  f.marry("protėvis7", "protėvė7");
  for (let g = 6; g >= 1; g--) {
    f.person(`protėvis${g}`, "M", [`protėvis${g + 1}`, `protėvė${g + 1}`]);
    f.person(`protėvė${g}`, "F");
    f.marry(`protėvis${g}`, `protėvė${g}`);
  }
  // protėvis1 = tėvas, protėvė1 = motina.
  f.person("Jonas", "M", ["protėvis1", "protėvė1"]);
  f.person("Ona", "F", ["protėvis1", "protėvė1"]);
  f.person("Petras", "M", ["protėvis1", "protėvė1"]);
  f.person("BeLyties", "U", ["protėvis1", "protėvė1"]);
  // Half-siblings: the father's son with another wife, the mother's daughter with another husband.
  f.person("kitaŽmona", "F");
  f.marry("protėvis1", "kitaŽmona");
  f.person("pusiauBrolis", "M", ["protėvis1", "kitaŽmona"]);
  f.person("kitasVyras", "M");
  f.marry("protėvė1", "kitasVyras");
  f.person("pusiauSesuo", "F", ["protėvė1", "kitasVyras"]);
  // Uncle and aunt (the father's siblings), their spouses and children.
  f.person("dėdė", "M", ["protėvis2", "protėvė2"]);
  f.person("teta", "F", ["protėvis2", "protėvė2"]);
  f.person("dėdienė", "F");
  f.marry("dėdė", "dėdienė");
  f.person("tetosVyras", "M");
  f.marry("teta", "tetosVyras");
  f.person("pusbrolis", "M", ["dėdė", "dėdienė"]);
  f.person("pusseserė", "F", ["teta", "tetosVyras"]);
  f.person("pusbrolioSūnus", "M", ["pusbrolis"]);
  // A half-uncle: the grandfather's son with another woman.
  f.person("senelioKita", "F");
  f.person("pusiauDėdė", "M", ["protėvis2", "senelioKita"]);
  // The grandfather's brother, his child (the father's cousin), grandchild (second cousin), great-grandchild.
  f.person("senelioBrolis", "M", ["protėvis3", "protėvė3"]);
  f.person("tėvoPusbrolis", "M", ["senelioBrolis"]);
  f.person("antrosEilėsPusbrolis", "M", ["tėvoPusbrolis"]);
  f.person("antrosEilėsPusseserė", "F", ["tėvoPusbrolis"]);
  // Third cousin: from the great-grandfather's brother, three generations down.
  f.person("prosenelioBrolis", "M", ["protėvis4", "protėvė4"]);
  f.person("t1", "F", ["prosenelioBrolis"]);
  f.person("t2", "M", ["t1"]);
  f.person("trečiosEilėsPusseserė", "F", ["t2"]);
  // Jonas's wife, her parents and siblings, her son from an earlier marriage.
  f.person("uošvis", "M");
  f.person("uošvienė", "F");
  f.marry("uošvis", "uošvienė");
  f.person("Rūta", "F", ["uošvis", "uošvienė"]);
  f.marry("Jonas", "Rūta");
  f.person("žmonosBrolis", "M", ["uošvis", "uošvienė"]);
  f.person("žmonosSesuo", "F", ["uošvis", "uošvienė"]);
  f.person("Rūtos1Vyras", "M");
  f.marry("Rūta", "Rūtos1Vyras");
  f.person("posūnis", "M", ["Rūta", "Rūtos1Vyras"]);
  f.person("podukra", "F", ["Rūta", "Rūtos1Vyras"]);
  // Ona's husband and his family.
  f.person("šešuras", "M");
  f.person("anyta", "F");
  f.marry("šešuras", "anyta");
  f.person("Antanas", "M", ["šešuras", "anyta"]);
  f.marry("Ona", "Antanas");
  f.person("dieveris", "M", ["šešuras", "anyta"]);
  f.person("moša", "F", ["šešuras", "anyta"]);
  // Petras's wife: Jonas's sister-in-law; Ona's children: Jonas's nephew and niece.
  f.person("brolienė", "F");
  f.marry("Petras", "brolienė");
  f.person("sūnėnas", "M", ["Ona", "Antanas"]);
  f.person("dukterėčia", "F", ["Ona", "Antanas"]);
  f.person("brolioVaikas", "U", ["Petras", "brolienė"]);
  // Jonas and Rūta's children, their spouses, and descendants six generations down.
  f.person("sūnus", "M", ["Jonas", "Rūta"]);
  f.person("duktė", "F", ["Jonas", "Rūta"]);
  f.person("vaikas", "U", ["Jonas", "Rūta"]);
  f.person("marti", "F");
  f.marry("sūnus", "marti");
  f.person("žentas", "M");
  f.marry("duktė", "žentas");
  f.person("anūkas", "M", ["sūnus", "marti"]);
  f.person("anūkė", "F", ["duktė", "žentas"]);
  f.person("proanūkis", "M", ["anūkas"]);
  f.person("proanūkė", "F", ["anūkas"]);
  f.person("proproanūkis", "M", ["proanūkis"]);
  f.person("proproproanūkė", "F", ["proproanūkis"]);
  f.person("palikuonis6", "M", ["proproproanūkė"]);
  // Someone whose parents' and spouse's sex is unknown.
  f.person("tėvasAr", "U");
  f.person("kitas", "M", ["tėvasAr"]);
  f.person("sutuoktinis", "U");
  f.marry("kitas", "sutuoktinis");
  // Double cousins: two brothers married two sisters.
  f.person("bSenelis", "M");
  f.person("bSenelė", "F");
  f.person("sSenelis", "M");
  f.person("sSenelė", "F");
  f.person("brolis1", "M", ["bSenelis", "bSenelė"]);
  f.person("brolis2", "M", ["bSenelis", "bSenelė"]);
  f.person("sesuo1", "F", ["sSenelis", "sSenelė"]);
  f.person("sesuo2", "F", ["sSenelis", "sSenelė"]);
  f.marry("brolis1", "sesuo1");
  f.marry("brolis2", "sesuo2");
  f.person("dvigubas1", "M", ["brolis1", "sesuo1"]);
  f.person("dvigubas2", "F", ["brolis2", "sesuo2"]);
  // Cousins married: the cousin (pusbrolis) and the second cousin; their son is related to Jonas along both lines.
  f.marry("pusbrolis", "antrosEilėsPusseserė");
  f.person("giminiųVaikas", "M", ["pusbrolis", "antrosEilėsPusseserė"]);
  return f;
}
