import type { SiteSettings } from "#app/lib/site.ts";

// The words a new installation starts with: the example family's. Every one
// of them is the family's to change in the browser (/admin/tekstai and the
// dashboard); nothing a visitor reads about the family is written anywhere
// else in the code. An installation seeded before a text existed reads it
// from here until the administrator saves their own.

export const SEED_SITE: SiteSettings = {
  familyName: "Jonaičių giminė",
  contactEmail: "seima@example.com",
  tagline: "Šeimos istorija ir paveldas",
  homeHeading: "Sveiki atvykę!",
  homeIntro:
    "Šioje svetainėje renkame mūsų giminės istoriją, senąsias nuotraukas ir dokumentus, kad jie išliktų ateinančioms kartoms. Apsidairykite ir papildykite, ką žinote.",
  cardHistory: "Iš kur kilome, kaip gyveno mūsų proseneliai ir kaip giminė pasklido po pasaulį.",
  cardTree: "Giminės šakos Alytuje, Vilniuje, Kaune ir užsienyje.",
  cardGallery: "Senosios šeimos nuotraukos: sodyba, vestuvės, susitikimai.",
  cardGuestbook: "Palikite žinutę giminaičiams ir svetainės lankytojams.",
  heroPhotoId: null,
  treePlaceholder: "Šiuo metu renkame ir tikriname duomenis apie giminės narius. Netrukus čia galėsite naršyti interaktyvų giminės medį.",
  branches: [
    { name: "Alytaus šaka", text: "Giminės lopšys: sodyba Miroslavo apylinkėse ir čia likę Jono ir Onos palikuonys." },
    { name: "Vilniaus šaka", text: "Į sostinę mokytis ir dirbti persikėlusios šeimos." },
    { name: "Kauno šaka", text: "Tarpukariu Kaune įsikūrę giminaičiai ir jų vaikai." },
    { name: "Užsienio šakos", text: "Po karo į Ameriką, Kanadą ir kitas šalis pasitraukę giminės nariai." },
  ],
  branchesWithTree: true,
  treeContact: "Turite informacijos apie giminės narius? Rašykite adresu [el. paštas].",
  aboutLead: "Ši svetainė – bendras giminės darbas, kuriamas savanoriškai ir su meile.",
  aboutGoals: [
    "išsaugoti giminės istoriją, prisiminimus ir pasakojimus ateinančioms kartoms;",
    "surinkti ir suskaitmeninti senąsias šeimos nuotraukas bei dokumentus;",
    "sudaryti giminės medį ir susieti po pasaulį pasklidusias šeimos šakas;",
    "suteikti vietą, kur giminaičiai gali dalytis žiniomis ir palikti žinutę.",
  ].join("\n"),
  aboutContact:
    "Turite nuotraukų, dokumentų ar prisiminimų, kuriais norėtumėte pasidalyti? Pastebėjote klaidą? Rašykite adresu [el. paštas].",
  galleryLead: "Senosios šeimos nuotraukos.",
  documentsLead: "Giminės popierinio archyvo sąrašas: metrikai, liudijimai, laiškai ir žemės dokumentai.",
  guestbookLead: "Pasidalykite prisiminimais, pasveikinkite giminaičius ar palikite žinutę.",
  archiveNote:
    "Dokumentų originalai saugomi šeimos archyve. Jei turite giminei svarbių dokumentų ar jų kopijų, parašykite adresu [el. paštas] – mielai juos įtrauksime į sąrašą.",
  footerLine: "Visos teisės saugomos.",
};
