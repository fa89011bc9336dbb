import { createHash } from 'node:crypto';
import pg from 'pg';
import { HttpError } from '../../http/http-error.js';

/** A value bound to a query parameter. */
export type PgValue = string | number | boolean | null | Buffer | Uint8Array | readonly string[];

/** Something queries run on: the pool, or one connection inside a transaction. */
export interface PgQueryable {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig<PgValue[]>): Promise<pg.QueryResult<R>>;
}

// BIGINT and NUMERIC (what SUM returns) come back as numbers: the service counts characters
// and milliseconds, far below 2^53. Set per pool, never on the module's global parsers.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

// Each statement is prepared once per connection under a name derived from its text.
function named(sql: string, params: readonly PgValue[]): pg.QueryConfig<PgValue[]> {
  const name = `t${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
  return { name, text: sql, values: [...params] };
}

// SQLSTATE classes and socket errors that mean the database cannot be reached right now
// (connection exceptions, a server shutting down or starting, too many connections).
const UNAVAILABLE = /^(08|57P0[1-4]|53300)|^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/;

/**
 * A database that cannot be reached is the contract's 503 with Retry-After, which clients
 * retry, rather than a 500; anything else is passed on as it is.
 */
export function databaseFailure(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (
    (typeof code === 'string' && UNAVAILABLE.test(code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(message)
  ) {
    return new HttpError(503, 'The database is unavailable; retry shortly', {
      headers: { 'retry-after': '1' },
      cause: error,
    });
  }
  return error;
}

/** Runs queries on a PostgreSQL pool (or on one connection of it, in a transaction). */
export class PgSession {
  constructor(protected readonly target: PgQueryable) {}

  /** Every row of a query. */
  async rows<R extends pg.QueryResultRow>(sql: string, params: PgValue[] = []): Promise<R[]> {
    return (await this.query<R>(sql, params)).rows;
  }

  private async query<R extends pg.QueryResultRow>(
    sql: string,
    params: PgValue[],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await this.target.query<R>(named(sql, params));
    } catch (error) {
      throw databaseFailure(error);
    }
  }

  /** The first row of a query, or undefined. */
  async row<R extends pg.QueryResultRow>(
    sql: string,
    params: PgValue[] = [],
  ): Promise<R | undefined> {
    return (await this.rows<R>(sql, params))[0];
  }

  /** Runs a statement that writes; returns how many rows it changed. */
  async run(sql: string, params: PgValue[] = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  /** Takes a lock held until the transaction ends (call inside {@link PostgresDatabase.transaction}). */
  async lock(name: string): Promise<void> {
    await this.run('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
  }
}

/** The pool every PostgreSQL store shares. */
export class PostgresDatabase extends PgSession {
  constructor(readonly pool: pg.Pool) {
    super(pool as unknown as PgQueryable);
  }

  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws.
   */
  async transaction<T>(fn: (tx: PgSession) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((error: unknown) => {
      throw databaseFailure(error);
    });
    // A connection that dies while checked out between two queries emits an error with no
    // query to fail: the next query (or COMMIT) reports it, and the process must not crash.
    const ignore = () => undefined;
    client.on('error', ignore);
    try {
      await client.query('BEGIN');
      const result = await fn(new PgSession(client as unknown as PgQueryable));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', ignore);
      client.release();
    }
  }

  /** Closes every connection. */
  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Opens a pool of at most `size` connections to `url` (nothing connects until the first query). */
export function openPostgresPool(url: string, size: number): PostgresDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    types,
    application_name: 'transloom',
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server drops (a restart, a failover) must not take the process
  // down: the pool replaces it, and the next query reports the problem if it lasts.
  pool.on('error', () => undefined);
  return new PostgresDatabase(pool);
}
