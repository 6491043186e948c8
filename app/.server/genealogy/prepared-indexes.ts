import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { childEnvironment, type Config } from "#app/.server/platform/env.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import type { Viewer } from "./living.ts";
import type { PlaceCount } from "./places.ts";
import { publicExport, publishedTag } from "./published.ts";
import type { Bearers, SurnameCount } from "./surnames.ts";
import type { TreeStatistics } from "./tree-statistics.ts";
import { treeQueries } from "./family-graph.ts";
import { currentTreeId } from "./trees.ts";

// The tree's whole-tree indexes, made before anyone asks (issue 33, decision
// 043): the published list of people (whom a visitor may see in full: the
// living rule over every person, seconds at 100,000 people), each surname's
// bearers, and for each audience the surnames, the places and the statistics. One process builds
// them after a change (the one that holds the claim, a row of the same table),
// stores them as one set under the tag they were computed for
// (prepared_indexes, one transaction), and every process reads that set. A
// request never computes them: until the new set is ready, the previous is
// served, and the render cache keeps pages under the set's tag too (so a page
// rendered from the previous set is not kept as the new version's).
//
// A small tree is built in the server's own process and a request waits for
// it (tens of milliseconds: an editor sees their change at once); a larger
// one in a child process (prepared-indexes-child.ts), where its seconds of
// work hold up no request, and with it the public GEDCOM file.

/** Whom the indexes are built for: what a visitor, a member and an editor (or the administrator) may see differ. */
export type Audience = "lankytojas" | "narys" | "redaktorius";

export interface AudienceIndexes {
  surnames: SurnameCount[];
  places: PlaceCount[];
  statistics: TreeStatistics;
}

/** The published list: the tree it is of, how many people it has, and those a visitor may see in full. */
export interface PublishedList {
  treeId: number | null;
  people: number;
  ids: number[];
}

/** What the builder's child writes to its output once the set is stored, before it makes the public GEDCOM file. */
export const INDEXES_STORED = "rodyklės išsaugotos";

/** Up to this many people, a tree is built in the server's process and requests wait for it. */
export const IN_PROCESS_PEOPLE = 2000;
/** How often each process looks whether the set is behind (another process's change, the date). */
const LOOK_EVERY_MS = 5000;
/** How long a claim holds without being renewed: a builder that died frees it after this. */
const CLAIM_MS = 120_000;
/** After a failed build, the next waits this long: a failing tree does not spin. */
const AFTER_FAILURE_MS = 60_000;
/** The claim's row among the set's (its tag: until when, and whose). */
const CLAIM = "claim";
/** How long after finding the claim another's this process waits before asking again. */
const CLAIM_RETRY_MS = 1000;

export function audienceOf(viewer: Pick<Viewer, "members" | "seesPrivate">): Audience {
  return viewer.seesPrivate ? "redaktorius" : viewer.members ? "narys" : "lankytojas";
}

export function viewerOf(audience: Audience, livingYears: number): Viewer {
  return { members: audience !== "lankytojas", seesPrivate: audience === "redaktorius", livingYears };
}

/** How many people the current tree has (the count it keeps of itself); 0 when there is none. */
export async function currentTreeSize(db: Database): Promise<number> {
  const treeId = await currentTreeId(db);
  if (treeId === null) return 0;
  return (await treeQueries.peopleCount(db, treeId).executeTakeFirst())?.people ?? 0;
}

/** The tag of the set stored now; null before the first. */
export async function preparedTag(db: Database): Promise<string | null> {
  const row = await db.selectFrom("preparedIndexes").select("tag").where("name", "=", "published").executeTakeFirst();
  return row?.tag ?? null;
}

/** What the render cache keeps pages under: what is published now, and the set of indexes its pages are rendered from. */
export async function renderTag(db: Database): Promise<string> {
  const [published, prepared] = await Promise.all([publishedTag(db), preparedTag(db)]);
  return `${published}.${prepared ?? "-"}`;
}

