import { parseArgs } from 'node:util';
import { UsageError } from '@transloom/client/errors';
import { type ConnectionLimits, resolvePublicUrl, type ServerOptions } from './create-server.js';

/** Settings of the `serve` command. */
export interface ServeSettings {
  host: string;
  port: number;
  server: ServerOptions;
}

/** Text of `--help`. */
export const SERVE_USAGE = `Usage: transloom-server [options]

  --host HOST          address to listen on (default 127.0.0.1)
  --port PORT          port, 0 for a free one (default 8787)
  --database URL|PATH  where the data lives: a PostgreSQL URL (postgres://user@host/db),
                       which any number of replicas may share, or a SQLite file
                       (default :memory:); also TRANSLOOM_DATABASE_URL; --db is the same
  --database-pool N    connections to PostgreSQL this replica keeps at most (default 10)
  --signing-secret S   secret of presigned links (default: one kept in the database,
                       shared by every replica); also TRANSLOOM_SIGNING_SECRET
  --task-lease MS      a replica's hold on a running agent task; a task whose replica
                       died is resumed by another after this long (default 30000)
  --engine NAME|PATH   pseudo (default), identity, upstream (the gateway, below), or a
                       module implementing the engine interface
  --upstream-url URL   with --engine upstream: the service translations are forwarded to
                       (also TRANSLOOM_UPSTREAM_URL)
  --upstream-key KEY   its key (better: TRANSLOOM_UPSTREAM_KEY; never printed)
  --api-key KEY        paid-tier developer key to create when missing (repeatable)
  --free-key KEY       free-tier developer key to create when missing (repeatable)
  --admin-key KEY      admin key to create when missing (repeatable)
  --style-rules FILE   JSON file of style rule lists to seed
  --character-limit N  monthly character limit of the account
  --public-url URL     base URL of the links the service hands out (task pages,
                       results, voice streams), e.g. https://transloom.example.com
                       (default: the address it listens on)
  --headers-timeout MS     time to receive a request's headers (default 10000)
  --request-timeout MS     time to receive a whole request (default 30000)
  --idle-timeout MS        silence allowed on a connection mid-request (default 30000)
  --keep-alive-timeout MS  how long an idle keep-alive connection stays open (default 5000)
  --max-connections N      connections open at once; more are refused (default 512)
  --workers N          worker threads for CPU-heavy work (default 2)
  --work-timeout MS    work of one request is stopped with a 503 after this (default 60000)
  --key-cache-ttl MS   how long a key found once is trusted without asking the database:
                       a key deactivated by another replica stops here after at most
                       this long (default 1000; 0 asks the database on every request)
  --faults             enable fault injection and the request log (for tests);
                       its controls need an admin key

Keys are also read from TRANSLOOM_API_KEY and TRANSLOOM_ADMIN_KEY.
`;

