import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { addDocument } from "#app/.server/documents/documents.ts";
import { issueFormToken, submitEntry } from "#app/.server/guestbook/guestbook.ts";
import { saveHistory } from "#app/.server/site-texts/history-text.ts";
import { prepareScan } from "#app/.server/media/pipeline.ts";
import { seedIfNew, SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { ensureAdministrator } from "#app/.server/accounts/users.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { contentOf, filesOf } from "./content.ts";
import { createEmptyDatabase, type TestDatabase } from "./database.ts";

// Needs both databases, so it runs in the PostgreSQL run only (*.postgres.test.ts).

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function empty(kind: "sqlite" | "postgres") {
  const t = await createEmptyDatabase({ kind });
  opened.push(t);
  return t;
}

test("a SQLite backup restores into PostgreSQL and back, with identical content and files", async () => {
  const sqlite = await empty("sqlite");
  await migrateToLatest(sqlite.db);
  await seedIfNew(sqlite.db, sqlite.media);
  await ensureAdministrator(sqlite.db, { username: "ona", password: "ilgas-slaptažodis" }, () => {});
  await saveHistory(sqlite.db, { ...SEED_HISTORY, intro: "Įžanga su „kabutėmis“ ir\neilutės lūžiu – ąčęėįšųūž." }, "ona", false);
  const pdf = path.resolve(import.meta.dirname, "../fixtures/metrikai.pdf");
  const copy = path.join(sqlite.media.root, "tmp", "metrikai.pdf");
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.copyFileSync(pdf, copy);
  const scan = await prepareScan(sqlite.media, { path: copy, name: "metrikai.pdf", size: fs.statSync(copy).size });
  await addDocument(
    sqlite.db,
    sqlite.media,
    { title: "Krikšto metrikai", person: "Šarūnas Žemaitis", year: "apie 1902", type: "Gimimo liudijimas", membersOnly: false },
    scan,
  );
  const entry = { name: "Rūta", message: "Sveiki!", svetaine: "" };
  expect(await submitEntry(sqlite.db, entry, await issueFormToken(sqlite.db, Date.now() - 10_000), "10.0.0.1")).toMatchObject({ ok: true });

  await importFile(sqlite.db, sqlite.media, path.resolve(import.meta.dirname, "../fixtures/gedcom/lietuviai-utf8.ged"), {
    sourceName: "lietuviai.ged",
  });

  const first = path.join(sqlite.dir, "is-sqlite.tar.gz");
  await writeBackup(sqlite.db, "sqlite", sqlite.media, first);

  const postgres = await empty("postgres");
  await restoreBackup(postgres.db, "postgres", postgres.media, first);
  expect(await contentOf(postgres.db)).toEqual(await contentOf(sqlite.db));
  expect(filesOf(postgres.media)).toEqual(filesOf(sqlite.media));

  const second = path.join(postgres.dir, "is-postgres.tar.gz");
  await writeBackup(postgres.db, "postgres", postgres.media, second);
  const back = await empty("sqlite");
  await restoreBackup(back.db, "sqlite", back.media, second);
  expect(await contentOf(back.db)).toEqual(await contentOf(sqlite.db));
  expect(filesOf(back.media)).toEqual(filesOf(sqlite.media));

  // The restored PostgreSQL database numbers new rows after the restored ones.
  const revision = await saveHistory(postgres.db, SEED_HISTORY, "ona", false);
  const ids = (await postgres.db.selectFrom("historyRevisions").select("id").execute()).map((r) => r.id);
  expect(revision.id).toBe(Math.max(...ids));
  expect(ids.filter((id) => id === revision.id)).toHaveLength(1);
});
