import { describe, expect, test } from "vitest";
import { parseConfig } from "#app/.server/platform/env.ts";
import { configurationAdvice } from "./app.ts";

// What the server says at start about its configuration: advice, not refusals
// (those are parseConfig's, app/.server/platform/env.test.ts).

const config = (env: Record<string, string>) => parseConfig(env, "/srv/seima");

describe("advice at start", () => {
  test("none for the defaults", () => {
    expect(configurationAdvice(config({}))).toEqual([]);
  });

  test("an https SITE_URL without TRUST_PROXY", () => {
    expect(configurationAdvice(config({ SITE_URL: "https://seima.lt" }))).toEqual([
      "Dėmesio: SITE_URL yra https://seima.lt, bet TRUST_PROXY nenustatytas. Jei svetainė veikia už tarpinio serverio " +
        "(nginx, Caddy), nustatykite TRUST_PROXY=true: tada žinomas tikrasis lankytojo adresas (prisijungimų ribojimui) ir https.",
    ]);
    expect(configurationAdvice(config({ SITE_URL: "https://seima.lt", TRUST_PROXY: "true" }))).toEqual([]);
  });

  test("password hashes weaker than recommended (PASSWORD_HASH_LOG_N below 17)", () => {
    expect(configurationAdvice(config({ PASSWORD_HASH_LOG_N: "10" }))).toEqual([
      "Dėmesio: PASSWORD_HASH_LOG_N=10, mažiau nei rekomenduojama (17): nauji slaptažodžiai saugomi taip, " +
        "kad pavogtos duomenų bazės slaptažodžius atspėti lengviau. Tai tinka tik testams.",
    ]);
    expect(configurationAdvice(config({ PASSWORD_HASH_LOG_N: "18" }))).toEqual([]);
  });
});
