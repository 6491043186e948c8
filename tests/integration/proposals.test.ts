import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findChange, undoChange, type Actor } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { PROPOSALS_PER_DAY } from "#app/lib/proposals.ts";
import { personScopes } from "#app/.server/genealogy/change-scopes.ts";
import { createPerson, editableTree, updatePerson } from "#app/.server/genealogy/editing.ts";
import {
  approveProposal,
  countPendingProposals,
  findProposal,
  ownProposals,
  pendingProposals,
  rejectProposal,
  submitProposal,
  withdrawProposal,
  type Kinds,
  type ProposalContext,
} from "#app/.server/proposals/proposals.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// The rules every kind of proposal shares (app/.server/proposals/proposals.ts), with a
// small kind of its own: a new surname for a person.

let t: TestDatabase;
let ctx: ProposalContext;
let ona: Actor;
let petras: Actor;
let admin: Actor;
let treeId: number;
let person: number;

const surname = { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "", sex: "M" as const, note: "" };
const current = (tx: ProposalContext["db"], id: number) =>
  tx.selectFrom("genealogyPeople").select(["surname"]).where("id", "=", id).executeTakeFirstOrThrow();

const kinds: Kinds = {
  surname: {
    label: "Pavardė",
    parse: async (_ctx, _id, form) => {
      const value = String(form.get("surname") ?? "").trim();
      return value ? { ok: true, payload: { surname: value } } : { ok: false, message: "Įrašykite pavardę." };
    },
    fields: (_ctx, _id, payload: { surname: string }) => [{ name: "surname", label: "Pavardė", value: payload.surname, type: "text" }],
    baseline: async ({ db }, id) => current(db, Number(id)),
    describe: async ({ db }, id, payload: { surname: string }) => [
      { label: "Pavardė", before: (await current(db, Number(id))).surname, after: payload.surname },
    ],
    change: async (_ctx, id) => ({
      subject: { kind: "person", id, summary: "changes.summary.proposal.detailsCorrected" },
      scopes: personScopes(treeId, Number(id)),
    }),
    apply: (tx, _ctx, id, payload: { surname: string }) => updatePerson(tx, treeId, Number(id), { ...surname, surname: payload.surname }),
  },
};

const user = (username: string, role: "narys" | "administratorius"): Promise<Actor> => addTestUser(t.db, username, role);

beforeEach(async () => {
  t = await createTestDatabase();
  ctx = { db: t.db, media: t.media };
  ona = await user("ona", "narys");
  petras = await user("petras", "narys");
  admin = await user("admin", "administratorius");
  treeId = await editableTree(t.db);
  person = await createPerson(t.db, surname);
});
afterEach(() => t.close());

const propose = (who: Actor, value: string) =>
  submitProposal(ctx, who, { kind: "surname", subjectKind: "person", subjectId: String(person), payload: { surname: value } }, kinds);

describe("proposals", () => {
  test("a proposal changes nothing until approved; approving applies it as a change that names the proposal", async () => {
    const submitted = await propose(ona, "Jonaitis-Kalvis");
    expect(submitted.ok).toBe(true);
    const id = (submitted as { id: number }).id;
    expect((await current(t.db, person)).surname).toBe("Jonaitis");
    expect(await countPendingProposals(t.db)).toBe(1);

    const approved = await approveProposal(ctx, id, admin, {}, kinds);
    expect(approved).toMatchObject({ ok: true });
    expect((await current(t.db, person)).surname).toBe("Jonaitis-Kalvis");
    const proposal = await findProposal(t.db, id);
    expect(proposal).toMatchObject({ status: "approved", decidedBy: "admin" });
    const change = await findChange(t.db, proposal!.changeId!);
    expect(change).toMatchObject({ proposalId: id, username: "admin" });
    expect(summaryIn(change!.summary, serverT("lt"))).toBe("Pataisyti asmens duomenys (pasiūlė ona)");
    expect(summaryIn(change!.summary, serverT("en"))).toBe("Personal details corrected (proposed by ona)");
    expect(await countPendingProposals(t.db)).toBe(0);

    // A second approval (another reviewer's stale page) changes nothing.
    expect(await approveProposal(ctx, id, admin, {}, kinds)).toEqual({ ok: false, reason: "proposalDecided" });
    // Undone from the history like any change.
    expect(await undoChange(t.db, change!.id, admin)).toMatchObject({ ok: true });
    expect((await current(t.db, person)).surname).toBe("Jonaitis");
  });

  test("the reviewer may edit before approving; a rejection keeps the note for the member", async () => {
    const first = (await propose(ona, "Jonaitys")) as { id: number };
    await approveProposal(ctx, first.id, admin, { payload: { surname: "Jonaitytis" } }, kinds);
    expect((await current(t.db, person)).surname).toBe("Jonaitytis");

    const second = (await propose(ona, "Kitas")) as { id: number };
    expect(await rejectProposal(ctx, second.id, admin, "  Šaltiniai rodo kitaip. ", kinds)).toMatchObject({ ok: true });
    expect(await findProposal(t.db, second.id)).toMatchObject({ status: "rejected", decisionNote: "Šaltiniai rodo kitaip." });
    expect((await current(t.db, person)).surname).toBe("Jonaitytis");
  });

  test("a subject changed since the proposal is a conflict, approved only when confirmed", async () => {
    const { id } = (await propose(ona, "Jonaitis-Kalvis")) as { id: number };
    await updatePerson(t.db, treeId, person, { ...surname, surname: "Jonėnas" });
    expect(await approveProposal(ctx, id, admin, {}, kinds)).toEqual({ ok: false, reason: "proposalConflict" });
    expect((await current(t.db, person)).surname).toBe("Jonėnas");
    expect(await approveProposal(ctx, id, admin, { confirmConflict: true }, kinds)).toMatchObject({ ok: true });
    expect((await current(t.db, person)).surname).toBe("Jonaitis-Kalvis");
  });

  test("a member sees only their own proposals and may withdraw only their own", async () => {
    const mine = (await propose(ona, "A")) as { id: number };
    await propose(petras, "B");
    expect((await ownProposals(t.db, ona.id, 1)).items.map((p) => p.payload)).toEqual([{ surname: "A" }]);
    expect(await withdrawProposal(ctx, mine.id, petras.id, kinds)).toBe(false);
    expect(await withdrawProposal(ctx, mine.id, ona.id, kinds)).toBe(true);
    expect((await pendingProposals(t.db, 1)).items.map((p) => p.username)).toEqual(["petras"]);
  });

  test(`at most ${PROPOSALS_PER_DAY} proposals a day per member`, async () => {
    for (let i = 0; i < PROPOSALS_PER_DAY; i++) expect((await propose(ona, `P${i}`)).ok).toBe(true);
    expect(await propose(ona, "per daug")).toEqual({ ok: false, reason: "proposalCap" });
    expect((await propose(petras, "kitas narys")).ok).toBe(true);
  });
});
