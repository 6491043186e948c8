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

/**
 * Drops a test database. Its pool has been closed, but a closed connection's
 * server process may linger for a moment: forcing it then sends the closing
 * client a "terminating connection" error nobody listens to any more (an
 * uncaught error in the test run). So first wait (a few seconds at most) for
 * the database's connections to be gone; force only what is left after that.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  });
}
