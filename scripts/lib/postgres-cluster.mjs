// A throwaway PostgreSQL cluster for benchmarks: Debian's binaries, a temporary folder owned by
// the `postgres` user (initdb refuses root), a free loopback port, nothing synced to disk;
// stopped and removed when this process exits. Commits are not waited for on disk
// (synchronous_commit=off), as SQLite in WAL mode with synchronous=NORMAL does not either. The tests have the same in
// packages/server/src/test-support/postgres-server.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

function binDir() {
  if (process.env.TRANSLOOM_PG_BIN) return process.env.TRANSLOOM_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  return join(root, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;
function run(program, args) {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Starts a cluster; resolves with `{ url(database), createDatabase(name), stop() }`. */
export async function startPostgresCluster() {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'transloom-bench-pg-'));
  if (asRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
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
  const port = await freePort();
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c synchronous_commit=off`,
    '-w',
    'start',
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.on('exit', stop);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase(name) {
      run(join(bin, 'createdb'), ['-h', dir, '-p', String(port), '-U', 'postgres', name]);
      return url(name);
    },
    stop,
  };
}
