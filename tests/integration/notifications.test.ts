import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Actor } from "#app/.server/changes/changes.ts";
import type { Services } from "#app/.server/platform/context.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { submitMemory } from "#app/.server/proposals/with-photos.ts";
import { createPerson, editableTree } from "#app/.server/genealogy/editing.ts";
import {
  NOTIFY_FORM,
  onNewItem,
  onProposalDecided,
  saveNotifySettings,
  sendDailyDigest,
  waitingCounts,
} from "#app/.server/accounts/notifications.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { approveProposal, rejectProposal, type ProposalContext } from "#app/.server/proposals/proposals.ts";
import { updateSiteSettings } from "#app/.server/site-texts/settings.ts";
import { NOTICES_FORM, setUserNotices } from "#app/.server/accounts/users.ts";
import { sendInvitation } from "#app/.server/platform/mail.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { letterLink, rememberSiteAddress } from "#app/.server/platform/site-address.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// The notices of issue 17: the badge's counts, the administrator's letters
// (one per new item, or a daily digest that one process sends), and a
// member's letter when their proposal is decided. Letters go to an SMTP
// server started here, as the invitation test's do.

interface Letter {
  to: string[];
  raw: string;
}
const letters: Letter[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, done) {
    let raw = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (raw += chunk));
    stream.on("end", () => {
      letters.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      done();
    });
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** The letter's text as written: quoted-printable soft breaks and escapes undone, UTF-8 decoded, lines ended by "\n". */
function decoded(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
}

let t: TestDatabase;
let services: Services;
let ctx: ProposalContext;
let ona: Actor;
let petras: Actor;
let admin: Actor;
let person: number;

const user = (username: string, role: "narys" | "administratorius"): Promise<Actor> => addTestUser(t.db, username, role);

const member = { members: true, seesPrivate: false, livingYears: 110 };
/** A form as sent, read by its schema. */
function read<S extends Parameters<typeof readForm>[1]>(schema: S, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return readForm(form, schema);
}

async function memory(who: Actor, text: string): Promise<number> {
  const sent = await submitMemory(ctx, who, member, { personId: person, galleryItemId: null }, { text }, []);
  if (!sent.ok) throw new Error(JSON.stringify(sent));
  return sent.id;
}

