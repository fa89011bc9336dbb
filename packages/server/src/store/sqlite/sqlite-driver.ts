import { createRequire } from 'node:module';
import type { DatabaseSync } from '@photostructure/sqlite';
import { TransloomError } from '@transloom/client/errors';

/**
 * Where SQLite comes from: Node's built-in `node:sqlite` (Node 22.13 and later), or
 * `@photostructure/sqlite`, a port of that same module whose npm package carries prebuilt
 * binaries, for older Node (20). Both have one API, so every store is written once.
 */
export type SqliteDriverName = 'node:sqlite' | '@photostructure/sqlite';

/** A loaded driver: its name and its `DatabaseSync` class. */
export interface SqliteDriver {
  name: SqliteDriverName;
  DatabaseSync: typeof DatabaseSync;
}

const require = createRequire(import.meta.url);
const PORT_PACKAGE = '@photostructure/sqlite';

// Node 22 and 24 print "SQLite is an experimental feature" once when the module first loads;
// the API the stores use has not changed since it was unflagged, and a command's stderr is the
// user's, so only that one warning is held back while the module loads.
function withoutSqliteWarning<T>(load: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string })?.type;
    if (type === 'ExperimentalWarning' && /\bSQLite\b/.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return load();
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Node's own module, when this Node has it without a flag (22.13+, 23.4+). */
function builtinDriver(): SqliteDriver | undefined {
  const builtin = withoutSqliteWarning(
    () =>
      process.getBuiltinModule('node:sqlite') as { DatabaseSync: typeof DatabaseSync } | undefined,
  );
  return builtin ? { name: 'node:sqlite', DatabaseSync: builtin.DatabaseSync } : undefined;
}

/** The ported module (an optional dependency): absent when installed with `--omit=optional`. */
function portDriver(): { driver?: SqliteDriver; error?: unknown } {
  try {
    const port = require(PORT_PACKAGE) as { DatabaseSync: typeof DatabaseSync };
    return { driver: { name: PORT_PACKAGE, DatabaseSync: port.DatabaseSync } };
  } catch (error) {
    return { error };
  }
}

const loaded = new Map<string, SqliteDriver>();

/**
 * The SQLite driver of this process: `prefer` names one to use when it is available (tests run
 * both where both are), otherwise Node's built-in module when it has one, else the port.
 * Throws `TRANSLOOM_SQLITE_UNAVAILABLE` when there is neither.
 */
export function loadSqliteDriver(prefer?: SqliteDriverName): SqliteDriver {
  const key = prefer ?? 'default';
  const cached = loaded.get(key);
  if (cached) return cached;
  const builtin = prefer === PORT_PACKAGE ? undefined : builtinDriver();
  const port = builtin ? {} : portDriver();
  const driver = builtin ?? port.driver;
  if (!driver) {
    throw new TransloomError(
      'TRANSLOOM_SQLITE_UNAVAILABLE',
      `The local service keeps its data in SQLite, and Node.js ${process.version} has no ` +
        `node:sqlite (Node 22.13 and later have it) while ${PORT_PACKAGE}, the optional ` +
        `dependency that brings it to older Node, could not be loaded on ` +
        `${process.platform}-${process.arch}: install without --omit=optional, or use Node 22.13 or later.`,
      { kind: 'user', cause: port.error },
    );
  }
  loaded.set(key, driver);
  return driver;
}

/** The drivers this process can load, for tests that run the stores on each. */
export function availableSqliteDrivers(): SqliteDriverName[] {
  const names: SqliteDriverName[] = [];
  if (builtinDriver()) names.push('node:sqlite');
  if (portDriver().driver) names.push(PORT_PACKAGE);
  return names;
}
