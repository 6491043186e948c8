// The database's tables as the code sees them: one interface per table, and
// the Kysely instance typed by them. migrations.test.ts checks every column
// here against what db/migrations builds, on SQLite and PostgreSQL.
import type { Generated, Kysely } from "kysely";
import type { Role } from "#app/lib/roles.ts";

// Column names are snake_case in the database and camelCase here (CamelCasePlugin).

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  createdAt: string;
  role: Generated<Role>;
  /** Set while the user may not log in (their sessions ended when it was set). */
  disabledAt: string | null;
  /** The tree's person this user is ("tai aš"), by lasting person id. */
  personId: number | null;
  /** Where the user's notices go (issue 17); null: none. */
  email: Generated<string | null>;
  /** 1: the member wants an e-mail when their proposal is decided. */
  notifyDecisions: Generated<number>;
  /** The language of their letters and of the site after logging in: 'lt' or 'en' (issue 30). */
  language: Generated<string>;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  /** When the session was last used (updated at most every few minutes). */
  lastSeenAt: string | null;
  /** The browser and system, as its User-Agent tells, for the user's list of sessions. */
  device: string | null;
}

/** An invitation, or a password-reset link: a single-use token, of which only the SHA-256 is kept. */
export interface AccountLinksTable {
  tokenHash: string;
  kind: "invite" | "reset";
  /** The role an invitation gives. */
  role: Role | null;
  personId: number | null;
  /** The user a reset link is for. */
  userId: number | null;
  email: string | null;
  createdBy: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBy: number | null;
  revokedAt: string | null;
}

