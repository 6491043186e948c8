// The family's own words and settings, as the pages show them and the
// editors change them (stored in the database; the seed's are the start).

import type { MessageId } from "#app/i18n/catalog.ts";

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
  /** The field's name in the editor, its errors and the change history. */
  label: MessageId;
  max: number;
  /** Several lines: the editor shows a preview with paragraphs. */
  multiline?: boolean;
  /** May be left empty (the part is then not shown). */
  optional?: boolean;
}

export const TEXT_FIELDS: Record<TextField, FieldRule> = {
  familyName: { label: "adminContent.texts.field.familyName", max: 100 },
  contactEmail: { label: "adminContent.texts.field.contactEmail", max: 200 },
  tagline: { label: "adminContent.texts.field.tagline", max: 120, optional: true },
  homeHeading: { label: "adminContent.texts.field.homeHeading", max: 120 },
  homeIntro: { label: "adminContent.texts.field.homeIntro", max: 2000, multiline: true },
  cardHistory: { label: "adminContent.texts.field.cardHistory", max: 300 },
  cardTree: { label: "adminContent.texts.field.cardTree", max: 300 },
  cardGallery: { label: "adminContent.texts.field.cardGallery", max: 300 },
  cardGuestbook: { label: "adminContent.texts.field.cardGuestbook", max: 300 },
  treePlaceholder: { label: "adminContent.texts.field.treePlaceholder", max: 2000, multiline: true },
  treeContact: { label: "adminContent.texts.field.treeContact", max: 500, optional: true },
  aboutLead: { label: "adminContent.texts.field.aboutLead", max: 500, optional: true },
  aboutGoals: { label: "adminContent.texts.field.aboutGoals", max: 3000, multiline: true },
  aboutContact: { label: "adminContent.texts.field.aboutContact", max: 1000, optional: true, multiline: true },
  galleryLead: { label: "adminContent.texts.field.galleryLead", max: 500, optional: true },
  documentsLead: { label: "adminContent.texts.field.documentsLead", max: 500, optional: true },
  archiveNote: { label: "adminContent.texts.field.archiveNote", max: 1000, optional: true, multiline: true },
  guestbookLead: { label: "adminContent.texts.field.guestbookLead", max: 500, optional: true },
  footerLine: { label: "adminContent.texts.field.footerLine", max: 200, optional: true },
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

/** Each section's title in the texts editor (and in the change history's summary of a save), as a message. */
export const TEXT_SECTION_TITLES = {
  pradzia: "adminContent.texts.section.home",
  medis: "adminContent.texts.section.tree",
  apie: "adminContent.texts.section.about",
  galerija: "adminContent.texts.section.gallery",
  dokumentai: "adminContent.texts.section.documents",
  sveciai: "adminContent.texts.section.guestbook",
  porate: "adminContent.texts.section.footer",
} as const satisfies Record<TextSection, MessageId>;

/** What every page shows around its content: the header and the footer. */
export type FrameSettings = Pick<SiteSettings, "familyName" | "contactEmail" | "tagline" | "footerLine"> & {
  /** Those an English page shows in Lithuanian, the family having written no English for them. */
  lithuanian: TextField[];
};
