import { sql } from "kysely";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "#app/lib/accounts.ts";
import { DIGEST_HOUR, NOTIFY_MODE_LIST, type NotifyMode } from "#app/lib/notifications.ts";
import { EMAIL } from "#app/lib/site.ts";
import { choiceField, emailField } from "#app/.server/platform/form.ts";
import type { Services } from "#app/.server/platform/context.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { countPendingEntries } from "#app/.server/guestbook/guestbook.ts";
import { sendNotice } from "#app/.server/platform/mail.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { isLocale, localized, SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import type { T } from "#app/i18n/intl.ts";
import { letterLink } from "#app/.server/platform/site-address.ts";
import { countPendingProposals, findProposal, proposalViews } from "#app/.server/proposals/proposals.ts";
import { PROPOSAL_KINDS } from "#app/.server/proposals/kinds.ts";
import { getSiteSettings, siteSettingsIn } from "#app/.server/site-texts/settings.ts";

// Notices of what waits for an editor and of decisions (issue 17 item 4).
// The routes call these after the write has been committed; a notice that
// cannot be sent is logged and never undoes or fails the write.
//   - The badge: how many proposals and guestbook entries wait (two indexed counts).
//   - The administrator's e-mail, when SMTP_URL is set: none, one letter per
//     new item, or a daily digest of what came since the last one. The digest
//     is sent by a timer in every server process; the day is claimed by a
//     conditional update of one settings row, so only one process sends it.
//   - A member's e-mail when their proposal is decided, if they asked for it.
// Every letter is written in its reader's language (their account's choice,
// users.language), its links to the pages in that language.

const MODE_KEY = "notify_mode";
const ADDRESS_KEY = "notify_email";
/** When the last digest was sent (ISO time): the next one tells what came after it. */
const DIGEST_KEY = "notify_digest_at";
export interface NotifySettings {
  mode: NotifyMode;
  /** Where the administrator's letters go; "" for the site's contact address. */
  email: string;
}

/** What waits for an editor: the badge on the dashboard and the admin menu. */
export async function waitingCounts(db: Database): Promise<{ proposals: number; guestbook: number }> {
  const [proposals, guestbook] = await Promise.all([countPendingProposals(db), countPendingEntries(db)]);
  return { proposals, guestbook };
}

export async function notifySettings(db: Database): Promise<NotifySettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", [MODE_KEY, ADDRESS_KEY]).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const mode = stored.get(MODE_KEY);
  return { mode: mode === "each" || mode === "digest" ? mode : "none", email: stored.get(ADDRESS_KEY) ?? "" };
}

/** The administrator's notices page (/admin/pranesimai): how to hear, and where to ("" for the site's contact address). */
export const NOTIFY_FORM = z.object({
  mode: choiceField(NOTIFY_MODE_LIST, "account.notify.chooseMode"),
  email: emailField("account.notify.sendTo", EMAIL_MAX_LENGTH, { optional: true }),
});

/** Saves the administrator's choice, as NOTIFY_FORM reads it. */
export async function saveNotifySettings(db: Database, settings: NotifySettings): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [key, value] of [
      [MODE_KEY, settings.mode],
      [ADDRESS_KEY, settings.email],
    ]) {
      await tx
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    }
  });
}

/** The language of an account's letters, from what is stored (Lithuanian when nothing else is). */
function letterLanguage(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : SOURCE_LOCALE;
}

/**
 * The language of the letters to an address: that of the account whose
 * notices go there (an administrator's first), or Lithuanian, the site's own,
 * for an address no account gives (the site's contact address).
 */
export async function addressLanguage(db: Database, address: string): Promise<Locale> {
  const row = await db
    .selectFrom("users")
    .select("language")
    .where(sql<string>`lower(email)`, "=", address.toLowerCase())
    .where("disabledAt", "is", null)
    .orderBy(sql`case role when 'administratorius' then 0 when 'redaktorius' then 1 else 2 end`)
    .orderBy("id")
    .executeTakeFirst();
  return letterLanguage(row?.language);
}

