// The site's users, for operators and for the tests:
//   npm run users -- list
//   npm run users -- add NAME --role narys|redaktorius|administratorius --password-stdin
//   npm run users -- role NAME ROLE
//   npm run users -- remove NAME
// Uses DATA_DIR / DATABASE_URL like the server. A bad command, name, role or
// password is one clear line on standard error and exit code 1; nothing changes.
import { parseArgs } from "node:util";
import { readFirstLine } from "./stdin.ts";
import { isUniqueViolation } from "#app/.server/platform/db/writes.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { checkNewPassword, checkUsername, createUser, findUser, listUsers, removeUser, setRole } from "#app/.server/accounts/users.ts";
import { isRole, ROLES } from "#app/lib/roles.ts";
import { serverT } from "#app/.server/platform/i18n.ts";

// The operator's console speaks Lithuanian, like the rest of the operators' tools.
const lt = serverT("lt");

const USAGE = [
  "Naudojimas:",
  "  npm run users -- list",
  `  npm run users -- add VARDAS --role ${ROLES.join("|")} --password-stdin`,
  "  npm run users -- role VARDAS VAIDMUO",
  "  npm run users -- remove VARDAS",
].join("\n");

class Failure extends Error {}

function fail(message: string): never {
  throw new Failure(message);
}

function role(value: string | undefined): (typeof ROLES)[number] {
  if (!isRole(value)) fail(`Vaidmuo turi būti vienas iš: ${ROLES.join(", ")}.`);
  return value;
}

async function user(db: Database, name: string | undefined) {
  if (!name) fail(USAGE);
  return (await findUser(db, name)) ?? fail(`Vartotojo „${name}“ nėra.`);
}

async function run(db: Database, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: "string" }, "password-stdin": { type: "boolean", default: false } },
  });
  const [command, name, extra] = positionals;
  switch (command) {
    case "list": {
      for (const u of await listUsers(db)) {
        console.log([u.username, u.role, u.disabledAt ? "išjungtas" : "aktyvus", u.lastSeenAt ?? "-"].join("\t"));
      }
      return;
    }
    case "add": {
      if (!name) fail(USAGE);
      const problem = checkUsername(name);
      if (problem) fail(lt(problem));
      const r = role(values.role);
      if (!values["password-stdin"])
        fail("Slaptažodį duokite per standartinį įvedimą su --password-stdin (komandų eilutėje jis liktų istorijoje).");
      const password = await readFirstLine();
      const weak = checkNewPassword(password, password).next;
      if (weak) fail(lt(weak));
      try {
        await createUser(db, name, password, r);
      } catch (error) {
        if (isUniqueViolation(error)) fail(`Vartotojas „${name}“ jau yra.`);
        throw error;
      }
      console.log(`Sukurtas vartotojas „${name}“ (${r}).`);
      return;
    }
    case "role": {
      const u = await user(db, name);
      const r = role(extra);
      const result = await setRole(db, u.id, r);
      if (result && !result.ok) fail(lt(result.message));
      console.log(`„${u.username}“ dabar ${r}.`);
      return;
    }
    case "remove": {
      const u = await user(db, name);
      const result = await removeUser(db, u.id);
      if (result && !result.ok) fail(lt(result.message));
      console.log(`Vartotojas „${u.username}“ pašalintas; jo prisijungimai baigti.`);
      return;
    }
    default:
      fail(USAGE);
  }
}

let db: Database | undefined;
try {
  const config = parseConfig(process.env);
  db = openDatabase(config.database);
  await migrateToLatest(db);
  await run(db, process.argv.slice(2));
} catch (error) {
  // A refusal of ours, a bad option (parseArgs), a bad configuration: one line each.
  console.error(error instanceof Failure ? error.message : error instanceof Error ? `${error.message}\n${USAGE}` : String(error));
  process.exitCode = 1;
} finally {
  await db?.destroy();
}
