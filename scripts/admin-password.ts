// Resets an administrator's password on the server, for when it is lost:
//   npm run admin:password                  asks for the new password twice
//   npm run admin:password -- --generate    makes a random one and prints it
//   npm run admin:password -- --user ona    picks the administrator (default: the only one)
// Without a terminal the new password is read from the first line of standard input.
// Every session of that administrator ends. Uses DATA_DIR / DATABASE_URL like the server.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { readFirstLine } from "./stdin.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { MIN_PASSWORD_LENGTH, parseConfig } from "#app/.server/platform/env.ts";
import { generatePassword } from "#app/.server/accounts/password.ts";
import { destroyUserSessions } from "#app/.server/accounts/session.ts";
import { listUsers, setPassword } from "#app/.server/accounts/users.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.startsWith(question)) write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const { values } = (() => {
  try {
    return parseArgs({ options: { generate: { type: "boolean", default: false }, user: { type: "string" } } });
  } catch {
    fail("Naudojimas: npm run admin:password [-- --generate] [-- --user VARDAS]");
  }
})();

const config = (() => {
  try {
    return parseConfig(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
})();

const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  // Members and editors have their own ways back in (a new-password link from the administrator).
  const users = (await listUsers(db)).filter((u) => u.role === "administratorius");
  if (users.length === 0) fail("Administratorius dar nesukurtas: paleiskite svetainę (npm start), ji jį sukurs.");
  const user = values.user ? users.find((u) => u.username === values.user) : users[0];
  if (!user) fail(`Administratoriaus „${values.user}“ nėra. Yra: ${users.map((u) => u.username).join(", ")}.`);
  if (!values.user && users.length > 1)
    fail(`Yra keli administratoriai; nurodykite, kurį: --user ${users.map((u) => u.username).join(" | ")}`);

  let password: string;
  if (values.generate) {
    password = generatePassword();
  } else if (process.stdin.isTTY) {
    password = await askHidden(`Naujas slaptažodis (${user.username}): `);
    if ((await askHidden("Pakartokite slaptažodį: ")) !== password) fail("Slaptažodžiai nesutampa. Niekas nepakeista.");
  } else {
    password = await readFirstLine();
  }
  if (password.length < MIN_PASSWORD_LENGTH) fail(`Slaptažodis turi būti bent ${MIN_PASSWORD_LENGTH} simbolių. Niekas nepakeista.`);

  await setPassword(db, user.id, password, values.generate);
  await destroyUserSessions(db, user.id);
  console.log(`Administratoriaus „${user.username}“ slaptažodis pakeistas; visos jo sesijos baigtos.`);
  if (values.generate) console.log(`Naujas slaptažodis: ${password}`);
} finally {
  await db.destroy();
}