beforeEach(async () => {
  letters.length = 0;
  t = await createTestDatabase();
  ctx = { db: t.db, media: t.media };
  const config = {
    mail: { url: `smtp://127.0.0.1:${port}`, from: "Giminės svetainė <seima@example.lt>" },
    siteUrl: new URL("https://seima.example.lt"),
  };
  services = { db: t.db, media: t.media, config: config as unknown as Config, imports: undefined as never };
  ona = await user("ona", "narys");
  petras = await user("petras", "narys");
  admin = await user("admin", "administratorius");
  await editableTree(t.db);
  person = await createPerson(t.db, { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  await updateSiteSettings(t.db, { contactEmail: "kontaktai@example.lt" });
});
afterEach(() => t.close());

describe("notifications", () => {
  test("the badge counts pending proposals and guestbook entries", async () => {
    const before = await waitingCounts(t.db);
    await memory(ona, "Pirmas.");
    await memory(ona, "Antras.");
    expect(await waitingCounts(t.db)).toEqual({ proposals: 2, guestbook: before.guestbook });
  });

  test("'each': one letter per new item, to the site's contact address unless another is set; 'none': none", async () => {
    await onNewItem(services, { kind: "proposal", id: await memory(ona, "Nieko nesiunčiama.") });
    expect(letters).toEqual([]);
    expect(read(NOTIFY_FORM, { mode: "each", email: " " })).toMatchObject({ ok: true, value: { mode: "each", email: "" } });
    await saveNotifySettings(t.db, { mode: "each", email: "" });
    await onNewItem(services, { kind: "proposal", id: await memory(ona, "Pirmas.") });
    await onNewItem(services, { kind: "proposal", id: await memory(petras, "Antras.") });
    expect(letters.map((l) => l.to)).toEqual([["kontaktai@example.lt"], ["kontaktai@example.lt"]]);
    expect(decoded(letters[1].raw)).toContain("Naujas pasiūlymas (Prisiminimas), pateikė petras");
    expect(decoded(letters[1].raw)).toContain("https://seima.example.lt/admin/perziura");

    await saveNotifySettings(t.db, { mode: "each", email: "admin@example.lt" });
    const { id } = await t.db
      .insertInto("guestbookEntries")
      .values({ name: "Svečias", message: "Labas", createdAt: new Date().toISOString(), status: "pending", clientHash: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await onNewItem(services, { kind: "guestbook", id });
    expect(letters).toHaveLength(3);
    expect(letters[2].to).toEqual(["admin@example.lt"]);
    expect(decoded(letters[2].raw)).toContain("Naujas svečių knygos įrašas, parašė Svečias");
  });

  test("a wrong address is refused; a mail server that cannot be reached fails nothing", async () => {
    expect(read(NOTIFY_FORM, { mode: "each", email: "ne-adresas" })).toMatchObject({
      ok: false,
      errors: { email: "Įrašykite teisingą el. pašto adresą, pvz., vardas@pastas.lt." },
    });
    expect(read(NOTIFY_FORM, { mode: "kartais", email: "" })).toMatchObject({ ok: false, errors: { mode: "Pasirinkite, kaip pranešti." } });
    await saveNotifySettings(t.db, { mode: "each", email: "" });
    const broken = { ...services, config: { ...services.config, mail: { url: "smtp://127.0.0.1:1", from: undefined } } } as Services;
    await expect(onNewItem(broken, { kind: "proposal", id: await memory(ona, "Vis tiek.") })).resolves.toBeUndefined();
  });

  test("the digest is sent once a day, by one of two racing calls, listing what came since the last", async () => {
    await saveNotifySettings(t.db, { mode: "digest", email: "" });
    await memory(ona, "Pirmas.");
    await memory(petras, "Antras.");
    // The next 7:30 UTC (9:30 or 10:30 in Vilnius), less than a day after the proposals.
    const morning = new Date();
    morning.setUTCHours(7, 30, 0, 0);
    if (morning.getTime() <= Date.now()) morning.setUTCDate(morning.getUTCDate() + 1);
    // Before the hour: not yet.
    expect(await sendDailyDigest(services, new Date(morning.getTime() - 4 * 3600_000))).toBe(false);
    const sent = await Promise.all([sendDailyDigest(services, morning), sendDailyDigest(services, morning)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(letters).toHaveLength(1);
    const text = decoded(letters[0].raw);
    expect(text).toContain("Nauji pasiūlymai (2):");
    expect(text).toContain("– Prisiminimas, pateikė petras");
    // Later the same day: nothing more.
    expect(await sendDailyDigest(services, new Date(morning.getTime() + 3 * 3600_000))).toBe(false);
    expect(letters).toHaveLength(1);
  });

  test("a decision is mailed only to a member who asked and gave an address, with the status and the note", async () => {
    expect(read(NOTICES_FORM, { intent: "notices", email: "ona@example.lt", notifyDecisions: "1" })).toMatchObject({ ok: true });
    await setUserNotices(t.db, ona.id, { email: "ona@example.lt", notifyDecisions: true });
    // Asking to hear without an address is refused by the form.
    expect(read(NOTICES_FORM, { intent: "notices", email: "", notifyDecisions: "1" })).toMatchObject({
      ok: false,
      errors: { email: "Kad gautumėte pranešimus, įrašykite el. pašto adresą." },
    });
    await setUserNotices(t.db, petras.id, { email: "petras@example.lt", notifyDecisions: false });
    const first = await memory(ona, "Pirmas.");
    const second = await memory(petras, "Antras.");
    await rejectProposal(ctx, first, admin, "Jau yra toks prisiminimas.");
    await approveProposal(ctx, second, admin);
    await onProposalDecided(services, first);
    await onProposalDecided(services, second);
    expect(letters).toHaveLength(1);
    expect(letters[0].to).toEqual(["ona@example.lt"]);
    const text = decoded(letters[0].raw);
    expect(text).toContain("atmestas");
    expect(text).toContain("Pastaba: Jau yra toks prisiminimas.");
    // Whom it was about and what was asked, with an address that opens from the letter.
    expect(text).toContain(`Apie: Jonas Jonaitis (https://seima.example.lt/asmuo/${person})`);
    expect(text).toContain("– Prisiminimas: Pirmas.");
    expect(text).toContain("https://seima.example.lt/paskyra/pasiulymai");
  });

  test("a member who chose English gets the decision in English, its links to the English pages; a language not offered is refused", async () => {
    // The account page's choice, as the form reads it: English stored; anything else refused, nothing changed.
    const chosen = read(NOTICES_FORM, { intent: "notices", email: "ona@example.lt", notifyDecisions: "1", language: "en" });
    expect(chosen).toMatchObject({ ok: true, value: { language: "en" } });
    expect(read(NOTICES_FORM, { intent: "notices", email: "ona@example.lt", notifyDecisions: "1", language: "de" })).toMatchObject({
      ok: false,
      errors: { language: "Pasirinkite kalbą iš sąrašo." },
    });
    await setUserNotices(t.db, ona.id, { email: "ona@example.lt", notifyDecisions: true, language: "en" });
    expect((await t.db.selectFrom("users").select("language").where("id", "=", ona.id).executeTakeFirstOrThrow()).language).toBe("en");
    letters.length = 0;
    const proposal = await memory(ona, "Trečias.");
    await approveProposal(ctx, proposal, admin);
    await onProposalDecided(services, proposal);
    expect(letters).toHaveLength(1);
    const text = decoded(letters[0].raw);
    // (The subject line is MIME-encoded: its words joined by underscores.)
    expect(text).toMatch(/^Subject: .*Your_proposal_about/m);
    expect(text).toContain("Hello,");
    expect(text).toContain("has been accepted.");
    expect(text).toContain(`About: Jonas Jonaitis (https://seima.example.lt/en/asmuo/${person})`);
    // What was asked, in the member's language too (their own words as they wrote them).
    expect(text).toContain("A memory:\n– Memory: Trečias.");
    expect(text).toContain("All your proposals:\nhttps://seima.example.lt/en/paskyra/pasiulymai");
    expect(text).toContain("You can turn these letters off on your account page.");
    expect(text).not.toMatch(/Sveiki|Prisiminimas|Visi jūsų/);
    await setUserNotices(t.db, ona.id, { email: "ona@example.lt", notifyDecisions: true, language: "lt" });
  });

  test("without SITE_URL a letter links to where an editor's browser reached the site, never to a Host a request named", async () => {
    const noSiteUrl = { ...services, config: { ...services.config, siteUrl: undefined } as Config };
    await saveNotifySettings(t.db, { mode: "each", email: "" });
    const sent = async () => {
      letters.length = 0;
      await onNewItem(noSiteUrl, { kind: "proposal", id: await memory(ona, `Laiškas ${Math.random()}.`) });
      return decoded(letters[0].raw);
    };
    // Before any editor's change: the path alone, nothing made up.
    expect(await sent()).toMatch(/^\/admin\/perziura$/m);
    // An editor's change from the family's address: that address from then on.
    const editorsChange = new Request("http://seima.namie.lt/admin", { method: "POST", headers: { Origin: "http://seima.namie.lt" } });
    await rememberSiteAddress(t.db, noSiteUrl.config, editorsChange);
    expect(await sent()).toContain("http://seima.namie.lt/admin/perziura");
    // With SITE_URL set, that is the address, whatever a request named.
    await rememberSiteAddress(t.db, services.config, new Request("http://kitas.example/", { headers: { Origin: "http://kitas.example" } }));
    expect(await letterLink(t.db, noSiteUrl.config, "/x")).toBe("http://seima.namie.lt/x");
  });

  test("the administrator's notices are in the language of the account their address belongs to, its links to its pages", async () => {
    await saveNotifySettings(t.db, { mode: "each", email: "admin@example.lt" });
    // No account gives the address: the site's own language.
    await onNewItem(services, { kind: "proposal", id: await memory(ona, "Pirmas.") });
    expect(decoded(letters[0].raw)).toContain(
      "Naujas pasiūlymas (Prisiminimas), pateikė ona.\n\nPeržiūrėti:\nhttps://seima.example.lt/admin/perziura",
    );
    // The administrator's account, in English (the address as typed in another case).
    await setUserNotices(t.db, admin.id, { email: "Admin@Example.lt", notifyDecisions: false, language: "en" });
    await onNewItem(services, { kind: "proposal", id: await memory(petras, "Antras.") });
    const each = decoded(letters[1].raw);
    expect(each).toMatch(/^Subject: .*A_new_proposal/m);
    expect(each).toContain("A new proposal (A memory) from petras.\n\nReview it:\nhttps://seima.example.lt/en/admin/perziura");

    // The digest, likewise.
    await saveNotifySettings(t.db, { mode: "digest", email: "admin@example.lt" });
    const morning = new Date();
    morning.setUTCHours(7, 30, 0, 0);
    if (morning.getTime() <= Date.now()) morning.setUTCDate(morning.getUTCDate() + 1);
    expect(await sendDailyDigest(services, morning)).toBe(true);
    const digest = decoded(letters[2].raw);
    expect(digest).toMatch(/^Subject: .*Daily_digest/m);
    expect(digest).toContain("New proposals (2):\n– A memory, from ona\n– A memory, from petras");
    expect(digest).toContain("Waiting now: proposals – 2, guestbook entries – ");
    expect(digest).toContain("Proposals: https://seima.example.lt/en/admin/perziura");
    expect(digest).toContain("Guestbook: https://seima.example.lt/en/admin/sveciai");
    expect(digest).not.toMatch(/pasiūlymai|Svečių/);
  });

  test("an invitation is written in the language of the page it is sent from, its link to the page in that language", async () => {
    const mail = services.config.mail!;
    const invitation = {
      to: "mary@example.com",
      link: "https://seima.example.lt/kvietimas/abc",
      role: "redaktorius" as const,
      familyName: "Jonaičiai",
      contactEmail: "kontaktai@example.lt",
    };
    await sendInvitation(mail, invitation);
    await inRequestLanguage("en", () => sendInvitation(mail, invitation));
    await sendInvitation(mail, invitation, "en");
    const [lithuanian, english, named] = letters.map((letter) => decoded(letter.raw));
    expect(lithuanian).toContain("Sveiki,");
    expect(lithuanian).toContain("jus kviečia prisijungti prie svetainės „Jonaičiai“ (redaktorius).");
    expect(lithuanian).toContain("https://seima.example.lt/kvietimas/abc");
    for (const text of [english, named]) {
      expect(text).toMatch(/^Subject: .*An_invitation_to_the_site/m);
      expect(text).toContain("Hello,\n\nyou are invited to join the site “Jonaičiai” (editor).");
      expect(text).toContain("https://seima.example.lt/en/kvietimas/abc");
      expect(text).toContain("The link works for 7 days and only once.");
      expect(text).not.toContain("Sveiki");
    }
  });
});
