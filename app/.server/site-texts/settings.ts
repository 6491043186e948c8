import { randomBytes } from "node:crypto";
import { TEXT_FIELDS, TEXT_SECTION_TITLES, type SiteSettings, type TextField, type TextSection } from "#app/lib/site.ts";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { inLanguage, parseTranslations, storeTranslations, type Translations } from "#app/lib/translations.ts";
import { inTransaction } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { record, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import type { Summary } from "#app/.server/changes/summary.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";

export type { SiteSettings };

// The family's words and settings live in the settings table, one row a
// field (snake_case keys; lists as JSON). A field never saved reads as the
// seed's (seed-site.ts).

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const KEYS = Object.keys(SEED_SITE) as (keyof SiteSettings)[];

function decode<K extends keyof SiteSettings>(field: K, stored: string | undefined): SiteSettings[K] {
  if (stored === undefined) return SEED_SITE[field];
  switch (field) {
    case "branches":
      return JSON.parse(stored) as SiteSettings[K];
    case "branchesWithTree":
      return (stored === "1") as SiteSettings[K];
    case "heroPhotoId":
      return (stored === "" ? null : Number(stored)) as SiteSettings[K];
    default:
      return stored as SiteSettings[K];
  }
}

function encode(field: keyof SiteSettings, value: SiteSettings[keyof SiteSettings]): string {
  if (field === "branches") return JSON.stringify(value);
  if (field === "branchesWithTree") return value ? "1" : "0";
  if (field === "heroPhotoId") return value === null ? "" : String(value);
  return String(value);
}

/** Everything the family has set (or the seed's words where they have not). */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where(
      "key",
      "in",
      KEYS.map((k) => snake(k)),
    )
    .execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(KEYS.map((k) => [k, decode(k, stored.get(snake(k)))])) as unknown as SiteSettings;
}

/** Saves the given fields, together. */
export async function updateSiteSettings(db: Database, values: Partial<SiteSettings>): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const [field, value] of Object.entries(values) as [keyof SiteSettings, SiteSettings[keyof SiteSettings]][]) {
      const key = snake(field);
      const stored = encode(field, value);
      await tx
        .insertInto("settings")
        .values({ key, value: stored })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: stored }))
        .execute();
    }
  });
}

/** What an editor saved, as the change history names it: a section of the texts editor, the family's branches, or the dashboard's name and address. */
export type TextsChange = TextSection | "sakos" | "nustatymai";

/** The change history's summary of a save: the section by its title's message, said in the reader's language. */
function textsSummary(section: TextsChange): Summary {
  if (section === "sakos") return "changes.summary.texts.branches";
  if (section === "nustatymai") return "changes.summary.texts.settings";
  return { id: "changes.summary.texts.changed", values: { section: { id: TEXT_SECTION_TITLES[section] } } };
}

/** An editor's save of the site's texts or settings: the fields together, recorded in the change history as one change. */
export async function saveSiteTexts(db: Database, by: Actor | null, section: TextsChange, values: Partial<SiteSettings>): Promise<void> {
  await record(
    db,
    { actor: by, subject: { kind: "texts", id: section, summary: textsSummary(section) }, scopes: [editableSettingsScope()] },
    (tx) => updateSiteSettings(tx, values),
  );
}

// The family's texts in other languages (issue 30): one settings row,
// 'translations', JSON by language and field (app/lib/translations.ts). A
// field without its English is shown in Lithuanian on an English page.
const TRANSLATIONS = "translations";
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

/** The family's texts in every other language, as saved. */
export async function getSiteTranslations(db: Database): Promise<Translations> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", TRANSLATIONS).executeTakeFirst();
  return parseTranslations(row?.value);
}

/** What a page in `locale` shows of the family's settings: each text in that language where the family wrote it, and which are still in Lithuanian. */
export async function siteSettingsIn(db: Database, locale: Locale): Promise<SiteSettings & { lithuanian: TextField[] }> {
  const settings = await getSiteSettings(db);
  if (locale === SOURCE_LOCALE) return { ...settings, lithuanian: [] };
  const { texts, lithuanian } = inLanguage(locale, settings, await getSiteTranslations(db), TEXT_FIELD_NAMES);
  return { ...settings, ...texts, lithuanian };
}

/** An editor's save of a section's texts in another language, recorded in the change history as one change. */
export async function saveSiteTranslations(
  db: Database,
  by: Actor | null,
  section: TextSection,
  locale: Locale,
  values: Partial<Record<TextField, string>>,
): Promise<void> {
  await record(
    db,
    {
      actor: by,
      // The language by its code ("en"), the same in every language.
      subject: {
        kind: "texts",
        id: section,
        summary: { id: "changes.summary.texts.translated", values: { section: { id: TEXT_SECTION_TITLES[section] }, locale } },
      },
      scopes: [editableSettingsScope()],
    },
    async (tx) => {
      const all = await getSiteTranslations(tx);
      const value = storeTranslations({ ...all, [locale]: { ...all[locale], ...values } });
      await tx
        .insertInto("settings")
        .values({ key: TRANSLATIONS, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    },
  );
}

/** Whether the first-run content has been written (so deleting it all does not bring it back). */
export async function isSeeded(db: Database): Promise<boolean> {
  return (await db.selectFrom("settings").select("key").where("key", "=", "seeded_at").executeTakeFirst()) !== undefined;
}

export async function markSeeded(db: Database, at: string): Promise<void> {
  await db.insertInto("settings").values({ key: "seeded_at", value: at }).execute();
}

/**
 * A random secret generated on first use and kept in the database, so every
 * server process of the installation shares it and none is ever configured or
 * committed. Used to sign form tokens and to hash addresses.
 */
export async function installationSecret(db: Database, name: string): Promise<string> {
  const key = `secret_${name}`;
  await db
    .insertInto("settings")
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The settings an editor's change may touch, for the change history: every
 * one but the installation's secrets and the values the server keeps for
 * itself (the content version, the digest's last day).
 */
export function editableSettingsScope(): Scope {
  return scope("settings", (q) =>
    q.where("key", "not like", "secret_%").where("key", "not in", ["content_version", "notify_digest_at", "seeded_at", "site_origin"]),
  );
}