/** Builds the set when it is behind, in one process at a time. */
export class IndexBuilder {
  readonly #db: Database;
  readonly #buildHere: () => Promise<unknown>;
  readonly #child: { config: Config; root: string } | null;
  readonly inProcessUpTo: number;
  readonly #owner = randomUUID();
  #running: Promise<boolean> | null = null;
  #failedAt = 0;
  #refusedAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  #childProcess: ReturnType<typeof spawn> | null = null;
  /** A child that has stored its set and is making the public GEDCOM file of its version. */
  #exporting: ReturnType<typeof spawn> | null = null;

  /**
   * `buildHere` builds the set in this process (index-build.ts); `child`,
   * when given, is where a tree of more than `inProcessUpTo` people is built
   * instead.
   */
  constructor(db: Database, buildHere: () => Promise<unknown>, child: { config: Config; root: string } | null, inProcessUpTo: number) {
    this.#db = db;
    this.#buildHere = buildHere;
    this.#child = child;
    this.inProcessUpTo = inProcessUpTo;
  }

  /** Looks every few seconds whether the set is behind (a change made by another process, a new day). */
  watch(): void {
    this.refresh();
    this.#timer = setInterval(() => this.refresh(), LOOK_EVERY_MS);
    this.#timer.unref();
  }

  /** Starts a build in the background when the set is behind. */
  refresh(): void {
    this.build().catch((error: unknown) => {
      // A child stopped with the server is no failure.
      if (!this.#stopped) console.error(error);
    });
  }

  /**
   * Builds while the set is behind and this process holds the claim; resolves
   * when it is done (true) or at once when the set is current or another
   * process holds the claim (false).
   */
  build(): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    this.#running ??= this.#buildWhileBehind().finally(() => (this.#running = null));
    return this.#running;
  }

  async #buildWhileBehind(): Promise<boolean> {
    const db = this.#db;
    let built = false;
    if (Date.now() - this.#failedAt < AFTER_FAILURE_MS) return built;
    // While another process builds, the claim is asked for at most once a second (it is a write).
    if (Date.now() - this.#refusedAt < CLAIM_RETRY_MS) return built;
    while (!this.#stopped && (await preparedTag(db)) !== (await publishedTag(db))) {
      if (!(await this.#claim())) {
        this.#refusedAt = Date.now();
        return built;
      }
      const renew = setInterval(() => void this.#claim().catch(() => {}), CLAIM_MS / 3);
      try {
        const people = await currentTreeSize(db);
        if (this.#child && people > this.inProcessUpTo) await this.#inChild(this.#child);
        else await this.#buildHere();
        built = true;
      } catch (error) {
        this.#failedAt = Date.now();
        throw error;
      } finally {
        clearInterval(renew);
        await db.deleteFrom("preparedIndexes").where("name", "=", CLAIM).where("tag", "like", `% ${this.#owner}`).execute();
      }
    }
    return built;
  }

  /** Takes (or renews) the claim to build: free, run out, or already this builder's. */
  async #claim(): Promise<boolean> {
    const now = new Date();
    const value = `${new Date(now.getTime() + CLAIM_MS).toISOString()} ${this.#owner}`;
    await this.#db
      .insertInto("preparedIndexes")
      .values({ name: CLAIM, tag: value, value: "", builtAt: now.toISOString() })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ tag: value })
          .where((eb) => eb.or([eb("preparedIndexes.tag", "<", now.toISOString()), eb("preparedIndexes.tag", "like", `% ${this.#owner}`)])),
      )
      .execute();
    const row = await this.#db.selectFrom("preparedIndexes").select("tag").where("name", "=", CLAIM).executeTakeFirst();
    return row?.tag === value;
  }

