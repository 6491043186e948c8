import { randomBytes } from "node:crypto";
import pg from "pg";

// Which database the tests run against. The suite runs once on SQLite and once
// on PostgreSQL (scripts/test.ts): TEST_DATABASE=postgres selects the second,
// with TEST_DATABASE_URL naming a server where databases may be created.

export const onPostgres = process.env.TEST_DATABASE === "postgres";

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server where databases can be created)");
  return url;
}

/** The URL of a database on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (or a copy of `template`) and returns its name. */
export async function createPostgresDatabase(prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  return name;
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}