/** The address, language and sender of the administrator's letters; null when mail is off. */
async function adminLetter(services: Services, wanted: NotifyMode) {
  const { db, config } = services;
  if (!config.mail) return null;
  const settings = await notifySettings(db);
  if (settings.mode !== wanted) return null;
  const { contactEmail } = await getSiteSettings(db);
  const to = settings.email || contactEmail;
  if (!EMAIL.test(to)) return null;
  const locale = await addressLanguage(db, to);
  const site = await siteSettingsIn(db, locale);
  return { mail: config.mail, to, locale, t: serverT(locale), familyName: site.familyName, contactEmail: site.contactEmail };
}

/** An address of this site for a letter (platform/site-address.ts). */
function link(services: Services, path: string): Promise<string> {
  return letterLink(services.db, services.config, path);
}

/** A proposal's kind as a letter in `t`'s language names it. */
function kindName(t: T, kind: string): string {
  return t.say(PROPOSAL_KINDS[kind]?.label ?? kind);
}

/** "Naujas pasiūlymas (Prisiminimas), pateikė ona" / "Naujas svečių knygos įrašas, parašė Jonas", in `t`'s language. */
async function describeItem(db: Database, t: T, item: { kind: "proposal" | "guestbook"; id: number }): Promise<string | null> {
  if (item.kind === "proposal") {
    const proposal = await findProposal(db, item.id);
    if (!proposal) return null;
    return t("letters.newItem.proposal", { kind: kindName(t, proposal.kind), username: proposal.username });
  }
  const entry = await db.selectFrom("guestbookEntries").select(["name"]).where("id", "=", item.id).executeTakeFirst();
  return entry ? t("letters.newItem.guestbook", { name: entry.name }) : null;
}

/** A member filed a proposal (or a visitor wrote in the guestbook): tell the administrator, as they chose. */
export async function onNewItem(services: Services, item: { kind: "proposal" | "guestbook"; id: number }): Promise<void> {
  try {
    const letter = await adminLetter(services, "each");
    if (!letter) return;
    const { t } = letter;
    const what = await describeItem(services.db, t, item);
    if (!what) return;
    const where = item.kind === "proposal" ? "/admin/perziura" : "/admin/sveciai";
    await sendNotice(letter.mail, {
      to: letter.to,
      familyName: letter.familyName,
      contactEmail: letter.contactEmail,
      subject: t("letters.newItem.subject", { what, family: letter.familyName }),
      text: [`${what}.`, "", t("letters.newItem.review"), await link(services, localized(letter.locale, where))].join("\n"),
    });
  } catch (error) {
    console.error("Pranešimo laiško išsiųsti nepavyko:", error);
  }
}

/** A proposal was approved or rejected: tell its author if they asked to hear, naming whom it was about and what was asked. */
export async function onProposalDecided(services: Services, proposalId: number): Promise<void> {
  try {
    const { db, config } = services;
    if (!config.mail) return;
    const proposal = await findProposal(db, proposalId);
    if (!proposal || proposal.userId === null || (proposal.status !== "approved" && proposal.status !== "rejected")) return;
    const user = await db
      .selectFrom("users")
      .select(["email", "notifyDecisions", "language"])
      .where("id", "=", proposal.userId)
      .executeTakeFirst();
    if (!user?.email || user.notifyDecisions !== 1) return;
    // In the member's own language (their account's choice), its links to the pages in it;
    // the proposal's own words (its kind, its lines) said in it too.
    const locale = letterLanguage(user.language);
    const t = serverT(locale);
    const site = await siteSettingsIn(db, locale);
    const [view] = await inRequestLanguage(locale, () => proposalViews({ db, media: services.media }, [proposal]));
    const approved = proposal.status === "approved";
    const where = view.subjectLink ? await link(services, localized(locale, view.subjectLink)) : null;
    const values = { family: site.familyName, name: view.subjectName ?? "" };
    await sendNotice(config.mail, {
      to: user.email,
      familyName: site.familyName,
      contactEmail: site.contactEmail,
      subject: t(view.subjectName ? "letters.decided.subjectAbout" : "letters.decided.subject", { ...values, approved: String(approved) }),
      text: [
        t("letters.greeting"),
        "",
        t("letters.decided.what", { ...values, approved: String(approved) }),
        "",
        ...(view.subjectName ? [t(where ? "letters.decided.aboutAt" : "letters.decided.about", { ...values, where: where ?? "" })] : []),
        `${view.label}:`,
        ...view.lines.map((line) => `– ${line.label}: ${line.after || t("letters.decided.empty")}`),
        ...(proposal.decisionNote ? ["", t("letters.decided.note", { note: proposal.decisionNote })] : []),
        "",
        t("letters.decided.all"),
        await link(services, localized(locale, "/paskyra/pasiulymai")),
        "",
        t("letters.decided.optOut"),
      ].join("\n"),
    });
  } catch (error) {
    console.error("Pranešimo laiško išsiųsti nepavyko:", error);
  }
}

