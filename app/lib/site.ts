// The family's own words and settings, as the pages show them and the
// editors change them (stored in the database; the seed's are the start).

export interface Branch {
  name: string;
  text: string;
}

export interface SiteSettings {
  familyName: string;
  contactEmail: string;
  /** Under the family's name in the header and the footer. */
  tagline: string;
  homeHeading: string;
  homeIntro: string;
  cardHistory: string;
  cardTree: string;
  cardGallery: string;
  cardGuestbook: string;
  /** The gallery photo at the top of the home page; null: none. */
  heroPhotoId: number | null;
  treePlaceholder: string;
  branches: Branch[];
  /** Whether the branches stay on the tree page once a tree is imported. */
  branchesWithTree: boolean;
  treeContact: string;
  aboutLead: string;
  /** One goal a line. */
  aboutGoals: string;
  aboutContact: string;
  galleryLead: string;
  documentsLead: string;
  archiveNote: string;
  guestbookLead: string;
  footerLine: string;
}

export { EMAIL_TOKEN, splitAtEmail } from "./email-token.ts";

export type TextField = Exclude<keyof SiteSettings, "heroPhotoId" | "branches" | "branchesWithTree">;

interface FieldRule {
  label: string;
  max: number;
  /** Several lines: the editor shows a preview with paragraphs. */
  multiline?: boolean;
  /** May be left empty (the part is then not shown). */
  optional?: boolean;
}

export const TEXT_FIELDS: Record<TextField, FieldRule> = {
  familyName: { label: "Giminės pavadinimas", max: 100 },
  contactEmail: { label: "Kontaktinis el. paštas", max: 200 },
  tagline: { label: "Paantraštė po giminės pavadinimu", max: 120, optional: true },
  homeHeading: { label: "Pasveikinimas", max: 120 },
  homeIntro: { label: "Įžanga", max: 2000, multiline: true },
  cardHistory: { label: "Kortelė „Giminės istorija“", max: 300 },
  cardTree: { label: "Kortelė „Giminės medis“", max: 300 },
  cardGallery: { label: "Kortelė „Nuotraukų galerija“", max: 300 },
  cardGuestbook: { label: "Kortelė „Svečių knyga“", max: 300 },
  treePlaceholder: { label: "Tekstas, kol medžio dar nėra", max: 2000, multiline: true },
  treeContact: { label: "Kvietimas rašyti", max: 500, optional: true },
  aboutLead: { label: "Įžanga", max: 500, optional: true },
  aboutGoals: { label: "Projekto tikslai (po vieną eilutėje)", max: 3000, multiline: true },
  aboutContact: { label: "Kvietimas rašyti", max: 1000, optional: true, multiline: true },
  galleryLead: { label: "Įžanga virš nuotraukų", max: 500, optional: true },
  documentsLead: { label: "Įžanga virš dokumentų sąrašo", max: 500, optional: true },
  archiveNote: { label: "Langelis „Apie archyvą“", max: 1000, optional: true, multiline: true },
  guestbookLead: { label: "Įžanga virš svečių knygos", max: 500, optional: true },
  footerLine: { label: "Poraštės eilutė", max: 200, optional: true },
};

export const BRANCH_LIMITS = { name: 80, text: 300, count: 30 };

/** What passes for an e-mail address: something@host.domain, no spaces. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The editor's sections (/admin/tekstai): each saves its own fields. */
export const TEXT_SECTIONS = {
  pradzia: ["homeHeading", "homeIntro", "cardHistory", "cardTree", "cardGallery", "cardGuestbook"],
  medis: ["treePlaceholder", "treeContact"],
  apie: ["aboutLead", "aboutGoals", "aboutContact"],
  galerija: ["galleryLead"],
  dokumentai: ["documentsLead", "archiveNote"],
  sveciai: ["guestbookLead"],
  porate: ["tagline", "footerLine"],
} as const satisfies Record<string, readonly TextField[]>;

export type TextSection = keyof typeof TEXT_SECTIONS;

/** Each section's title in the texts editor (and in the change history's summary of a save). */
export const TEXT_SECTION_TITLES: Record<TextSection, string> = {
  pradzia: "Pradžios puslapis",
  medis: "Giminės medžio puslapis",
  apie: "Puslapis „Apie“",
  galerija: "Galerijos puslapis",
  dokumentai: "Dokumentų puslapis",
  sveciai: "Svečių knygos puslapis",
  porate: "Paantraštė ir poraštė",
};

/** What every page shows around its content: the header and the footer. */
export type FrameSettings = Pick<SiteSettings, "familyName" | "contactEmail" | "tagline" | "footerLine"> & {
  /** Those an English page shows in Lithuanian, the family having written no English for them. */
  lithuanian: TextField[];
};