export interface PasskeysTable {
  /** The credential id (base64url). */
  id: string;
  userId: number;
  /** The COSE public key (base64url). */
  publicKey: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyChallengesTable {
  id: string;
  challenge: string;
  /** Null for a login, where the user is not known yet. */
  userId: number | null;
  expiresAt: string;
  /** Who asked for a login's challenge (bounded per address); null for a signed-in user's. */
  clientAddress: string | null;
}

export interface PrivatePeopleTable {
  personId: number;
  markedAt: string;
}

/** A wrong current password given inside a session (a new password, a new passkey): throttled per user. */
export interface PasswordChecksTable {
  id: Generated<number>;
  userId: number;
  failedAt: string;
}

export interface FailedLoginsTable {
  id: Generated<number>;
  username: string;
  clientAddress: string;
  /** Who failed: a trusted browser ('device'), a known address of the user, or a stranger. */
  kind: Generated<"device" | "address" | "stranger">;
  /** The trusted browser's device cookie nonce, for 'device'. */
  device: string | null;
  attemptedAt: string;
}

export interface LoginAddressesTable {
  username: string;
  clientAddress: string;
  lastLoginAt: string;
}

/** A failed login against an existing user, kept 90 days to tell them (login-failure-log.ts); no password. */
export interface LoginFailureLogTable {
  id: Generated<number>;
  userId: number;
  clientAddress: string;
  attemptedAt: string;
  /** When /paskyra showed it to its user; null: not yet. */
  seenAt: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** The last complete set of whole-tree indexes (genealogy/prepared-indexes.ts): one JSON value per name, all of one tag. */
export interface PreparedIndexesTable {
  name: string;
  tag: string;
  value: string;
  builtAt: string;
}

export interface HistoryRevisionsTable {
  id: Generated<number>;
  title: string;
  intro: string;
  paragraph1: string;
  periodTitle: string;
  periodText: string;
  periodText2: string;
  createdAt: string;
  author: string | null;
  /** 1: the period's title and texts are for the family only. */
  periodMembersOnly: Generated<number>;
  /** The texts in other languages, JSON by language and field (app/lib/translations.ts). */
  translations: Generated<string>;
}

export interface MediaTable {
  id: string;
  /** 'file': a file a GEDZIP archive brought that is neither picture nor PDF; kept, never served publicly. */
  kind: "image" | "pdf" | "file";
  originalName: string;
  originalType: string;
  originalExtension: string;
  originalSize: number;
  width: number | null;
  height: number | null;
  displayWidth: number | null;
  displayHeight: number | null;
  createdAt: string;
  /** Widths of the deep-zoom renditions (JSON array, ascending); null: an image whose renditions are not derived yet. */
  zoom: string | null;
}

export interface GalleryItemsTable {
  id: number;
  title: string;
  description: string;
  /** Null while the item shows the placeholder image. */
  mediaId: string | null;
  position: number;
  createdAt: string;
  /** 1: for the family only ("tik giminei"): members and above see it, visitors never. */
  membersOnly: Generated<number>;
  /** When it was taken, in GEDCOM form ("ABT 1930"); '' when not known. */
  date: Generated<string>;
  /** Where it was taken, as typed; '' when not known. */
  place: Generated<string>;
  /** The first day `date` can mean (Julian day number), for sorting and decades; null when not known. */
  dateFrom: Generated<number | null>;
  /** The title and description in other languages, JSON by language and field (app/lib/translations.ts). */
  translations: Generated<string>;
}

export interface DocumentsTable {
  id: number;
  title: string;
  person: string;
  year: string;
  type: string;
  /** The scanned document, if any (media.kind 'image' or 'pdf'). */
  scanMediaId: string | null;
  createdAt: string;
  updatedAt: string;
  /** 1: for the family only ("tik giminei"). */
  membersOnly: Generated<number>;
  // The keys the list is sorted, searched and matched to people by
  // (db/migrations/0013_document_order.ts), made by documentKeys in
  // documents.ts whenever a document's fields are stored.
  sortTitle: string;
  sortPerson: string;
  sortType: string;
  sortYear: number;
  searchText: string;
  personKey: string;
}

export type GuestbookStatus = "pending" | "approved" | "hidden";

export interface GuestbookEntriesTable {
  id: Generated<number>;
  name: string;
  message: string;
  createdAt: string;
  status: Generated<GuestbookStatus>;
  /** Keyed hash of the sender's address, for the rate limit; null for seeded entries. */
  clientHash: string | null;
}

export interface InstancesTable {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  heartbeatAt: string;
}

// The family tree (db/migrations/0006_genealogy.ts). JSON columns hold text.
export interface GenealogyTreesTable {
  id: Generated<number>;
  /** 'base': the file a waiting import is compared with, read again (import merge, issue 29); never listed. */
  status: "importing" | "ready" | "failed" | "base";
  sourceName: string;
  gedcomVersion: string | null;
  charset: string | null;
  createdAt: string;
  people: Generated<number>;
  families: Generated<number>;
  sources: Generated<number>;
  media: Generated<number>;
  warnings: Generated<string>;
  header: Generated<string>;
  /** 1 when the file had no 0 TRLR: records may be missing. */
  cutOff: Generated<number>;
  /** All the warnings, of which `warnings` stores the first thousand. */
  warningCount: Generated<number>;
  /** The GEDCOM file the tree was imported from (a media row of kind 'file'): the next import's base. */
  sourceMediaId: string | null;
  /** For an import waiting beside the site's tree: its base, the site's file read again (a tree of status 'base'). */
  baseTreeId: number | null;
  /** While importing: the process doing it (instances.id); it is abandoned when that process is gone. */
  ownerInstance: string | null;
  /** For an import waiting beside the site's tree: the merge's plan as of the upload (JSON, merge/plan.ts). */
  mergePlan: string | null;
}

export interface GenealogyPeopleTable {
  treeId: number;
  /** The person's address on the site: kept across re-imports, never reused (genealogy/person-ids.ts). */
  id: number;
  xref: string | null;
  /** The GEDCOM UID (_UID or UID), normalized; matches the person across imports. */
  uid: string | null;
  givenNames: string;
  surname: string;
  birthSurname: string | null;
  sex: string;
  names: string;
  notes: string;
  extra: string;
  searchKey: string;
  position: number;
  /** Substructures of the person's FAMS lines, by family id (JSON). */
  famsExtra: Generated<string>;
  /** GEDCOM's RESN mark: 'privacy' (not for visitors) or 'confidential' (editors only); null: the living rule alone (restrictions.ts). */
  restriction: string | null;
}

export interface GenealogyFamiliesTable {
  treeId: number;
  id: number;
  xref: string | null;
  partner1Id: number | null;
  partner1Role: string | null;
  partner2Id: number | null;
  partner2Role: string | null;
  notes: string;
  extra: string;
  position: number;
  /** Substructures of the HUSB/WIFE lines of partner 1 and 2 (JSON: two lists). */
  partnerExtra: Generated<string>;
}

export interface GenealogyChildrenTable {
  treeId: number;
  familyId: number;
  personId: number;
  relation: string;
  position: number;
  /** Substructures of the child's FAMC line (PEDI aside). */
  extra: string;
  /** Substructures of the family's CHIL line (_FREL, _MREL...). */
  familyExtra: Generated<string>;
}

/** A file from a GEDZIP archive that the GEDCOM names (FILE, TRAN), by the path as written. */
export interface GenealogyFilesTable {
  treeId: number;
  path: string;
  mediaId: string;
}

export interface GenealogyPlacesTable {
  treeId: number;
  id: number;
  name: string;
  parts: string;
}

export interface GenealogyEventsTable {
  treeId: number;
  id: number;
  ownerKind: "person" | "family";
  ownerId: number;
  tag: string;
  type: string | null;
  value: string | null;
  date: string | null;
  datePhrase: string | null;
  dateFrom: number | null;
  dateTo: number | null;
  placeId: number | null;
  placeExtra: string | null;
  notes: string;
  extra: string;
  position: number;
  /** GEDCOM's RESN mark on the fact: 'privacy' or 'confidential' (restrictions.ts). */
  restriction: string | null;
}

export interface GenealogySourcesTable {
  treeId: number;
  id: number;
  xref: string | null;
  title: string | null;
  author: string | null;
  publication: string | null;
  text: string | null;
  notes: string;
  extra: string;
}

export interface GenealogyCitationsTable {
  treeId: number;
  id: number;
  ownerKind: "person" | "family" | "event";
  ownerId: number;
  sourceId: number | null;
  text: string | null;
  page: string | null;
  extra: string;
  position: number;
}

export interface GenealogyMediaTable {
  treeId: number;
  id: number;
  xref: string | null;
  /** The first FILE, its format and the title, read out for the site's own use. */
  file: string | null;
  format: string | null;
  title: string | null;
  mediaId: string | null;
  /** Every substructure of the record, as the file had them. */
  extra: string;
  /** 1 when the object was embedded in its owner (GEDCOM 5.5) rather than a record. */
  embedded: Generated<number>;
}

export interface GenealogyMediaLinksTable {
  treeId: number;
  mediaId: number;
  ownerKind: "person" | "family" | "event";
  ownerId: number;
  position: number;
  extra: string;
}

export interface GenealogyRecordsTable {
  treeId: number;
  id: number;
  xref: string | null;
  tag: string;
  value: string | null;
  children: string;
}

/**
 * Who is in a gallery photo (issue 18): a person of a tree (treeId and
 * personId) or, for someone not in the tree, a free name; with the rectangle
 * of the photo they are in, as fractions of its width and height (all null:
 * in the photo, place not marked).
 */
export interface PhotoPeopleTable {
  id: Generated<number>;
  galleryItemId: number;
  treeId: number | null;
  personId: number | null;
  name: string;
  boxLeft: number | null;
  boxTop: number | null;
  boxWidth: number | null;
  boxHeight: number | null;
  position: number;
  /** 1: this rectangle is the person's portrait (their page's picture); at most one per person. */
  portrait: Generated<number>;
}

/** The people a document is about. */
export interface DocumentPeopleTable {
  treeId: number;
  personId: number;
  documentId: number;
}

/** An album of the gallery (issue 18): photos grouped under a title. */
export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  description: string;
  position: number;
  createdAt: string;
}

/** A photo in an album; `cover` 1 for the album's cover (at most one per album). */
export interface AlbumPhotosTable {
  albumId: number;
  galleryItemId: number;
  cover: Generated<number>;
}

/** A document linked to a gallery photo. */
export interface PhotoDocumentsTable {
  galleryItemId: number;
  documentId: number;
}

/** A story of the family's history (issue 19), its text in Markdown. */
export interface StoriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  lead: string;
  body: string;
  era: string;
  yearFrom: number | null;
  yearTo: number | null;
  places: string;
  coverPhotoId: number | null;
  published: number;
  membersOnly: number;
  position: number;
  personIds: string;
  photoIds: string;
  searchText: string;
  createdAt: string;
  updatedAt: string;
  /** The title, lead and text in other languages, JSON by language and field (app/lib/translations.ts). */
  translations: Generated<string>;
}

