import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A real PostgreSQL cluster started for tests on a loopback port, in a temporary folder. */
export interface PostgresTestCluster {
  port: number;
  /** The URL of one database of the cluster (`postgres` by default). */
  url(database?: string): string;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

// Debian installs each major version under /usr/lib/postgresql/<major>/bin; the newest is used.
function binDir(): string {
  const given = process.env.TRANSLOOM_PG_BIN;
  if (given) return given;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed: install it (Debian: apt-get install postgresql; .ci/run does) or set TRANSLOOM_PG_BIN',
    );
  }
  return join(root, versions[0]!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// initdb refuses to run as root: as root, the cluster belongs to the `postgres` user and its
// programs run as that user.
const asRoot = process.getuid?.() === 0;
function run(program: string, args: readonly string[]): void {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, [...args]];
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`,
    );
  }
}

/**
 * Creates a cluster in a temporary folder (`initdb -A trust`, nothing synced to disk, as the
 * `postgres` user when run as root) and starts it on a free loopback port with its socket in
 * that folder. The caller stops it.
 */
export async function startPostgresCluster(): Promise<PostgresTestCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'transloom-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      run(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      break;
    } catch (error) {
      // Another process may have taken the port in between.
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    port,
    url,
    async createDatabase(prefix = 'test') {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
