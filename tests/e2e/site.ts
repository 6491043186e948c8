import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

export interface Site {
  url: string;
  dataDir: string;
  databaseFile: string;
  admin: { username: string; password: string };
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built site the way an operator does (node server.ts) on a free
 * port with an empty data folder, and waits until it listens.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-e2e-"));
  const admin = { username: "admin", password: randomBytes(12).toString("base64url") };
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = /Svetainė veikia: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  return {
    url,
    dataDir,
    databaseFile: path.join(dataDir, "database.sqlite"),
    admin,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One server for the spec file that calls this; returns a getter for it. */
export function useSite(env: Record<string, string> = {}): () => Site {
  let site: Site | undefined;
  test.beforeAll(async () => {
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
  await page.goto(`${site.url}/login`);
  await page.getByLabel("Vartotojo vardas").fill(site.admin.username);
  await page.getByLabel("Slaptažodis").fill(password);
  await page.getByRole("button", { name: "Prisijungti" }).click();
}

export async function logInAsAdmin(page: Page, site: Site) {
  await logIn(page, site);
  await expect(page).toHaveURL(`${site.url}/admin`);
}

/** The toast region's messages. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Pranešimai" });
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