/** Every address a story has had: the current one and those that redirect to it. */
export interface StorySlugsTable {
  slug: string;
  storyId: number;
}

/** A story as one save left it. */
export interface StoryRevisionsTable {
  id: Generated<number>;
  storyId: number;
  title: string;
  lead: string;
  body: string;
  era: string;
  yearFrom: number | null;
  yearTo: number | null;
  places: string;
  coverPhotoId: number | null;
  createdAt: string;
  author: string | null;
  translations: Generated<string>;
}

/** One change by anyone (app/.server/changes/changes.ts): the rows it touched, before and after. */
export interface ChangesTable {
  id: Generated<number>;
  at: string;
  userId: number | null;
  username: string | null;
  subjectKind: string;
  subjectId: string | null;
  summary: string;
  /** JSON: RowChange[] */
  rows: string;
  undoOf: number | null;
  undoneBy: number | null;
  proposalId: number | null;
}

export type ProposalStatus = "pending" | "approved" | "rejected" | "withdrawn";

/** What a member asks to change or add (app/.server/proposals/proposals.ts). */
export interface ProposalsTable {
  id: Generated<number>;
  userId: number | null;
  username: string;
  createdAt: string;
  kind: string;
  subjectKind: string;
  subjectId: string | null;
  /** JSON, by kind. */
  payload: string;
  /** JSON: the subject as it was when proposed. */
  baseline: Generated<string>;
  status: Generated<ProposalStatus>;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: Generated<string>;
  changeId: number | null;
}

