import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { LOGIN_CHALLENGES_PER_ADDRESS } from "#app/.server/accounts/passkeys.ts";
import { useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// The passkey endpoints with crafted answers (issue 31): an outside attack
// had 'response=null&challengeId=' answered with a 500. Every malformed answer
// gets a refusal with a message in the page's language, never a server error,
// and changes nothing; anonymous challenges are bounded per address; and the
// current password asked inside a session is throttled like a login.

const site = useSite();
test.describe.configure({ mode: "serial" });

let passwords: Record<"narys" | "redaktorius", string>;
test.beforeAll(async () => {
  passwords = await siteForWrites(site());
});

const PART = "AAEC";
const LOGIN = {
  id: PART,
  rawId: PART,
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: PART, authenticatorData: PART, signature: PART },
};
/** Answers no browser sends: not JSON, the wrong JSON, the right shape with the wrong kinds of parts. */
const ANSWERS = [
  "null",
  "",
  "[]",
  "1",
  "true",
  '"x"',
  "{}",
  "{",
  '{"id":null}',
  '{"id":{}}',
  '{"id":[1,2]}',
  '{"id":"x"}',
  JSON.stringify({ ...LOGIN, response: null }),
  JSON.stringify({ ...LOGIN, response: [] }),
  JSON.stringify({ ...LOGIN, id: 5 }),
  JSON.stringify({ ...LOGIN, id: "ne base64!" }),
  JSON.stringify({ ...LOGIN, type: "password" }),
  JSON.stringify({ ...LOGIN, clientExtensionResults: null }),
  JSON.stringify({ ...LOGIN, response: { ...LOGIN.response, signature: 5 } }),
  JSON.stringify({ ...LOGIN, response: { ...LOGIN.response, clientDataJSON: "A".repeat(30_000) } }),
  "\u0000",
  "%c0",
];
const CHALLENGE_IDS = ["", "x", "1e18", "%c0", "ą".repeat(500)];

const client = () => http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });

async function challenges(): Promise<number> {
  return (await site().db().selectFrom("passkeyChallenges").select("id").execute()).length;
}

test("logging in: every crafted answer is refused with a message, in Lithuanian and in English, never a server error", async () => {
  const visitor = await client();
  // A well-formed answer with a wrong challenge is an attempt that failed; a malformed one is refused as malformed.
  for (const [path, badAnswer] of [
    ["/login/raktas", "Naršyklė atsiuntė netinkamą prisijungimo rakto atsakymą. Bandykite dar kartą."],
    ["/en/login/raktas", "Your browser sent a passkey answer that is not valid. Try again."],
  ] as const) {
    for (const response of ANSWERS) {
      for (const challengeId of CHALLENGE_IDS) {
        const answer = await visitor.post(path, { form: { intent: "verify", response, challengeId }, maxRedirects: 0 });
        expect(answer.status(), `${path} ${response.slice(0, 40)} ${challengeId.slice(0, 10)}`).toBe(400);
        expect(((await answer.json()) as { toast: { title: string } }).toast.title).toBe(badAnswer);
      }
    }
    // Without the field at all.
    const missing = await visitor.post(path, { form: { intent: "verify" }, maxRedirects: 0 });
    expect(missing.status()).toBe(400);
  }
  // The right shape, a challenge that is not one: the passkey is not recognised (401), still no error.
  const unknown = await visitor.post("/login/raktas", {
    form: { intent: "verify", response: JSON.stringify(LOGIN), challengeId: "x" },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(401);
  expect(((await unknown.json()) as { toast: { title: string } }).toast.title).toBe("Prisijungti nepavyko");
  await visitor.dispose();
});

test("adding a passkey: every crafted answer is refused with a message, nothing kept", async () => {
  const member: APIRequestContext = await client();
  const login = await member.post("/login", { form: { username: "narys", password: passwords.narys }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  for (const response of ANSWERS) {
    for (const challengeId of CHALLENGE_IDS.slice(0, 3)) {
      const answer = await member.post("/paskyra/raktai", {
        form: { intent: "register", name: "Telefonas", response, challengeId },
        headers: { Accept: "application/json" },
        maxRedirects: 0,
      });
      expect(answer.status(), `${response.slice(0, 40)} ${challengeId}`).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(
        "Naršyklė atsiuntė netinkamą prisijungimo rakto atsakymą. Bandykite dar kartą.",
      );
    }
  }
  expect(await site().db().selectFrom("passkeys").select("id").execute()).toEqual([]);
  await member.dispose();
});

test("anonymous login challenges: one address gets so many at once, then a 429 with a message; nothing more is stored", async () => {
  await site().db().deleteFrom("passkeyChallenges").execute();
  const visitor = await client();
  for (let i = 0; i < LOGIN_CHALLENGES_PER_ADDRESS; i++) {
    const answer = await visitor.post("/login/raktas", { form: { intent: "options" }, maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toHaveProperty("challengeId");
  }
  for (let i = 0; i < 20; i++) {
    const refused = await visitor.post("/en/login/raktas", { form: { intent: "options" }, maxRedirects: 0 });
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { toast: { title: string } }).toast.title).toBe("Too many attempts to log in with a passkey");
  }
  expect(await challenges()).toBe(LOGIN_CHALLENGES_PER_ADDRESS);
  await visitor.dispose();
});

test("the current password inside a session: five wrong guesses, then 429 with the wait named, on both pages that ask it", async () => {
  const member: APIRequestContext = await client();
  const login = await member.post("/login", { form: { username: "redaktorius", password: passwords.redaktorius }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  const guess = (page: "password" | "passkey", password: string) =>
    page === "password"
      ? member.post("/paskyra", {
          form: { intent: "password", current: password, next: "naujas-slaptazodis-9", repeated: "naujas-slaptazodis-9" },
          headers: { Accept: "application/json" },
          maxRedirects: 0,
        })
      : member.post("/paskyra/raktai", { form: { intent: "options", name: "", password }, maxRedirects: 0 });
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await guess(i % 2 ? "passkey" : "password", `spejimas-${i}`)).status());
  // The first five are wrong passwords (400); every one after is refused unchecked (429), on either page.
  expect(statuses).toEqual([400, 400, 400, 400, 400, ...Array(15).fill(429)]);
  // The right password too, while the wait lasts: nothing changes, no challenge is handed out.
  const right = await guess("password", passwords.redaktorius);
  expect(right.status()).toBe(429);
  // The page again, the wait named beside the field and in the toast; the password never sent back.
  const page = await right.text();
  expect(page).toMatch(/Per daug kartų įvestas neteisingas slaptažodis: jis dabar netikrinamas\. Bandykite dar kartą po \d+ min\./);
  expect(page).toContain("Per daug neteisingų slaptažodžių");
  expect(page).not.toContain(passwords.redaktorius);
  const passkey = await guess("passkey", passwords.redaktorius);
  expect(passkey.status()).toBe(429);
  expect(((await passkey.json()) as { errors: Record<string, string> }).errors.password).toContain("Bandykite dar kartą po");
  // The password is unchanged: it still logs in.
  const again = await client();
  const relogin = await again.post("/login", { form: { username: "redaktorius", password: passwords.redaktorius }, maxRedirects: 0 });
  expect(relogin.status()).toBe(302);
  await again.dispose();
  await member.dispose();
});
