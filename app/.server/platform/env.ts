import path from "node:path";

/** The server's configuration, parsed once at start-up from the environment. */
export interface Config {
  port: number;
  /** Interface to listen on; undefined listens on every interface. */
  host: string | undefined;
  /** Absolute path of the folder holding the SQLite database and uploaded files. */
  dataDir: string;
  /** The database: a SQLite file inside dataDir, or a PostgreSQL server. */
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  /** Credentials for the first administrator, used only while none exists. */
  initialAdmin: { username: string; password: string } | undefined;
  /** The public address, when known; an https address makes cookies Secure. */
  siteUrl: URL | undefined;
  /** Limits for uploaded files: bytes per file, and pixels per image (stops decompression bombs). */
  uploads: { maxBytes: number; maxPixels: number };
  /** Largest GEDCOM file (or GEDZIP archive) the administrator may upload. */
  maxGedcomBytes: number;
  /** What a GEDZIP archive may unpack to: bytes in all, and files. */
  gedzip: { maxTotalBytes: number; maxEntries: number };
  /** Where invitations are sent by e-mail from (SMTP_URL, SMTP_FROM); undefined: links are only shown. */
  mail: { url: string; from: string | undefined } | undefined;
  /** Memory for visitors' pages kept as rendered (RENDER_CACHE_MB); 0 renders every request. */
  renderCacheBytes: number;
  /** scrypt's work factor (log2 of N) for new password hashes (PASSWORD_HASH_LOG_N; see passwordHashLogN). */
  passwordHashLogN: number;
  /** Express "trust proxy" value: whether X-Forwarded-* headers are believed. */
  trustProxy: boolean | number;
  production: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Netinkama konfigūracija:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export const MIN_PASSWORD_LENGTH = 8;

type Env = Record<string, string | undefined>;

/** OWASP's recommended minimum for scrypt (N = 2^17, r = 8, p = 1): about 128 MiB and half a second's CPU a hash. */
export const RECOMMENDED_PASSWORD_HASH_LOG_N = 17;
const PASSWORD_HASH_LOG_N_RANGE = [10, 20] as const;

/**
 * scrypt's work factor for new password hashes: PASSWORD_HASH_LOG_N, 17 when
 * unset, null when not a whole number from 10 to 20. A stronger server may
 * raise it. The test suites lower it to 10 (a millisecond a hash): they log in
 * some thousand times, and at 17 the hashing was minutes of their CPU. Each
 * stored hash names its own factor, so passwords hashed under another setting
 * keep working.
 */
export function passwordHashLogN(env: Env): number | null {
  const raw = env.PASSWORD_HASH_LOG_N?.trim();
  if (!raw) return RECOMMENDED_PASSWORD_HASH_LOG_N;
  const n = Number(raw);
  const [min, max] = PASSWORD_HASH_LOG_N_RANGE;
  return /^\d+$/.test(raw) && n >= min && n <= max ? n : null;
}

/**
 * The environment of a process the server starts for its own work (an
 * import, the tree's indexes): the server's own configuration, whatever the
 * environment said.
 */
export function childEnvironment(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: config.dataDir,
    ...(config.database.kind === "postgres" ? { DATABASE_URL: config.database.url } : {}),
  };
}

/**
 * Parses the environment into a Config, collecting every problem before
 * failing so an operator can fix them all in one go.
 */