/** The family's calendar day ("2026-11-21") and hour. */
function familyClock(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Vilnius",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * The daily digest, when the administrator chose it: once a family day, from
 * DIGEST_HOUR on, a letter listing what came since the last digest (nothing
 * when nothing came). Called by a timer in every server process; the day is
 * claimed by a conditional update of one settings row (compare-and-set on the
 * last digest's time), so that of processes racing only one sends. Returns
 * whether this call sent a letter.
 */
export async function sendDailyDigest(services: Services, at: Date = new Date()): Promise<boolean> {
  try {
    const letter = await adminLetter(services, "digest");
    if (!letter) return false;
    const { db } = services;
    const today = familyClock(at);
    if (today.hour < DIGEST_HOUR) return false;
    await db
      .insertInto("settings")
      .values({ key: DIGEST_KEY, value: "" })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const last = (await db.selectFrom("settings").select("value").where("key", "=", DIGEST_KEY).executeTakeFirstOrThrow()).value;
    if (last && familyClock(new Date(last)).day === today.day) return false;
    const claimed = await db
      .updateTable("settings")
      .set({ value: at.toISOString() })
      .where("key", "=", DIGEST_KEY)
      .where("value", "=", last)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    // The first digest tells of the last day.
    const since = last || new Date(at.getTime() - 24 * 3600_000).toISOString();
    const [proposals, entries, waiting] = await Promise.all([
      db
        .selectFrom("proposals")
        .select(["kind", "username"])
        .where("createdAt", ">", since)
        .where("createdAt", "<=", at.toISOString())
        .orderBy("id")
        .execute(),
      db
        .selectFrom("guestbookEntries")
        .select(["name"])
        .where("createdAt", ">", since)
        .where("createdAt", "<=", at.toISOString())
        .orderBy("id")
        .execute(),
      waitingCounts(db),
    ]);
    if (proposals.length === 0 && entries.length === 0) return false;
    const { t, locale } = letter;
    // (Counts as they are, without a thousands separator.)
    const lines = [
      t("letters.digest.since", { family: letter.familyName }),
      "",
      ...(proposals.length
        ? [
            t("letters.digest.proposals", { count: String(proposals.length) }),
            ...proposals.map((p) => t("letters.digest.proposal", { kind: kindName(t, p.kind), username: p.username })),
            "",
          ]
        : []),
      ...(entries.length
        ? [
            t("letters.digest.entries", { count: String(entries.length) }),
            ...entries.map((e) => t("letters.digest.entry", { name: e.name })),
            "",
          ]
        : []),
      t("letters.digest.waiting", { proposals: String(waiting.proposals), guestbook: String(waiting.guestbook) }),
      "",
      t("letters.digest.proposalsLink", { link: await link(services, localized(locale, "/admin/perziura")) }),
      t("letters.digest.guestbookLink", { link: await link(services, localized(locale, "/admin/sveciai")) }),
    ];
    await sendNotice(letter.mail, {
      to: letter.to,
      familyName: letter.familyName,
      contactEmail: letter.contactEmail,
      subject: t("letters.digest.subject", { family: letter.familyName }),
      text: lines.join("\n"),
    });
    return true;
  } catch (error) {
    console.error("Dienos suvestinės išsiųsti nepavyko:", error);
    return false;
  }
}
