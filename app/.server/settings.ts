import { randomBytes } from "node:crypto";
import type { Database } from "./db.ts";

/** What the whole site shows about the family: the header's name and the contact address. */
export interface SiteSettings {
  familyName: string;
  contactEmail: string;
}

export const DEFAULT_SETTINGS: SiteSettings = {
  familyName: "Jonaičių giminė",
  contactEmail: "seima@example.com",
};

const KEYS = { familyName: "family_name", contactEmail: "contact_email" } as const;

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return {
    familyName: stored.get(KEYS.familyName) ?? DEFAULT_SETTINGS.familyName,
    contactEmail: stored.get(KEYS.contactEmail) ?? DEFAULT_SETTINGS.contactEmail,
  };
}

export async function updateSiteSettings(db: Database, settings: SiteSettings): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [field, key] of Object.entries(KEYS) as [keyof SiteSettings, string][]) {
      await tx
        .insertInto("settings")
        .values({ key, value: settings[field] })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: settings[field] }))
        .execute();
    }
  });
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
