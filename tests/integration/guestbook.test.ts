import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  countLinks,
  countPendingEntries,
  deleteEntry,
  GUESTBOOK_FORM,
  issueFormToken,
  listApprovedEntries,
  listEntriesForReview,
  setEntryStatus,
  submitEntry,
} from "#app/.server/guestbook/guestbook.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

const NOW = Date.parse("2026-11-21T12:00:00Z");
const SEEDED = 3;

/** A form as a person sends it, shown `secondsAgo` seconds before it is sent: with the token its showing's cookie carries (as "zenklas" here). */
async function form(fields: Record<string, string>, secondsAgo = 20) {
  const f = new FormData();
  f.set("zenklas", await issueFormToken(t.db, NOW - secondsAgo * 1000));
  f.set("svetaine", "");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** A form sent to the guestbook's action: read by its schema, then submitted; a refused read gives its messages. */
async function submit(f: FormData, clientAddress: string, now: number) {
  const read = readForm(f, GUESTBOOK_FORM);
  return read.ok ? submitEntry(t.db, read.value, String(f.get("zenklas") ?? ""), clientAddress, now) : { ok: false, errors: read.errors };
}

async function stored(): Promise<number> {
  return (await listEntriesForReview(t.db)).length;
}

const GOOD = { name: "Ona", message: "Labas iš Alytaus!\nAčiū už svetainę." };

describe("a submission", () => {
  test("is stored as waiting, unseen by the public until approved", async () => {
    expect(await submit(await form(GOOD), "10.0.0.1", NOW)).toMatchObject({ ok: true });
    expect(await countPendingEntries(t.db)).toBe(1);
    expect((await listApprovedEntries(t.db)).entries.map((e) => e.name)).not.toContain("Ona");
    const [waiting] = await listEntriesForReview(t.db);
    expect(waiting).toMatchObject({ name: "Ona", message: "Labas iš Alytaus!\nAčiū už svetainę.", status: "pending" });

    expect(await setEntryStatus(t.db, waiting.id, "approved")).toBe(true);
    expect((await listApprovedEntries(t.db)).entries[0].name).toBe("Ona");
    expect(await setEntryStatus(t.db, waiting.id, "hidden")).toBe(true);
    expect((await listApprovedEntries(t.db)).entries.map((e) => e.name)).not.toContain("Ona");
    expect(await deleteEntry(t.db, waiting.id)).toBe(true);
    expect(await stored()).toBe(SEEDED);
    expect(await setEntryStatus(t.db, waiting.id, "approved")).toBe(false);
  });

  test("with an empty field or an overlong one is refused, the field named, and nothing is stored", async () => {
    expect(await submit(await form({ name: " ", message: "x" }), "10.0.0.1", NOW)).toEqual({
      ok: false,
      errors: { name: "Laukas „Vardas“ privalomas." },
    });
    expect(await submit(await form({ name: "x".repeat(101), message: "x" }), "10.0.0.1", NOW)).toEqual({
      ok: false,
      errors: { name: "Laukas „Vardas“ per ilgas: daugiausia 100 simbolių." },
    });
    expect(await submit(await form({ name: "Ona", message: "x".repeat(2001) }), "10.0.0.1", NOW)).toEqual({
      ok: false,
      errors: { message: "Laukas „Žinutė“ per ilgas: daugiausia 2000 simbolių." },
    });
    expect(await submit(await form({ name: "x".repeat(100), message: "x".repeat(2000) }), "10.0.0.1", NOW)).toMatchObject({
      ok: true,
    });
    expect(await stored()).toBe(SEEDED + 1);
  });
});

describe("spam protection: each check refuses and stores nothing", () => {
  const refused = { ok: false, refusal: "guestbookRefused" };

  test("the honeypot field filled in", async () => {
    const f = await form(GOOD);
    f.set("svetaine", "http://pigus-vaistai.example");
    expect(await submit(f, "10.0.0.1", NOW)).toEqual(refused);
    expect(await stored()).toBe(SEEDED);
  });

  test("sent sooner than 3 seconds after the form was shown, or with a missing, forged or stale token", async () => {
    expect(await submit(await form(GOOD, 1), "10.0.0.1", NOW)).toEqual(refused);
    const noToken = await form(GOOD);
    noToken.delete("zenklas");
    expect(await submit(noToken, "10.0.0.1", NOW)).toEqual(refused);
    // Backdating the time without the installation's secret does not work.
    const forged = await form(GOOD, 1);
    const [, signature] = String(forged.get("zenklas")).split(".");
    forged.set("zenklas", `${Math.floor(NOW / 1000) - 60}.${signature}`);
    expect(await submit(forged, "10.0.0.1", NOW)).toEqual(refused);
    expect(await submit(await form(GOOD, 25 * 60 * 60), "10.0.0.1", NOW)).toEqual(refused);
    expect(await stored()).toBe(SEEDED);
    // Just over the minimum passes.
    expect(await submit(await form(GOOD, 3), "10.0.0.1", NOW)).toMatchObject({ ok: true });
  });

  test("more than 3 entries from one address in 10 minutes", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await submit(await form({ ...GOOD, message: `Nr. ${i}` }), "203.0.113.9", NOW + i * 1000)).toMatchObject({
        ok: true,
      });
    }
    expect(await submit(await form(GOOD), "203.0.113.9", NOW + 5000)).toEqual(refused);
    expect(await stored()).toBe(SEEDED + 3);
    // Another address is not affected, and after 10 minutes the first may write again.
    expect(await submit(await form(GOOD), "198.51.100.4", NOW + 5000)).toMatchObject({ ok: true });
    const later = NOW + 11 * 60_000;
    const fresh = new FormData();
    fresh.set("zenklas", await issueFormToken(t.db, later - 20_000));
    fresh.set("name", GOOD.name);
    fresh.set("message", GOOD.message);
    expect(await submit(fresh, "203.0.113.9", later)).toMatchObject({ ok: true });
  });

  test("more than 2 links in a message", async () => {
    const three = "Žiūrėkite https://a.example ir www.b.example bei <a href=http://c.example>čia</a>";
    expect(countLinks(three)).toBe(3);
    expect(await submit(await form({ name: "Ona", message: three }), "10.0.0.1", NOW)).toEqual(refused);
    expect(await stored()).toBe(SEEDED);
    const two = "Mūsų nuotraukos: https://a.example ir www.b.example";
    expect(await submit(await form({ name: "Ona", message: two }), "10.0.0.1", NOW)).toMatchObject({ ok: true });
  });

  test("the address is kept only as a keyed hash", async () => {
    await submit(await form(GOOD), "203.0.113.77", NOW);
    const rows = await t.db.selectFrom("guestbookEntries").select("clientHash").where("clientHash", "is not", null).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.db.selectFrom("guestbookEntries").selectAll().execute())).not.toContain("203.0.113.77");
  });
});

test("the public list is paged, newest first", async () => {
  for (let i = 1; i <= 22; i++) {
    await t.db
      .insertInto("guestbookEntries")
      .values({
        name: `Svečias ${i}`,
        message: "Sveiki",
        createdAt: new Date(NOW + i * 60_000).toISOString(),
        status: "approved",
        clientHash: null,
      })
      .execute();
  }
  const first = await listApprovedEntries(t.db, 1);
  expect(first.total).toBe(22 + SEEDED);
  expect(first.entries).toHaveLength(10);
  expect(first.entries[0].name).toBe("Svečias 22");
  expect((await listApprovedEntries(t.db, 3)).entries.map((e) => e.name)).toEqual([
    "Svečias 2",
    "Svečias 1",
    "Laura (Čikaga)",
    "Tomas Jonaitis",
    "Rūta iš Kauno",
  ]);
});
