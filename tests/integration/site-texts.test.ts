import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { firstRunChecklist } from "#app/.server/dashboard/checklist.ts";
import { listGalleryItems, removeGalleryItem } from "#app/.server/gallery/gallery.ts";
import { editableTree } from "#app/.server/genealogy/editing.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";
import { getSiteSettings, updateSiteSettings } from "#app/.server/site-texts/settings.ts";
import { arrangeBranches, BRANCHES_FORM, branchesRead, refuseGoneHeroPhoto, TEXT_SECTION_FORMS } from "#app/.server/site-texts/form.ts";
import {
  changePassword,
  ensureAdministrator,
  hasInitialPassword,
  PASSWORD_CHANGE_FORM,
  setPassword,
  authenticate,
} from "#app/.server/accounts/users.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { removeExampleContent } from "#app/.server/seed/example.ts";
import { ACCOUNT_REFUSALS } from "#app/lib/accounts.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the family's texts", () => {
  test("a new site reads the seed's words; what is saved is read back, in every kind of field", async () => {
    expect(await getSiteSettings(t.db)).toEqual(SEED_SITE);
    const branches = [
      { name: "Šiaulių šaka", text: "Pirmoji eilutė" },
      { name: "Klaipėdos šaka", text: "" },
    ];
    await updateSiteSettings(t.db, { homeIntro: "Pirma.\n\nAntra.", heroPhotoId: 2, branches, branchesWithTree: false, footerLine: "" });
    const saved = await getSiteSettings(t.db);
    expect(saved).toEqual({
      ...SEED_SITE,
      homeIntro: "Pirma.\n\nAntra.",
      heroPhotoId: 2,
      branches,
      branchesWithTree: false,
      footerLine: "",
    });
    await updateSiteSettings(t.db, { heroPhotoId: null, branches: [] });
    expect(await getSiteSettings(t.db)).toMatchObject({ heroPhotoId: null, branches: [] });
  });

  test("a section is read as typed, line breaks kept; an empty required field and a bad photo are refused with Lithuanian messages", () => {
    const ok = readForm(
      form([
        ["section", "pradzia"],
        ["homeHeading", " Labas! "],
        ["homeIntro", "Pirma eilutė\r\nantra\r\n\r\nKita pastraipa"],
        ["cardHistory", "a"],
        ["cardTree", "b"],
        ["cardGallery", "c"],
        ["cardGuestbook", "d"],
        ["heroPhotoId", "3"],
      ]),
      TEXT_SECTION_FORMS.pradzia,
    );
    expect(ok.ok && ok.value).toEqual({
      section: "pradzia",
      homeHeading: "Labas!",
      homeIntro: "Pirma eilutė\nantra\n\nKita pastraipa",
      cardHistory: "a",
      cardTree: "b",
      cardGallery: "c",
      cardGuestbook: "d",
      heroPhotoId: 3,
    });
    expect(ok.ok && refuseGoneHeroPhoto(ok.typed, ok.value.heroPhotoId, new Set([3]))).toBeNull();
    const typed = [
      ["section", "pradzia"],
      ["homeHeading", "  "],
      ["heroPhotoId", "9"],
    ] as [string, string][];
    const refused = readForm(form(typed), TEXT_SECTION_FORMS.pradzia);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.typed).toEqual(Object.fromEntries(typed));
    expect(refused.errors.homeHeading).toBe("Laukas „Pasveikinimas“ privalomas.");
    expect(refused.errors.cardTree).toBe("Laukas „Kortelė „Giminės medis““ privalomas.");
    // The photograph is checked once the form is read: one no longer in the gallery is named.
    const gone = refuseGoneHeroPhoto(Object.fromEntries(typed), 9, new Set([3]));
    expect(gone?.errors.heroPhotoId).toBe("Tokios nuotraukos galerijoje nebėra.");
    expect(
      readForm(
        form([
          ["section", "pradzia"],
          ["heroPhotoId", "ne nuotrauka"],
        ]),
        TEXT_SECTION_FORMS.pradzia,
      ),
    ).toMatchObject({ ok: false, errors: { heroPhotoId: "Tokios nuotraukos galerijoje nebėra." } });
    // Optional fields may be left empty; a text over its limit is refused with the limit named.
    expect(
      readForm(
        form([
          ["section", "porate"],
          ["tagline", ""],
          ["footerLine", ""],
        ]),
        TEXT_SECTION_FORMS.porate,
      ).ok,
    ).toBe(true);
    expect(
      readForm(
        form([
          ["section", "porate"],
          ["footerLine", "ą".repeat(201)],
        ]),
        TEXT_SECTION_FORMS.porate,
      ),
    ).toMatchObject({ ok: false, errors: { footerLine: "Laukas „Poraštės eilutė“ per ilgas: daugiausia 200 simbolių." } });
  });

  test("the branch list: edited in place, a new one from the last row, moved and removed", () => {
    const rows = (extra: [string, string][]) =>
      form([
        ["branchName-0", "Pirma"],
        ["branchText-0", "A"],
        ["branchName-1", "Antra"],
        ["branchText-1", "B"],
        ["branchName-2", ""],
        ["branchText-2", ""],
        ...extra,
      ]);
    const read = (sent: FormData) => readForm(arrangeBranches(sent), BRANCHES_FORM);
    const names = (result: ReturnType<typeof read>) => (result.ok ? branchesRead(result.value).branches.map((b) => b.name) : result.errors);
    expect(names(read(rows([["op", "save"]])))).toEqual(["Pirma", "Antra"]);
    expect(names(read(rows([["op", "down:0"]])))).toEqual(["Antra", "Pirma"]);
    expect(names(read(rows([["op", "up:1"]])))).toEqual(["Antra", "Pirma"]);
    expect(names(read(rows([["op", "remove:0"]])))).toEqual(["Antra"]);
    expect(names(read(rows([["op", "up:0"]])))).toEqual(["Pirma", "Antra"]);
    const added = read(
      form([
        ["branchName-0", "Pirma"],
        ["branchText-0", "A"],
        ["branchName-1", "Nauja"],
        ["branchText-1", "Aprašymas"],
        ["op", "save"],
        ["branchesWithTree", "1"],
      ]),
    );
    expect(added.ok && branchesRead(added.value)).toMatchObject({
      branches: [{ name: "Pirma" }, { name: "Nauja", text: "Aprašymas" }],
      branchesWithTree: true,
    });
    const unnamed = read(
      form([
        ["branchName-0", ""],
        ["branchText-0", "Be pavadinimo"],
        ["branchName-1", ""],
        ["branchText-1", ""],
      ]),
    );
    expect(unnamed).toMatchObject({ ok: false, errors: { "branchName-0": "Įrašykite šakos pavadinimą." } });
    // A refusal names the rows as the button left them, and gives them back as typed.
    const moved = read(
      form([
        ["branchName-0", "Pirma"],
        ["branchText-0", "A"],
        ["branchName-1", "ą".repeat(81)],
        ["branchText-1", "B"],
        ["op", "up:1"],
      ]),
    );
    expect(moved).toMatchObject({
      ok: false,
      typed: { "branchName-0": "ą".repeat(81), "branchName-1": "Pirma", branches: "2" },
      errors: { "branchName-0": "Laukas „Pavadinimas“ per ilgas: daugiausia 80 simbolių." },
    });
    // At most BRANCH_LIMITS.count branches.
    const many = form(Array.from({ length: 31 }, (_, i) => [`branchName-${i}`, `Šaka ${i}`] as [string, string]));
    expect(read(many)).toMatchObject({ ok: false, errors: { branches: "Daugiausia 30 šakų." } });
  });
});

