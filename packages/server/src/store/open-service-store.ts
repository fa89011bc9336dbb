import type { ServiceStore } from './service-store.js';
import { openSqliteStore } from './sqlite/open-sqlite-store.js';

/** Whether a database location names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** A database URL fit to print: its password replaced by `****`. */
export function redactDatabaseUrl(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '****';
    for (const name of [...url.searchParams.keys()])
      if (/pass|secret|key/i.test(name)) url.searchParams.set(name, '****');
    return url.href;
  } catch {
    return 'postgres://…';
  }
}

/** How a store is opened. */
export interface OpenStoreOptions {
  /** Connections a PostgreSQL store keeps open at most (default 10). */
  poolSize?: number;
}

/**
 * Opens the store at `location`: a `postgres://` URL (the PostgreSQL client is loaded only
 * then), a SQLite file, or `:memory:`. Migrates the schema to this version first.
 */
export async function openServiceStore(
  location: string,
  options: OpenStoreOptions = {},
): Promise<ServiceStore> {
  if (!isPostgresUrl(location)) return openSqliteStore(location);
  const { openPostgresStore } = await import('./postgres/open-postgres-store.js');
  return openPostgresStore(location, options);
}
