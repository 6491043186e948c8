// Lithuanian names of GEDCOM events, for the person pages and the editor.

export const EVENT_LABELS: Record<string, string> = {
  BIRT: "Gimimas",
  CHR: "Krikštas",
  BAPM: "Krikštas",
  DEAT: "Mirtis",
  BURI: "Palaidojimas",
  CREM: "Kremavimas",
  MARR: "Santuoka",
  DIV: "Skyrybos",
  ENGA: "Sužadėtuvės",
  RESI: "Gyvenamoji vieta",
  OCCU: "Profesija",
  EDUC: "Išsilavinimas",
  EMIG: "Emigracija",
  IMMI: "Imigracija",
  NATU: "Pilietybė",
  CENS: "Gyventojų surašymas",
  CONF: "Sutvirtinimas",
  FCOM: "Pirmoji komunija",
  GRAD: "Mokslų baigimas",
  RETI: "Išėjimas į pensiją",
  RELI: "Religija",
  NATI: "Tautybė",
  TITL: "Titulas",
  ADOP: "Įvaikinimas",
  PROB: "Testamento patvirtinimas",
  WILL: "Testamentas",
  EVEN: "Įvykis",
  FACT: "Faktas",
};

/** The events the administrator adds in the person editor. */
export const EDITABLE_EVENTS: Record<string, string> = Object.fromEntries(
  ["BIRT", "CHR", "DEAT", "BURI", "RESI", "OCCU", "EDUC", "EMIG"].map((tag) => [tag, EVENT_LABELS[tag]]),
);

/** How "Šią dieną" words an anniversary: '1898 m. gimė …'. */
export const ANNIVERSARY_VERBS: Record<string, string> = { BIRT: "gimė", DEAT: "mirė", MARR: "susituokė" };
