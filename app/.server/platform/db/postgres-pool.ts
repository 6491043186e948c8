import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";

// PostgreSQL connections that outlive the database server's restarts (issue
// 34 point 1). A restart, a failover or a host's maintenance ends every
// connection with an error (57P01 "terminating connection due to
// administrator command"). An idle connection's error reaches the pool,
// which drops it; but a connection that a request holds (between the queries
// of a transaction, or of one request) emits the error on itself, and an
// error event nobody listens to ends the process: two of three server
// processes exited in an outside run. Here every connection gets a listener
// for its whole life, and a statement that failed only because its
// connection was gone is sent again once on a new connection where that is
// safe:
//   - any statement outside a transaction when the connection was known dead
//     before it was sent ("not queryable": nothing reached the server);
//   - outside a transaction, a read (`select`) or the `begin` that opens one,
//     whenever the connection was lost: sending them twice changes nothing.
// A write whose connection was lost while it ran, and anything inside a
// transaction, fails as it did: whether it happened is not known, and the
// transaction is gone with its connection (the database rolled it back).

/** PostgreSQL's codes for a connection that ended or could not begin (class 08, and 57P01–57P03: the server shutting down or starting). */
const LOST_CODES = new Set(["57P01", "57P02", "57P03"]);
/** The operating system's, for a socket closed, refused or unreachable. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** Whether an error says the database could not be reached or the connection ended, rather than that a statement was wrong. */
export function connectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (code.startsWith("08") || LOST_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  return (
    typeof message === "string" &&
    /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect/i.test(message)
  );
}

/** Whether the client knew its connection was dead before the statement was sent (pg refuses it without sending). */
function neverSent(error: unknown): boolean {
  return /not queryable/i.test(String((error as { message?: unknown })?.message ?? ""));
}

/** The first word of a statement, lower case: what it is (select, insert, begin, commit…). */
function verb(text: string): string {
  return /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? "";
}

const onError = (error: Error) => console.error(`PostgreSQL: ${error.message}`);

/**
 * One connection as Kysely's driver holds it: the pool's client, replaced by
 * another when a statement is sent again (see above).
 */
class Connection implements PostgresPoolClient {
  #client: pg.PoolClient;
  readonly #pool: pg.Pool;
  #inTransaction = false;

  constructor(client: pg.PoolClient, pool: pg.Pool) {
    this.#client = client;
    this.#pool = pool;
  }

  /** The server process's id, which Kysely cancels a query by. */
  get processID(): number | undefined {
    return (this.#client as unknown as { processID?: number }).processID;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(text: unknown, values?: ReadonlyArray<unknown>): unknown {
    // A cursor or a query object: passed on as it is (the site sends text).
    if (typeof text !== "string") return this.#client.query(text as never);
    return this.#send(text, values);
  }

  async #send(text: string, values?: ReadonlyArray<unknown>): Promise<unknown> {
    const command = verb(text);
    const opens = command === "begin" || command === "start";
    const closes = command === "commit" || command === "rollback" || command === "end" || command === "abort";
    let result: unknown;
    try {
      result = await this.#client.query(text, values as unknown[]);
    } catch (error) {
      // A transaction is over when its end fails too: the database rolls back what a lost connection held.
      if (closes) this.#inTransaction = false;
      const again = !this.#inTransaction && connectionLost(error) && (neverSent(error) || command === "select" || opens);
      if (!again) throw error;
      // The lost connection is closed for good, and the statement goes once more on a new one.
      this.#client.release(true);
      this.#client = await this.#pool.connect();
      result = await this.#client.query(text, values as unknown[]);
    }
    if (opens) this.#inTransaction = true;
    else if (closes) this.#inTransaction = false;
    return result;
  }

  release(destroy?: boolean | Error): void {
    this.#inTransaction = false;
    this.#client.release(destroy);
  }
}

/**
 * A pool of PostgreSQL connections for Kysely's PostgresDialect: pg's own,
 * with a listener on every connection and statements sent again as above.
 */
export function postgresPool(url: string, max = 10): PostgresPool {
  // A connection that cannot be made in 5 s fails (pg's default waits for ever: a request would hang through an outage).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle connection's error comes to the pool (which drops the connection), a held one's to itself.
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return {
    /** What Kysely cancels a query through (a connection of its own). */
    Client: pg.Client,
    options: pool.options,
    connect: async () => new Connection(await pool.connect(), pool),
    end: () => pool.end(),
  };
}