  /**
   * Builds the set in a child process; resolves once the child has stored it
   * (it then goes on to make the public GEDCOM file). A child still making an
   * older version's file is stopped first: the tree has changed since, and
   * the next set should not wait for seconds of an export nobody will be
   * served (the previous file is served until the new one is made).
   */
  #inChild({ config, root }: { config: Config; root: string }): Promise<void> {
    this.#exporting?.kill("SIGTERM");
    const script = path.join(root, "app/.server/genealogy/index-build-child.ts");
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [script], {
        cwd: root,
        env: childEnvironment(config),
        stdio: ["ignore", "pipe", "pipe"],
      });
      this.#childProcess = child;
      let out = "";
      let err = "";
      let stored = false;
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        if (!stored && out.includes(INDEXES_STORED)) {
          stored = true;
          this.#childProcess = null;
          this.#exporting = child;
          resolve();
        }
      });
      child.stderr!.on("data", (chunk) => (err += chunk));
      child.on("error", reject);
      child.on("close", (code, signal) => {
        if (this.#childProcess === child) this.#childProcess = null;
        if (this.#exporting === child) this.#exporting = null;
        if (!stored) {
          reject(new Error(`Indeksų kūrimo procesas nepavyko (išėjo ${code ?? signal}): ${err}`));
        } else if (code !== 0 && !child.killed) {
          // The set is stored; the file is not: the previous one is still served, and the next change tries again.
          console.error(`Viešo GEDCOM failo kūrimas nepavyko (išėjo ${code ?? signal}): ${err}`);
        }
      });
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#childProcess?.kill();
    const exporting = this.#exporting;
    if (exporting) {
      // Waited for: it holds a connection to the database, and files in DATA_DIR.
      const exited = new Promise((resolve) => exporting.once("close", resolve));
      exporting.kill("SIGTERM");
      await exited;
    }
    await this.#running?.catch(() => {});
  }
}

const builders = new WeakMap<Database, IndexBuilder>();

/** Makes `builder` the one that builds this database's set, for every request made with it (index-build.ts starts them). */
export function registerIndexBuilder(db: Database, builder: IndexBuilder): void {
  builders.set(db, builder);
}

/** After a change: the set is rebuilt in the background at once, not at the next look. */
export function refreshIndexes(db: Database): void {
  builders.get(db)?.refresh();
}

function builderOf(db: Database): IndexBuilder {
  const builder = builders.get(db);
  if (!builder) throw new Error("Šiai duomenų bazei nepaleistas medžio rodyklių kūrėjas (index-build.ts)");
  return builder;
}

/** The set this process has read, per database: parsed once per tag. */
const held = new WeakMap<Database, { tag: string; values: Map<string, unknown> }>();

/** How long a request waits for another process's first build before it gives up with an error. */
const FIRST_BUILD_WAIT_MS = 300_000;

/** How long a request on a small tree waits for its build before it takes the previous set. */
const SMALL_BUILD_WAIT_MS = 10_000;

/**
 * The stored set's value of `name`, read with this rule: while the set is
 * behind, a build is started and the previous set served, except when there
 * is none yet, or the set is of another tree, or the tree is small: then the
 * request waits for it.
 */
async function prepared<T>(db: Database, name: string, treeId?: number): Promise<T> {
  const builder = builderOf(db);
  const [wanted, stored] = await Promise.all([publishedTag(db), preparedTag(db)]);
  let tag = stored;
  if (stored === null) tag = await waitForBuild(db, builder, null, FIRST_BUILD_WAIT_MS);
  else if (treeId !== undefined && (await heldValue<PublishedList>(db, stored, "published")).treeId !== treeId) {
    tag = await waitForBuild(db, builder, stored, FIRST_BUILD_WAIT_MS);
  } else if (stored !== wanted) {
    if ((await heldValue<PublishedList>(db, stored, "published")).people <= builder.inProcessUpTo) {
      tag = await waitForBuild(db, builder, stored, SMALL_BUILD_WAIT_MS);
    } else builder.refresh();
  }
  return heldValue<T>(db, tag!, name);
}

/**
 * Waits for a set newer than `stored`, built here or by another process; the
 * newest stored tag. After `patience`, or when this process's build fails,
 * the set there is (the previous) is served, if there is one.
 */
