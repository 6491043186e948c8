import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_initial.ts";
import * as m0002 from "./0002_media.ts";
import * as m0003 from "./0003_document_scans.ts";
import * as m0004 from "./0004_guestbook_moderation.ts";
import * as m0005 from "./0005_instances.ts";
import * as m0006 from "./0006_genealogy.ts";
import * as m0007 from "./0007_person_links.ts";
import * as m0008 from "./0008_people_names.ts";
import * as m0009 from "./0009_login_standing.ts";
import * as m0010 from "./0010_person_uid.ts";
import * as m0011 from "./0011_gedcom_import.ts";
import * as m0012 from "./0012_members.ts";
import * as m0013 from "./0013_document_order.ts";
import * as m0014 from "./0014_tree_lookup_indexes.ts";
import * as m0015 from "./0015_source_lookup_indexes.ts";
import * as m0016 from "./0016_contributions.ts";
import * as m0017 from "./0017_photo_pages.ts";
import * as m0018 from "./0018_photo_people.ts";
import * as m0019 from "./0019_albums.ts";
import * as m0020 from "./0020_photo_documents.ts";
import * as m0021 from "./0021_stories.ts";
import * as m0022 from "./0022_import_merge.ts";
import * as m0023 from "./0023_translations.ts";
import * as m0024 from "./0024_user_language.ts";
import * as m0025 from "./0025_story_search_english.ts";
import * as m0026 from "./0026_passkey_challenge_address.ts";
import * as m0027 from "./0027_password_checks.ts";
import * as m0028 from "./0028_story_person_links.ts";
import * as m0029 from "./0029_login_failure_log.ts";
import * as m0030 from "./0030_gedcom_restrictions.ts";
import * as m0031 from "./0031_prepared_indexes.ts";
import * as m0032 from "./0032_name_index.ts";
import * as m0033 from "./0033_import_owner.ts";

/**
 * Every migration, in order. Listed here rather than read from the folder so the
 * server bundle and the command-line tools carry the same set. A migration is
 * never edited once released: add a new one.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_media": m0002,
  "0003_document_scans": m0003,
  "0004_guestbook_moderation": m0004,
  "0005_instances": m0005,
  "0006_genealogy": m0006,
  "0007_person_links": m0007,
  "0008_people_names": m0008,
  "0009_login_standing": m0009,
  "0010_person_uid": m0010,
  "0011_gedcom_import": m0011,
  "0012_members": m0012,
  "0013_document_order": m0013,
  "0014_tree_lookup_indexes": m0014,
  "0015_source_lookup_indexes": m0015,
  "0016_contributions": m0016,
  "0017_photo_pages": m0017,
  "0018_photo_people": m0018,
  "0019_albums": m0019,
  "0020_photo_documents": m0020,
  "0021_stories": m0021,
  "0022_import_merge": m0022,
  "0023_translations": m0023,
  "0024_user_language": m0024,
  "0025_story_search_english": m0025,
  "0026_passkey_challenge_address": m0026,
  "0027_password_checks": m0027,
  "0028_story_person_links": m0028,
  "0029_login_failure_log": m0029,
  "0030_gedcom_restrictions": m0030,
  "0031_prepared_indexes": m0031,
  "0032_name_index": m0032,
  "0033_import_owner": m0033,
};
