import { expect, request as http, test, type APIResponse } from "@playwright/test";
import { useSite } from "./site.ts";

// Every cookie's flags come from one place (issue 31): under an https
// SITE_URL the session's, the trusted device's and a toast's message cookie
// are all Secure, HttpOnly and SameSite=Lax (an attack found the message
// cookie without Secure). The server itself is reached over plain http here,
// as behind a proxy that ends TLS and says so (TRUST_PROXY).

const SITE_URL = "https://seima.example";
const site = useSite({ SITE_URL, TRUST_PROXY: "true" });

const cookies = (response: APIResponse) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);

function expectSiteFlags(setCookies: string[], names: string[]) {
  expect([...new Set(setCookies.map((cookie) => cookie.split("=")[0]))].toSorted()).toEqual(names.toSorted());
  for (const cookie of setCookies) {
    expect(cookie, cookie).toMatch(/; Secure(;|$)/);
    expect(cookie, cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie, cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie, cookie).toMatch(/; Path=\/(;|$)/);
  }
}

test("under an https address every cookie the site sets is Secure: logging in, a toast, logging out", async () => {
  const client = await http.newContext({
    baseURL: site().url,
    extraHTTPHeaders: { Origin: SITE_URL, "X-Forwarded-Proto": "https", "X-Forwarded-Host": "seima.example" },
  });
  const login = await client.post("/login", {
    form: { username: site().admin.username, password: site().admin.password },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  expectSiteFlags(cookies(login), ["irenginys", "pranesimas", "sesija"]);
  const session = cookies(login)
    .find((cookie) => cookie.startsWith("sesija=") && !cookie.startsWith("sesija=;"))!
    .split(";")[0];

  // The page the toast lands on clears the message cookie: with the same flags.
  const landing = await client.get("/admin", {
    headers: {
      Cookie: `${session}; ${
        cookies(login)
          .find((c) => c.startsWith("pranesimas="))!
          .split(";")[0]
      }`,
    },
  });
  expect(landing.status()).toBe(200);
  expectSiteFlags(cookies(landing), ["pranesimas"]);

  // Logging out: the session's cookie cleared, a toast's set.
  const logout = await client.post("/logout", { headers: { Cookie: session }, maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  expectSiteFlags(cookies(logout), ["pranesimas", "sesija"]);
  await client.dispose();
});
