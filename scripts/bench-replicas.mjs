#!/usr/bin/env node
// The service on PostgreSQL against the service on SQLite, and two replicas against one, each
// replica the built server in its own process, every configuration reached through the same
// round-robin loopback balancer (its own process), on one machine:
// - requests per second and p50/p99 latency of one replica on SQLite (a file), one on
//   PostgreSQL, and two on one PostgreSQL database;
// - the load average and the cores beside each figure: on a machine shared with other work
//   the figures move with it.
// The request is what a team's CI sends through a gateway: POST /v2/translate with 10 short UI
// strings (pseudo engine), by a developer key with a monthly limit, so each request
// authenticates, is checked and charged against the limit in one step, and is translated.
// Run with `pnpm bench:replicas` (after `pnpm build`); BENCH_SECONDS (default 8) and
// BENCH_CONNECTIONS (default 32) change the load.
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpLoad } from './lib/http-load.mjs';
import { startPostgresCluster } from './lib/postgres-cluster.mjs';
import { startListening } from './lib/start-listening.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN = 'bench-replicas-admin-key';

const start = startListening;

const replica = (database) =>
  start([
    'packages/server/dist/bin.js',
    '--port',
    '0',
    '--database',
    database,
    '--admin-key',
    ADMIN,
    // A key of its own keeps the start-up notice about keys quiet; the bench makes its own.
    '--api-key',
    'bench-replicas-unused-key',
  ]);
const balancer = (backends) =>
  start(['scripts/lib/loopback-balancer.mjs', ...backends.map((b) => b.url)]);

async function json(url, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Service-Auth-Key ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

// A developer key with a (never reached) monthly limit, so every charge takes the limit's path.
async function limitedKey(url) {
  const created = await json(url, 'POST', '/v2/admin/developer-keys', { label: 'bench' });
  await json(url, 'PUT', '/v2/admin/developer-keys/limits', {
    key_id: created.key_id,
    characters: 1_000_000_000_000,
  });
  return created.key;
}

const body = Buffer.from(
  JSON.stringify({
    text: Array.from({ length: 10 }, (_, i) => `Save your changes to item ${i} before you leave`),
    source_lang: 'EN',
    target_lang: 'DE',
  }),
);

// A closed loop: CONNECTIONS clients send back to back over keep-alive until the time is up.
const load = (url, key, seconds) =>
  httpLoad(new URL('/v2/translate', url).href, {
    key,
    body,
    connections: CONNECTIONS,
    durationMs: seconds * 1000,
  });

async function measure(name, replicas) {
  const front = await balancer(replicas);
  const key = await limitedKey(replicas[0].url);
  await load(front.url, key, Math.min(2, SECONDS)); // warm-up: connections, JIT, workers
  const before = loadavg()[0];
  const result = await load(front.url, key, SECONDS);
  const after = loadavg()[0];
  await front.stop();
  for (const r of replicas) await r.stop();
  return { name, ...result, load: `${before.toFixed(2)} -> ${after.toFixed(2)}` };
}

const cluster = await startPostgresCluster();
const rows = [];
try {
  const sqliteFile = join(mkdtempSync(join(tmpdir(), 'transloom-bench-sqlite-')), 'service.db');
  rows.push(await measure('1 replica, SQLite', [await replica(sqliteFile)]));
  rows.push(
    await measure('1 replica, PostgreSQL', [await replica(cluster.createDatabase('bench_one'))]),
  );
  const shared = cluster.createDatabase('bench_two');
  rows.push(
    await measure('2 replicas, PostgreSQL', await Promise.all([replica(shared), replica(shared)])),
  );
} finally {
  cluster.stop();
}

const [sqlite, one, two] = rows;
console.log(
  `\nThe service through a loopback balancer: ${CONNECTIONS} connections, ${SECONDS} s each, POST /v2/translate (10 texts, a limited key)`,
);
console.log(
  `cores: ${availableParallelism()} (shared with other work: read the load beside each row)\n`,
);
console.log(
  'configuration              requests/s    p50 ms    p99 ms    load average (1 min) before -> after',
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(10)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(9)}    ${r.load}`,
  );
}
console.log(
  `\nPostgreSQL against SQLite, one replica: ${(one.rps / sqlite.rps).toFixed(2)}x requests/s, p99 ${(one.p99 / sqlite.p99).toFixed(2)}x`,
);
console.log(
  `two replicas against one, PostgreSQL:   ${(two.rps / one.rps).toFixed(2)}x requests/s, p99 ${(two.p99 / one.p99).toFixed(2)}x`,
);