export function parseConfig(env: Env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };

  let port = 3000;
  const rawPort = value("PORT");
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) {
      problems.push(`PORT turi būti sveikasis skaičius nuo 0 iki 65535 (dabar „${rawPort}“).`);
    }
  }

  const dataDir = path.resolve(cwd, value("DATA_DIR") ?? "data");

  let database: Config["database"] = { kind: "sqlite", file: path.join(dataDir, "database.sqlite") };
  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl !== undefined) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
      database = { kind: "postgres", url: databaseUrl };
    } else {
      problems.push("DATABASE_URL turi prasidėti „postgres://“ arba „postgresql://“ (SQLite naudojamas, kai jis nenurodytas).");
    }
  }

  const username = value("ADMIN_USERNAME");
  // The password is taken as given: leading or trailing spaces may be intended.
  const password = env.ADMIN_PASSWORD || undefined;
  let initialAdmin: Config["initialAdmin"];
  if (username !== undefined && password !== undefined) {
    if (password.length < MIN_PASSWORD_LENGTH) {
      problems.push(`ADMIN_PASSWORD turi būti bent ${MIN_PASSWORD_LENGTH} simbolių ilgio.`);
    }
    initialAdmin = { username, password };
  } else if (username !== undefined || password !== undefined) {
    problems.push("ADMIN_USERNAME ir ADMIN_PASSWORD nurodomi kartu arba visai nenurodomi.");
  }

  let siteUrl: URL | undefined;
  const rawSiteUrl = value("SITE_URL");
  if (rawSiteUrl !== undefined) {
    try {
      siteUrl = new URL(rawSiteUrl);
      if (siteUrl.protocol !== "http:" && siteUrl.protocol !== "https:") throw new Error();
    } catch {
      siteUrl = undefined;
      problems.push(`SITE_URL turi būti pilnas http:// arba https:// adresas (dabar „${rawSiteUrl}“).`);
    }
  }

  const positiveNumber = (name: string, fallback: number, unit: string) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) {
      problems.push(`${name} turi būti teigiamas skaičius (${unit}; dabar „${raw}“).`);
      return fallback;
    }
    return n;
  };
  const uploads = {
    maxBytes: Math.round(positiveNumber("MAX_UPLOAD_MB", 30, "megabaitais") * 1024 * 1024),
    maxPixels: Math.round(positiveNumber("MAX_IMAGE_MEGAPIXELS", 100, "megapikseliais") * 1_000_000),
  };

  const maxGedcomBytes = Math.round(positiveNumber("MAX_GEDCOM_MB", 200, "megabaitais") * 1024 * 1024);
  const gedzip = {
    maxTotalBytes: Math.round(positiveNumber("MAX_GEDZIP_MB", 1024, "megabaitais") * 1024 * 1024),
    maxEntries: Math.round(positiveNumber("MAX_GEDZIP_FILES", 10_000, "failais")),
  };

  let renderCacheBytes = 64 * 1024 * 1024;
  const rawCache = value("RENDER_CACHE_MB");
  if (rawCache !== undefined) {
    const n = Number(rawCache);
    if (!Number.isFinite(n) || n < 0)
      problems.push(`RENDER_CACHE_MB turi būti skaičius, 0 arba didesnis (megabaitais; dabar „${rawCache}“).`);
    else renderCacheBytes = Math.round(n * 1024 * 1024);
  }

  let mail: Config["mail"];
  const rawSmtp = value("SMTP_URL");
  const from = value("SMTP_FROM");
  if (rawSmtp !== undefined) {
    let protocol = "";
    try {
      protocol = new URL(rawSmtp).protocol;
    } catch {
      // reported below
    }
    if (protocol === "smtp:" || protocol === "smtps:") mail = { url: rawSmtp, from };
    else problems.push("SMTP_URL turi būti smtp:// arba smtps:// adresas, pvz., smtps://vartotojas:slaptažodis@smtp.example.lt.");
  }
  if (from !== undefined && !/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from)) {
    problems.push(`SMTP_FROM turi būti el. pašto adresas, pvz., „Giminės svetainė <seima@example.lt>“ (dabar „${from}“).`);
  }

  let trustProxy: boolean | number = false;
  const rawTrustProxy = value("TRUST_PROXY");
  if (rawTrustProxy !== undefined) {
    if (rawTrustProxy === "true") trustProxy = true;
    else if (rawTrustProxy === "false") trustProxy = false;
    else if (/^\d+$/.test(rawTrustProxy)) trustProxy = Number(rawTrustProxy);
    else problems.push(`TRUST_PROXY turi būti „true“, „false“ arba tarpinių serverių skaičius (dabar „${rawTrustProxy}“).`);
  }

  const hashLogN = passwordHashLogN(env);
  if (hashLogN === null) {
    problems.push(
      `PASSWORD_HASH_LOG_N turi būti sveikasis skaičius nuo ${PASSWORD_HASH_LOG_N_RANGE[0]} iki ${PASSWORD_HASH_LOG_N_RANGE[1]} ` +
        `(rekomenduojama ${RECOMMENDED_PASSWORD_HASH_LOG_N}; dabar „${env.PASSWORD_HASH_LOG_N}“).`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host: value("HOST"),
    dataDir,
    database,
    initialAdmin,
    siteUrl,
    uploads,
    maxGedcomBytes,
    gedzip,
    mail,
    renderCacheBytes,
    passwordHashLogN: hashLogN ?? RECOMMENDED_PASSWORD_HASH_LOG_N,
    trustProxy,
    production: env.NODE_ENV !== "development",
  };
}