/** Parses `pnpm serve` / `transloom serve` arguments (and key variables of `env`). */
export function parseServerArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): ServeSettings | 'help' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const port = Number(values.port ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got '${values.port}'`);
  }
  let characterLimit: number | null = null;
  if (values['character-limit'] !== undefined) {
    characterLimit = Number(values['character-limit']);
    if (!Number.isSafeInteger(characterLimit) || characterLimit < 0) {
      throw new UsageError(
        `--character-limit must be an integer >= 0, got '${values['character-limit']}'`,
      );
    }
  }
  const connections: Partial<ConnectionLimits> = {};
  for (const [flag, field, min] of CONNECTION_FLAGS) {
    const value = integerFlag(values[flag], flag, min);
    if (value !== undefined) connections[field] = value;
  }
  const workers = integerFlag(values.workers, 'workers', 1);
  const workTimeout = integerFlag(values['work-timeout'], 'work-timeout', 100);
  const keyCacheTtl = integerFlag(values['key-cache-ttl'], 'key-cache-ttl', 0);
  const apiKeys = [...(values['api-key'] ?? [])];
  if (env.TRANSLOOM_API_KEY) apiKeys.push(env.TRANSLOOM_API_KEY);
  const adminKeys = [...(values['admin-key'] ?? [])];
  if (env.TRANSLOOM_ADMIN_KEY) adminKeys.push(env.TRANSLOOM_ADMIN_KEY);
  if (values.db !== undefined && values.database !== undefined)
    throw new UsageError('Give --database or --db, not both: they are the same option');
  const database = values.database ?? values.db ?? env.TRANSLOOM_DATABASE_URL ?? ':memory:';
  const server: ServerOptions = {
    db: database,
    engine: values.engine ?? 'pseudo',
    apiKeys,
    freeKeys: values['free-key'] ?? [],
    adminKeys,
    faults: values.faults ?? false,
    characterLimit,
    connections,
  };
  if (workers !== undefined) server.workers = workers;
  if (workTimeout !== undefined) server.workTimeoutMs = workTimeout;
  if (keyCacheTtl !== undefined) server.keyCacheTtlMs = keyCacheTtl;
  if (values['public-url'] !== undefined) {
    try {
      server.publicUrl = resolvePublicUrl(values['public-url']);
    } catch (error) {
      throw new UsageError(`--public-url: ${(error as Error).message}`);
    }
  }
  if (values['style-rules'] !== undefined) server.styleRules = values['style-rules'];
  const pool = integerFlag(values['database-pool'], 'database-pool', 1);
  if (pool !== undefined) server.databasePoolSize = pool;
  const lease = integerFlag(values['task-lease'], 'task-lease', 100);
  if (lease !== undefined) server.taskLeaseMs = lease;
  const secret = values['signing-secret'] ?? env.TRANSLOOM_SIGNING_SECRET;
  if (secret !== undefined) {
    if (secret.length < 16) throw new UsageError('--signing-secret must be at least 16 characters');
    server.signingSecret = secret;
  }
  const upstream = readUpstream(values, env);
  if (upstream) server.upstream = upstream;
  return { host: values.host ?? '127.0.0.1', port, server };
}

// The gateway's upstream: both URL and key with `--engine upstream`, neither without it.
function readUpstream(
  values: ReturnType<typeof parse>['values'],
  env: NodeJS.ProcessEnv,
): ServerOptions['upstream'] {
  const gateway = values.engine === 'upstream';
  const url = values['upstream-url'] ?? (gateway ? env.TRANSLOOM_UPSTREAM_URL : undefined);
  const key = values['upstream-key'] ?? (gateway ? env.TRANSLOOM_UPSTREAM_KEY : undefined);
  if (!gateway) {
    if (values['upstream-url'] !== undefined || values['upstream-key'] !== undefined)
      throw new UsageError('--upstream-url and --upstream-key go with --engine upstream');
    return undefined;
  }
  if (url === undefined)
    throw new UsageError('--engine upstream needs --upstream-url (or TRANSLOOM_UPSTREAM_URL)');
  if (!key)
    throw new UsageError('--engine upstream needs --upstream-key (or TRANSLOOM_UPSTREAM_KEY)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--upstream-url must be an http(s) URL, got '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--upstream-url must be an http(s) URL, got '${url}'`);
  return { url: parsed.href.replace(/\/+$/, ''), key };
}

const CONNECTION_FLAGS = [
  ['headers-timeout', 'headersTimeoutMs', 100],
  ['request-timeout', 'requestTimeoutMs', 100],
  ['idle-timeout', 'idleTimeoutMs', 100],
  ['keep-alive-timeout', 'keepAliveTimeoutMs', 100],
  ['max-connections', 'maxConnections', 1],
] as const;

function integerFlag(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min)
    throw new UsageError(`--${flag} must be an integer >= ${min}, got '${value}'`);
  return number;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      db: { type: 'string' },
      database: { type: 'string' },
      'database-pool': { type: 'string' },
      'signing-secret': { type: 'string' },
      'task-lease': { type: 'string' },
      'upstream-url': { type: 'string' },
      'upstream-key': { type: 'string' },
      engine: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'free-key': { type: 'string', multiple: true },
      'admin-key': { type: 'string', multiple: true },
      'style-rules': { type: 'string' },
      'character-limit': { type: 'string' },
      faults: { type: 'boolean' },
      'public-url': { type: 'string' },
      'headers-timeout': { type: 'string' },
      'request-timeout': { type: 'string' },
      'idle-timeout': { type: 'string' },
      'keep-alive-timeout': { type: 'string' },
      'max-connections': { type: 'string' },
      workers: { type: 'string' },
      'work-timeout': { type: 'string' },
      'key-cache-ttl': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
