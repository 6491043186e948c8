import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, parseConfig } from "./env.ts";

const cwd = "/srv/seima";

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  test("defaults: port 3000, ./data, SQLite inside it, no proxy trusted", () => {
    const config = parseConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.host).toBeUndefined();
    expect(config.dataDir).toBe(path.join(cwd, "data"));
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(cwd, "data", "database.sqlite") });
    expect(config.initialAdmin).toBeUndefined();
    expect(config.siteUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.production).toBe(true);
    expect(config.uploads).toEqual({ maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 });
    expect(config.maxGedcomBytes).toBe(200 * 1024 * 1024);
    expect(config.passwordHashLogN).toBe(17);
  });

  test("PASSWORD_HASH_LOG_N: a whole number from 10 to 20, refused otherwise", () => {
    expect(parseConfig({ PASSWORD_HASH_LOG_N: "18" }, cwd).passwordHashLogN).toBe(18);
    for (const bad of ["9", "21", "17.5", "daug"]) {
      expect(problems({ PASSWORD_HASH_LOG_N: bad })).toEqual([
        `PASSWORD_HASH_LOG_N turi būti sveikasis skaičius nuo 10 iki 20 (rekomenduojama 17; dabar „${bad}“).`,
      ]);
    }
  });

  test("upload limits are configurable and must be positive", () => {
    expect(parseConfig({ MAX_UPLOAD_MB: "5", MAX_IMAGE_MEGAPIXELS: "0.5" }, cwd).uploads).toEqual({
      maxBytes: 5 * 1024 * 1024,
      maxPixels: 500_000,
    });
    expect(problems({ MAX_UPLOAD_MB: "-1", MAX_IMAGE_MEGAPIXELS: "daug" })).toHaveLength(2);
  });

  test("mail: SMTP_URL must be smtp:// or smtps://, SMTP_FROM an address; without SMTP_URL no mail", () => {
    expect(parseConfig({}, cwd).mail).toBeUndefined();
    expect(parseConfig({ SMTP_URL: "smtps://ona:slaptas@smtp.example.lt" }, cwd).mail).toEqual({
      url: "smtps://ona:slaptas@smtp.example.lt",
      from: undefined,
    });
    expect(parseConfig({ SMTP_URL: "smtp://127.0.0.1:2525", SMTP_FROM: "Giminės svetainė <seima@example.lt>" }, cwd).mail).toEqual({
      url: "smtp://127.0.0.1:2525",
      from: "Giminės svetainė <seima@example.lt>",
    });
    expect(problems({ SMTP_URL: "http://smtp.example.lt", SMTP_FROM: "ne adresas" })).toEqual([
      expect.stringContaining("SMTP_URL turi būti smtp://"),
      expect.stringContaining("SMTP_FROM turi būti el. pašto adresas"),
    ]);
  });

  test("every variable is read", () => {
    const config = parseConfig(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        DATA_DIR: "/var/lib/seima",
        DATABASE_URL: "postgres://seima@db/seima",
        ADMIN_USERNAME: "ona",
        ADMIN_PASSWORD: " tarpai leidžiami ",
        SITE_URL: "https://seima.lt",
        TRUST_PROXY: "1",
        NODE_ENV: "development",
      },
      cwd,
    );
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe("/var/lib/seima");
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://seima@db/seima" });
    expect(config.initialAdmin).toEqual({ username: "ona", password: " tarpai leidžiami " });
    expect(config.siteUrl?.origin).toBe("https://seima.lt");
    expect(config.trustProxy).toBe(1);
    expect(config.production).toBe(false);
  });

  test("a relative DATA_DIR is taken from the working folder", () => {
    expect(parseConfig({ DATA_DIR: "duomenys" }, cwd).dataDir).toBe(path.join(cwd, "duomenys"));
  });

  test("every problem is reported at once, in Lithuanian", () => {
    const found = problems({
      PORT: "trys tūkstančiai",
      DATABASE_URL: "mysql://x",
      ADMIN_USERNAME: "ona",
      SITE_URL: "seima.lt",
      TRUST_PROXY: "gal",
    });
    expect(found).toHaveLength(5);
    expect(found[0]).toContain("PORT turi būti sveikasis skaičius");
    expect(found.join("\n")).toContain("ADMIN_USERNAME ir ADMIN_PASSWORD nurodomi kartu");
  });

  test("port out of range and a short administrator password are refused", () => {
    expect(problems({ PORT: "70000" })).toHaveLength(1);
    expect(problems({ ADMIN_USERNAME: "ona", ADMIN_PASSWORD: "trumpas" })[0]).toContain("bent 8 simbolių");
  });

  test("port 0 asks the system for a free port (used by tests)", () => {
    expect(parseConfig({ PORT: "0" }, cwd).port).toBe(0);
  });
});
