import { expect, request as http, test } from "@playwright/test";
import { useSite } from "./site.ts";

// An https SITE_URL behind a proxy that the site is not told about (no
// TRUST_PROXY): the proxy passes its own upstream address as Host. An attack
// found every write from the site's real address refused with a bare 400 and
// React Router's stack trace (issue 31, point 7). Now the operator is told at
// start-up, and the writes work: the guard in front has judged their origin.

const SITE_URL = "https://seima.example";
const site = useSite({ SITE_URL });

test("start-up says what is missing; a write from the real address works; no stack trace reaches a person", async () => {
  expect(site().output()).toContain("Dėmesio: SITE_URL yra https://seima.example, bet TRUST_PROXY nenustatytas.");
  // As the proxy sends it: Host the upstream's (this server's own address), Origin the site's.
  const client = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: SITE_URL } });
  const login = await client.post("/login", {
    form: { username: site().admin.username, password: site().admin.password },
    maxRedirects: 0,
  });
  expect(login.status(), await login.text()).toBe(302);
  expect(login.headers()["location"]).toBe("/admin");
  // Logging out again, the session's cookie sent back as the browser would.
  const session = login
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("sesija=") && !h.value.startsWith("sesija=;"))[0]
    .value.split(";")[0];
  const logout = await client.post("/logout", { headers: { Cookie: session }, maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  const visitor = await http.newContext({ baseURL: site().url });
  // A foreign origin is still refused, by the guard, in words.
  const foreign = await visitor.post("/sveciai", {
    form: { name: "Ona", message: "Sveiki" },
    headers: { Origin: "https://kitas.example", Accept: "text/html" },
  });
  expect(foreign.status()).toBe(403);
  const page = await foreign.text();
  expect(page).toContain("Užklausa atmesta: ji atsiųsta ne iš šios svetainės.");
  expect(page).not.toMatch(/\n\s+at /);
  await client.dispose();
  await visitor.dispose();
});