/** A member's memory of a person or a photo, once approved. */
export interface MemoriesTable {
  id: Generated<number>;
  personId: number | null;
  galleryItemId: number | null;
  text: string;
  author: string;
  userId: number | null;
  createdAt: string;
  /** JSON list of media ids. */
  mediaIds: Generated<string>;
  proposalId: number | null;
}

export interface Tables {
  changes: ChangesTable;
  proposals: ProposalsTable;
  memories: MemoriesTable;
  photoPeople: PhotoPeopleTable;
  documentPeople: DocumentPeopleTable;
  albums: AlbumsTable;
  albumPhotos: AlbumPhotosTable;
  photoDocuments: PhotoDocumentsTable;
  stories: StoriesTable;
  storySlugs: StorySlugsTable;
  storyRevisions: StoryRevisionsTable;
  genealogyFiles: GenealogyFilesTable;
  genealogyTrees: GenealogyTreesTable;
  genealogyPeople: GenealogyPeopleTable;
  genealogyFamilies: GenealogyFamiliesTable;
  genealogyChildren: GenealogyChildrenTable;
  genealogyPlaces: GenealogyPlacesTable;
  genealogyEvents: GenealogyEventsTable;
  genealogySources: GenealogySourcesTable;
  genealogyCitations: GenealogyCitationsTable;
  genealogyMedia: GenealogyMediaTable;
  genealogyMediaLinks: GenealogyMediaLinksTable;
  genealogyRecords: GenealogyRecordsTable;
  instances: InstancesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accountLinks: AccountLinksTable;
  passkeys: PasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
  privatePeople: PrivatePeopleTable;
  failedLogins: FailedLoginsTable;
  passwordChecks: PasswordChecksTable;
  loginAddresses: LoginAddressesTable;
  loginFailureLog: LoginFailureLogTable;
  settings: SettingsTable;
  preparedIndexes: PreparedIndexesTable;
  media: MediaTable;
  historyRevisions: HistoryRevisionsTable;
  galleryItems: GalleryItemsTable;
  documents: DocumentsTable;
  guestbookEntries: GuestbookEntriesTable;
}

export type Database = Kysely<Tables>;