async function waitForBuild(db: Database, builder: IndexBuilder, stored: string | null, patience: number): Promise<string> {
  const started = Date.now();
  for (;;) {
    let failure: unknown = null;
    await builder.build().catch((error: unknown) => (failure = error));
    const now = await preparedTag(db);
    if (now !== null && (now !== stored || now === (await publishedTag(db)))) return now;
    if (failure !== null || Date.now() - started > patience) {
      if (now !== null) return now;
      throw failure ?? new Error("Medžio rodyklės dar neparuoštos");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function heldValue<T>(db: Database, tag: string, name: string): Promise<T> {
  let set = held.get(db);
  if (set?.tag !== tag) held.set(db, (set = { tag, values: new Map() }));
  if (!set.values.has(name)) {
    const row = await db.selectFrom("preparedIndexes").select(["tag", "value"]).where("name", "=", name).executeTakeFirst();
    // A newer set replaced this one meanwhile: its value serves as well.
    if (!row) throw new Error(`Paruoštų rodyklių rinkinyje nėra „${name}“`);
    set.values.set(name, JSON.parse(row.value));
  }
  return set.values.get(name) as T;
}

/** The ids of the people a visitor may see in full (the current tree's), and the tag of the set they are from. */
export async function publicPeople(db: Database): Promise<{ tag: string; ids: number[] }> {
  const list = await prepared<PublishedList>(db, "published");
  return { tag: held.get(db)!.tag, ids: list.ids };
}

/** The published list as a set, made once per list (100,000 ids take milliseconds to put in one). */
const publishedSets = new WeakMap<number[], Set<number>>();

/** Whether a visitor may see this person in full, by the published list. */
export async function publishedTest(db: Database): Promise<(id: number) => boolean> {
  const { ids } = await publicPeople(db);
  let set = publishedSets.get(ids);
  if (!set) publishedSets.set(ids, (set = new Set(ids)));
  return (id) => set.has(id);
}

/** A value of the set of the current tree (`treeId`), waiting for that tree's set when the stored one is of another. */
async function ofTree<T>(db: Database, treeId: number, name: string): Promise<T> {
  const list = await prepared<PublishedList>(db, "published", treeId);
  // Only when the current tree changed again while the request waited for this one's set.
  if (list.treeId !== treeId) throw new Error("Dabartinis medis pasikeitė, kol buvo ruošiamos jo rodyklės");
  return prepared<T>(db, name, treeId);
}

/** The surnames, places and statistics of the current tree (`treeId`) as `viewer` may see them. */
export function treeIndexes(db: Database, treeId: number, viewer: Viewer): Promise<AudienceIndexes> {
  return ofTree<AudienceIndexes>(db, treeId, audienceOf(viewer));
}

/** The bearers of a surname (by surnameKey) in the current tree (`treeId`), whoever looks: the surname's page filters them. */
export async function surnameBearersOf(db: Database, treeId: number, key: string): Promise<Bearers> {
  return (await ofTree<Record<string, Bearers>>(db, treeId, "bearers"))[key] ?? { ids: [], spellings: [] };
}

/**
 * The public GEDCOM file. A small tree's is made when asked (seconds at most);
 * a large one's by the builder's child after each change: until it is there,
 * the previous file is served, and only before the first does a request wait.
 */
export async function publicGedcom(db: Database, store: MediaStore, cacheDir: string): Promise<{ tag: string; file: string } | null> {
  const builder = builderOf(db);
  const list = await prepared<PublishedList>(db, "published");
  if (list.people <= builder.inProcessUpTo) return publicExport(db, store, cacheDir);
  const started = Date.now();
  for (;;) {
    const tag = await publishedTag(db);
    const names = await fs.readdir(cacheDir).catch(() => [] as string[]);
    const file = names.find((name) => name === `viesas-${tag}.ged`) ?? names.find((name) => /^viesas-[\w-]+\.ged$/.test(name));
    if (file) return { tag: file.slice("viesas-".length, -".ged".length), file: path.join(cacheDir, file) };
    if (list.treeId === null) return null;
    builder.refresh();
    if (Date.now() - started > FIRST_BUILD_WAIT_MS) throw new Error("Viešas GEDCOM dar neparuoštas");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