describe("the first-run checklist", () => {
  test("lists every step on a new site and drops each one as it is done", async () => {
    await ensureAdministrator(t.db, undefined, () => {});
    const admin = (await t.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
    const steps = async () => (await firstRunChecklist(t.db, admin)).map((s) => s.id);
    expect(await steps()).toEqual(["pavadinimas", "adresas", "pavyzdys", "nuotrauka", "pradzia", "apie", "medis", "slaptazodis"]);

    await updateSiteSettings(t.db, { familyName: "Kalvaičių giminė" });
    await updateSiteSettings(t.db, { contactEmail: "kalvaiciai@pastas.lt" });
    expect(await steps()).toEqual(["pavyzdys", "nuotrauka", "pradzia", "apie", "medis", "slaptazodis"]);

    for (const item of (await listGalleryItems(t.db, MEMBERS)).filter((i) => !i.image)) await removeGalleryItem(t.db, t.media, item.id);
    await updateSiteSettings(t.db, { homeIntro: "Mūsų žodžiai." });
    await updateSiteSettings(t.db, { aboutGoals: "Mūsų tikslas." });
    expect(await steps()).toEqual(["pavyzdys", "medis", "slaptazodis"]);
    await removeExampleContent(t.db, t.media, { id: admin, username: "admin" });
    expect(await steps()).toEqual(["medis", "slaptazodis"]);

    await editableTree(t.db);
    expect(await steps()).toEqual(["slaptazodis"]);
    await setPassword(t.db, admin, "savas-slaptazodis");
    expect(await steps()).toEqual([]);

    // The example address typed in again is a step again.
    await updateSiteSettings(t.db, { contactEmail: SEED_SITE.contactEmail });
    expect(await steps()).toEqual(["adresas"]);
  });
});

describe("the administrator's own password", () => {
  test("the first password (printed or from ADMIN_PASSWORD) is marked until the administrator sets one", async () => {
    const lines: string[] = [];
    await ensureAdministrator(t.db, { username: "ona", password: "is-konfiguracijos" }, (line) => lines.push(line));
    const ona = (await t.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
    expect(await hasInitialPassword(t.db, ona)).toBe(true);
    await setPassword(t.db, ona, "sugeneruotas", true);
    expect(await hasInitialPassword(t.db, ona)).toBe(true);
    await setPassword(t.db, ona, "mano-paciu");
    expect(await hasInitialPassword(t.db, ona)).toBe(false);
  });

  test("a change needs the current password and the new one twice, at least 8 characters; a refused change changes nothing", async () => {
    await ensureAdministrator(t.db, { username: "ona", password: "pradinis-1" }, () => {});
    const ona = (await t.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
    /** The account page's form as sent: read by its schema, then the change; what each field is told, {} when done. */
    const change = async (current: string, next: string, repeated: string) => {
      const read = readForm(
        form([
          ["intent", "password"],
          ["current", current],
          ["next", next],
          ["repeated", repeated],
        ]),
        PASSWORD_CHANGE_FORM,
      );
      if (!read.ok) return read.errors;
      const result = await changePassword(t.db, ona, read.value);
      if (!result.ok && result.reason === "throttled") throw new Error("throttled after one wrong password");
      return result.ok ? {} : { current: serverT("lt")(ACCOUNT_REFUSALS[result.reason]) };
    };
    expect(await change("neteisingas", "naujas-slaptazodis", "naujas-slaptazodis")).toEqual({
      current: "Dabartinis slaptažodis neteisingas.",
    });
    expect(await change("pradinis-1", "trumpas", "trumpas")).toEqual({ next: "Naujas slaptažodis turi būti bent 8 simbolių." });
    expect(await change("pradinis-1", "naujas-slaptazodis", "kitas-slaptazodis")).toEqual({ repeated: "Slaptažodžiai nesutampa." });
    expect(await change("pradinis-1", "pradinis-1", "pradinis-1")).toEqual({ next: "Naujas slaptažodis turi skirtis nuo dabartinio." });
    expect(await change("", "", "")).toEqual({
      current: "Laukas „Dabartinis slaptažodis“ privalomas.",
      next: "Laukas „Naujas slaptažodis“ privalomas.",
      repeated: "Laukas „Pakartokite naują slaptažodį“ privalomas.",
    });
    expect(await change("pradinis-1", "x".repeat(1025), "x".repeat(1025))).toEqual({
      next: "Laukas „Naujas slaptažodis“ per ilgas: daugiausia 1024 simbolių.",
      repeated: "Laukas „Pakartokite naują slaptažodį“ per ilgas: daugiausia 1024 simbolių.",
    });
    expect(await authenticate(t.db, "ona", "pradinis-1")).not.toBeNull();
    expect(await hasInitialPassword(t.db, ona)).toBe(true);

    expect(await change("pradinis-1", "naujas-slaptazodis", "naujas-slaptazodis")).toEqual({});
    expect(await authenticate(t.db, "ona", "pradinis-1")).toBeNull();
    expect(await authenticate(t.db, "ona", "naujas-slaptazodis")).toEqual({ id: ona, username: "ona", role: "administratorius" });
    expect(await hasInitialPassword(t.db, ona)).toBe(false);
  });
});
