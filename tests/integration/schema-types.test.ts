import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { isNameIndexTable } from "#app/.server/genealogy/name-index.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { onPostgres } from "#tests/database-target.ts";
import { createEmptyDatabase, type TestDatabase } from "./database.ts";

// The TypeScript schema (app/.server/platform/db/schema.ts) is what the code
// trusts; the migrations are what the database is. Nothing else compares the
// two, so a column typed `string` that the database may leave NULL, or one an
// insert may leave out that has no default, would only fail at run time.
// The test reads each column from the database the migrations built, writes
// what it found as type assertions on `Tables`, and has the TypeScript
// compiler check them: the schema is read as the compiler reads it.

const ROOT = path.resolve(import.meta.dirname, "../..");
const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const KINDS: Record<string, "number" | "string"> = {
  integer: "number",
  real: "number",
  int4: "number",
  float4: "number",
  float8: "number",
  text: "string",
};

interface Assertion {
  line: string;
  says: string;
}

async function assertionsFor(t: TestDatabase): Promise<Assertion[]> {
  const assertions: Assertion[] = [];
  // SQLite's name index (migration 0032) is not in Tables: PostgreSQL has none, and it is read by name-index.ts alone.
  const tables = (await t.db.introspection.getTables()).filter(
    (table) => !table.name.startsWith("kysely_") && !isNameIndexTable(table.name),
  );
  const names = tables.map((table) => JSON.stringify(camelCase(table.name)));
  assertions.push({
    line: `ok<Same<keyof Tables, ${names.join(" | ")}>>(true);`,
    says: "Tables names exactly the tables the migrations build",
  });
  for (const table of tables) {
    // SQLite lets a primary key that is not an INTEGER hold NULL (a bug it
    // keeps for compatibility), and an INTEGER one is the row id it assigns.
    const primaryKey = onPostgres
      ? new Set<string>()
      : new Set(
          (await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(t.db)).rows
            .filter((c) => c.pk > 0)
            .map((c) => c.name),
        );
    const row = `Tables[${JSON.stringify(camelCase(table.name))}]`;
    const columns = table.columns.map((column) => JSON.stringify(camelCase(column.name)));
    assertions.push({
      line: `ok<Same<keyof ${row}, ${columns.join(" | ")}>>(true);`,
      says: `${table.name}: the columns are those the migrations build`,
    });
    for (const column of table.columns) {
      const kind = KINDS[column.dataType.toLowerCase()];
      expect(kind, `${table.name}.${column.name}: a type the test knows (${column.dataType})`).toBeDefined();
      const key = JSON.stringify(camelCase(column.name));
      const nullable = column.isNullable && !primaryKey.has(column.name);
      // An INTEGER primary key of its own is SQLite's row id, which it assigns.
      const rowId = primaryKey.size === 1 && primaryKey.has(column.name) && kind === "number";
      const where = `${table.name}.${column.name}`;
      assertions.push(
        { line: `ok<Same<KindOf<Selectable<${row}>[${key}]>, "${kind}">>(true);`, says: `${where} holds a ${kind}` },
        {
          line: `ok<Same<null extends Selectable<${row}>[${key}] ? true : false, ${nullable}>>(true);`,
          says: `${where} is ${nullable ? "" : "not "}nullable`,
        },
      );
      // One way only: the schema may make the code supply a value the database
      // could default (an id the spec numbers, a default kept for old rows),
      // but must not let an insert leave out a column the database requires.
      if (!(nullable || column.hasDefaultValue || column.isAutoIncrementing || rowId))
        assertions.push({
          line: `ok<Same<{} extends Pick<Insertable<${row}>, ${key}> ? true : false, false>>(true);`,
          says: `an insert may not leave out ${where}`,
        });
    }
  }
  return assertions;
}

let t: TestDatabase;
let checkDir: string | undefined;
afterEach(async () => {
  if (checkDir) fs.rmSync(checkDir, { recursive: true, force: true });
  await t?.close();
});

test(
  "every column of the TypeScript schema has the type, nullability and default the migrations give it",
  { timeout: 120_000 },
  async () => {
    t = await createEmptyDatabase();
    await migrateToLatest(t.db);
    const assertions = await assertionsFor(t);
    const header = [
      `import type { Insertable, Selectable } from "kysely";`,
      `import type { Tables } from ${JSON.stringify(path.join(ROOT, "app/.server/platform/db/schema.ts"))};`,
      `type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;`,
      `type KindOf<V> = [Exclude<V, null>] extends [number] ? "number" : [Exclude<V, null>] extends [string] ? "string" : "other";`,
      `declare function ok<T extends true>(value: T): void;`,
    ];
    // Inside the project, so that "kysely" resolves; node_modules/.cache is ignored by git.
    fs.mkdirSync(path.join(ROOT, "node_modules/.cache"), { recursive: true });
    checkDir = fs.mkdtempSync(path.join(ROOT, "node_modules/.cache/schema-types-"));
    const file = path.join(checkDir, "check.ts");
    fs.writeFileSync(file, [...header, ...assertions.map((a) => a.line)].join("\n") + "\n");
    const tsc = path.join(ROOT, "node_modules/.bin/tsc");
    const options = [
      "--ignoreConfig",
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--target",
      "es2024",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--allowImportingTsExtensions",
      "--types",
      "node",
    ];
    const output = await promisify(execFile)(tsc, [...options, file], { cwd: ROOT }).then(
      () => "",
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
    );
    const failing = [...output.matchAll(/check\.ts\((\d+),\d+\): (.*)/g)].map(
      ([, line, message]) => assertions[Number(line) - header.length - 1]?.says ?? message,
    );
    expect(failing).toEqual([]);
    expect(output).toBe("");
  },
);
