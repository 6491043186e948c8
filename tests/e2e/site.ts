import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { createPostgresDatabase, databaseUrl, dropPostgresDatabase, onPostgres } from "#tests/database-target.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "#server/start-options.ts";

/**
 * How long a server may take to start. Generous: on a busy two-core machine
 * (load 10) a start that takes two seconds when quiet has been seen to take
 * more than thirty; a server that never starts fails with its own output.
 */
export const SERVER_START_LIMIT_MS = 4 * 60_000;

export interface Site {
  url: string;
  dataDir: string;
  /**
   * The server's own temporary folder (its TMPDIR): what it writes there is
   * its own, never another spec file's server running beside it.
   */
  tmpDir: string;
  /** The site's database, as the tests open it (SQLite file or PostgreSQL database). */
  database: Config["database"];
  /** A connection of the test's own to the site's database, to check what was stored. */
  db(): Database;
  admin: { username: string; password: string };
  /** The server's process id (to read its memory use). */
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Ends the server process abruptly (SIGKILL), as a crash or a power cut would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built site the way an operator does (node server.ts) on a free
 * port with an empty data folder (and, in the PostgreSQL run, an empty
 * database of its own), and waits until it listens.
 */
export async function startSite(
  env: Record<string, string> = {},
  shared?: { dataDir: string; database: Config["database"] },
): Promise<Site> {
  const dataDir = shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "seima-e2e-"));
  const pgName = shared || !onPostgres ? null : await createPostgresDatabase("seima_e2e");
  const database: Config["database"] =
    shared?.database ??
    (pgName ? { kind: "postgres", url: databaseUrl(pgName) } : { kind: "sqlite", file: path.join(dataDir, "database.sqlite") });
  const admin = { username: "admin", password: randomBytes(12).toString("base64url") };
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-e2e-tmp-"));
  // As `npm run serve` starts it (server/start-options.ts).
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    env: {
      ...process.env,
      TMPDIR: tmpDir,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const started = Date.now();
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${SERVER_START_LIMIT_MS / 1000} s; its output:\n${output || "(nothing)"}`));
    }, SERVER_START_LIMIT_MS);
    const check = () => {
      const match = /Svetainė veikia: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}) after ${Date.now() - started} ms; its output:\n${output || "(nothing)"}`));
    });
  });

  let db: Database | undefined;
  return {
    url,
    dataDir,
    tmpDir,
    database,
    pid: child.pid!,
    db: () => (db ??= openDatabase(database)),
    admin,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      await db?.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(tmpDir, { recursive: true, force: true });
      // A second server on shared data leaves the clean-up to the first.
      if (shared) return;
      if (pgName) await dropPostgresDatabase(pgName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One server for the spec file that calls this; returns a getter for it. */
export function useSite(env: Record<string, string> = {}): () => Site {
  let site: Site | undefined;
  test.beforeAll(async () => {
    // The hook's own limit is the test's (playwright.config.ts): starting may take longer.
    test.setTimeout(SERVER_START_LIMIT_MS + 30_000);
    site = await startSite(env);
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return () => {
    if (!site) throw new Error("site not started");
    return site;
  };
}

export async function logIn(page: Page, site: Site, password = site.admin.password) {
  // Filled only once the page's scripts have loaded and run: on a busy machine
  // hydration could otherwise land between typing and the click and clear what
  // was typed (seen once in CI: the login stayed on /login).
  await page.goto(`${site.url}/login`, { waitUntil: "networkidle" });
  // A visitor's /login starts its scripts after the first paint, which a busy
  // machine can put after "networkidle": a press while React hydrated the form
  // was lost (CI, security.spec: no message after a wrong guess). Wait for them.
  await hydrated(page);
  await page.getByLabel("Vartotojo vardas").fill(site.admin.username);
  await page.getByLabel("Slaptažodis").fill(password);
  await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
}

export async function logInAsAdmin(page: Page, site: Site) {
  await logInAs(page, site, site.admin.username, site.admin.password);
  await expect(page).toHaveURL(`${site.url}/admin`);
}

/** The toast region's messages. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Pranešimai" });
}

/**
 * Waits until the page's scripts have started React Router (a visitor's page
 * starts them only after its first paint, app/.server/platform/low-priority-scripts.ts).
 * From then on React receives every press: one made while it hydrates is replayed.
 */
export async function hydrated(page: Page): Promise<void> {
  // A page opened without JavaScript (a test of the plain page) never starts: its
  // inline scripts, which React Router's context comes in, did not run either.
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return;
  await page.waitForFunction(() => "__reactRouterDataRouter" in window, null, { timeout: 30_000 });
}

/** Collects console errors (a CSP violation shows up there) and uncaught page errors. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Runs the operators' user tool (npm run users) against the site's data, as
 * an operator would; returns its exit code and output.
 */
export function usersTool(s: Site, args: string[], input?: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, ["scripts/users.ts", ...args], {
    env: {
      ...process.env,
      DATA_DIR: s.dataDir,
      ...(s.database.kind === "postgres" ? { DATABASE_URL: s.database.url } : {}),
    },
    input,
    encoding: "utf8",
  });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/** A new user of the site with this role (made with the user tool); returns the password. */
export function addUser(s: Site, username: string, role: "narys" | "redaktorius" | "administratorius"): string {
  const password = randomBytes(12).toString("base64url");
  const { code, output } = usersTool(s, ["add", username, "--role", role, "--password-stdin"], `${password}\n`);
  if (code !== 0) throw new Error(`users add ${username} failed: ${output}`);
  return password;
}

/**
 * Logs in with a user name and password (any user) and waits until the site
 * says so. On a busy machine a press of the button has been lost while the
 * page hydrated (CI: the login stayed on /login, no message, nothing in the
 * server's log): a press that brought neither another page nor a message is
 * made once more. A refusal (a message) fails at once, with what it said.
 */
export async function logInAs(page: Page, s: Site, username: string, password: string, base = s.url) {
  await page.goto(`${base}/login`, { waitUntil: "networkidle" });
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel("Vartotojo vardas").fill(username);
    await page.getByLabel("Slaptažodis").fill(password);
    await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
    const answered = await page
      .waitForFunction(() => !location.pathname.startsWith("/login") || document.querySelector("[data-toast]") !== null, undefined, {
        timeout: 30_000,
      })
      .then(
        () => true,
        () => false,
      );
    // (A whole-page navigation ends the wait with an error: where the page is then is the answer.)
    if (answered || !new URL(page.url()).pathname.startsWith("/login") || attempt === 2) break;
  }
  const said =
    (await toasts(page)
      .textContent()
      .catch(() => null)) ?? "";
  expect(page.url(), `logging in as ${username} (the page says: ${said.trim() || "nothing"})`).not.toMatch(/\/login(\?|$)/);
  await expect(toasts(page).getByText("Sėkmingai prisijungėte!")).toBeVisible();
  // A press before /login's scripts ran posted the form itself: the page it led to loaded
  // whole and is still starting its scripts. The caller's next press needs them running.
  await hydrated(page);
}

/** The newest tree the administrator sees (not the base an import is compared with, which is never listed). */
export async function newestTree(s: Site): Promise<number> {
  const tree = await s
    .db()
    .selectFrom("genealogyTrees")
    .select("id")
    .where("status", "=", "ready")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return tree.id;
}

/** Posts an intent of /admin/medis for the newest tree, as a crafted request would: no browser's checks, only the server's. */
export async function postTreeIntent(page: Page, s: Site, intent: string) {
  const treeId = String(await newestTree(s));
  return page.request.post(`${s.url}/admin/medis`, { headers: { Origin: s.url }, form: { intent, treeId }, maxRedirects: 0 });
}

/**
 * A response body without the names the server and the build make up at random
 * (media ids, hashed asset names), so that a leak check
 * looking for a year such as "1971" is not set off by an id that happens to
 * contain those digits. Everything a person wrote stays.
 */
export function withoutRandomNames(body: string): string {
  return body.replace(/\/media\/[0-9a-f]{24}\//g, "/media/…/").replace(/\/assets\/[\w.-]+/g, "/assets/…");
}
