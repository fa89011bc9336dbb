import type { DatabaseSyncInstance, StatementSyncInstance } from '@photostructure/sqlite';
import { InternalError } from '@transloom/client/errors';
import { loadSqliteDriver, type SqliteDriverName } from './sqlite-driver.js';

/** A value SQLite binds or returns (a BLOB comes back as a `Uint8Array`). */
export type SqlValue = null | number | bigint | string | Uint8Array;

/** What a statement that writes reports (numbers: no connection here reads big integers). */
export interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number;
}

/** A prepared statement: compiled once, run many times with positional parameters. */
export interface SqliteStatement {
  /** Runs a statement that writes. */
  run(...params: SqlValue[]): SqliteRunResult;
  /** The first row, or `undefined`. */
  get(...params: SqlValue[]): unknown;
  /** Every row. */
  all(...params: SqlValue[]): unknown[];
}

/** How a database is opened. */
export interface OpenSqliteOptions {
  /** Open for reading only (another process may be writing). */
  readOnly?: boolean;
  /** A driver to use when this process has it (tests); otherwise the default one. */
  driver?: SqliteDriverName;
}

/**
 * One SQLite connection, whichever driver opened it, with the two helpers the stores need
 * beyond statements: nested transactions and pragmas.
 */
export class SqliteConnection {
  /** The driver that opened it. */
  readonly driver: SqliteDriverName;
  private readonly db: DatabaseSyncInstance;
  private depth = 0;
  private open = true;

  constructor(path: string, options: OpenSqliteOptions = {}) {
    const driver = loadSqliteDriver(options.driver);
    this.driver = driver.name;
    this.db = new driver.DatabaseSync(path, { readOnly: options.readOnly === true });
  }

  /** Runs one or more statements that return nothing. */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Compiles a statement. */
  prepare(sql: string): SqliteStatement {
    return this.db.prepare(sql) as StatementSyncInstance as unknown as SqliteStatement;
  }

  /** Runs `PRAGMA source`: every row, or with `simple` the first column of the first row. */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const statement = this.db.prepare(`PRAGMA ${source}`);
    if (!options.simple) return statement.all();
    const row = statement.get() as Record<string, unknown> | undefined;
    return row === undefined ? undefined : Object.values(row)[0];
  }

  /**
   * Wraps `fn` so that each call runs in one transaction: committed when it returns, rolled
   * back when it throws. A call inside another is a savepoint of the outer one. `fn` must be
   * synchronous: SQLite's transaction is this connection's, and an `await` would let other
   * work of the event loop into it.
   */
  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return (...args: A): T => {
      const name = `t${this.depth}`;
      const outer = this.depth === 0;
      this.db.exec(outer ? 'BEGIN' : `SAVEPOINT ${name}`);
      this.depth++;
      let result: T;
      try {
        result = fn(...args);
        if (result instanceof Promise)
          throw new InternalError('a SQLite transaction function must not be async');
      } catch (error) {
        this.depth--;
        this.db.exec(outer ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`);
        throw error;
      }
      this.depth--;
      try {
        this.db.exec(outer ? 'COMMIT' : `RELEASE ${name}`);
      } catch (error) {
        // A commit that fails (the disk is full, the database busy) leaves nothing half done;
        // SQLite may have rolled back already, so a failing ROLLBACK is no news.
        if (outer) {
          try {
            this.db.exec('ROLLBACK');
          } catch {}
        }
        throw error;
      }
      return result;
    };
  }

  /** Whether the connection is open. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Closes the connection (its statements with it); closing again does nothing. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.db.close();
  }
}

/** Opens (or creates) the SQLite database at `path` (`:memory:` for one in memory). */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteConnection {
  return new SqliteConnection(path, options);
}
