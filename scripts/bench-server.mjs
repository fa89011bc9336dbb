#!/usr/bin/env node
// Throughput and latency of the local service, each figure next to its floor: a bare fastify
// route in its own process that parses the same JSON body and answers without validation,
// database or engine. Then the target of issue 21: the service with the identity engine
// against deepl-mock (the contract's reference mock, run as it ships: `node index.js`, its
// request log drained) with the same client and body, measured in turns in one run, three
// rounds, the median ratio against its target (>= 5x). deepl-mock is not on the npm registry:
// point DEEPL_MOCK_DIR at a checkout with its dependencies installed (`npm install`), else
// that comparison is skipped. The load comes from autocannon (scripts/lib/http-load.mjs): the
// client shares the machine's cores with the servers, so the lighter it is, the closer the
// req/s ratio comes to the servers' own costs; each server's CPU per request is printed beside
// it, and the client's. Run with `pnpm bench:server` after `pnpm build`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.mjs';
import { httpLoad } from './lib/http-load.mjs';
import { startListening } from './lib/start-listening.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'bench-key';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 5;
const mockDir = process.env.DEEPL_MOCK_DIR;

const start = startListening;

// CPU time (user + system, ms) a process has used so far, from /proc (null elsewhere): per
// request it shows each server's cost without the other processes of a shared machine.
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function measured(server, url, options) {
  const before = cpuMs(server.pid);
  const client = process.cpuUsage();
  const result = await run(url, options);
  const after = cpuMs(server.pid);
  const { user, system } = process.cpuUsage(client);
  const requests = result.rps * (options.durationMs / 1000);
  return {
    ...result,
    cpuPerRequest: before === null ? null : (after - before) / requests,
    clientCpuPerRequest: (user + system) / 1000 / requests,
  };
}

// The floor: fastify parsing the body and answering with the texts, nothing else.
const FLOOR = `
import Fastify from 'fastify';
const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
app.post('/*', async (request) => {
  const body = request.body;
  return { translations: (body.text ?? []).map((text) => ({ detected_source_language: 'EN', text })) };
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log('listening on http://127.0.0.1:' + app.server.address().port);
`;

// deepl-mock bills 20 million characters at most to a key: each of its connections in each
// run sends a key of its own (any key is valid there) so that no run meets that limit.
let runs = 0;
const run = (url, options) => {
  const round = ++runs;
  return httpLoad(url, {
    ...options,
    key: KEY,
    ...(options.scheme ? { keyOf: (connection) => `${KEY}-${round}-${connection}` } : {}),
  });
};

const phrases = [
  'Welcome back, {{name}}! You have <b>{{count}} new</b> messages.',
  'Your changes were saved at {{time}}.',
  'Delete <x id="1"/> permanently? This cannot be undone.',
  'Read the <a href="/docs">documentation</a> before you start.',
  'Settings',
];
const translateBody = JSON.stringify({
  text: Array.from({ length: 50 }, (_, i) => `${phrases[i % phrases.length]} (${i})`),
  source_lang: 'EN',
  target_lang: 'DE',
  tag_handling: 'xml',
});
const glossaryBody = () =>
  JSON.stringify({
    name: 'bench',
    dictionaries: [
      {
        source_lang: 'en',
        target_lang: 'de',
        entries_format: 'tsv',
        entries: Array.from(
          { length: 10_000 },
          (_, i) => `term number ${i}\tBegriff Nummer ${i}`,
        ).join('\n'),
      },
    ],
  });

const serve = (engine) =>
  start([
    'packages/server/dist/bin.js',
    '--port',
    '0',
    '--api-key',
    KEY,
    '--db',
    ':memory:',
    '--engine',
    engine,
  ]);
// Issue 21's comparison: the identity engine against deepl-mock, in turns, `rounds` times; the
// median of the per-round ratios is the figure (the machine is shared, so only ratios measured
// side by side mean anything).
async function againstMock() {
  if (!mockDir) return null;
  const identity = await serve('identity');
  // deepl-mock prints the port it was given, so it is given a free one.
  const port = await freePort();
  const mock = await start(['index.js'], mockDir, {
    env: { DEEPL_MOCK_SERVER_PORT: String(port) },
    ready: /listening on port (\d+)/,
  }).then((m) => ({ ...m, url: `http://127.0.0.1:${m.url}` }));
  const options = { body: translateBody, connections: 8, durationMs: seconds * 1000 };
  const mockOptions = { ...options, scheme: 'DeepL-Auth-Key' };
  const results = [];
  try {
    await run(`${identity.url}/v2/translate`, { ...options, durationMs: 1000 });
    await run(`${mock.url}/v2/translate`, { ...mockOptions, durationMs: 1000 });
    for (let round = 0; round < rounds; round++) {
      const ours = await measured(identity, `${identity.url}/v2/translate`, options);
      const theirs = await measured(mock, `${mock.url}/v2/translate`, mockOptions);
      results.push({ ours, theirs, ratio: ours.rps / theirs.rps });
    }
  } finally {
    identity.stop();
    mock.stop();
  }
  return results;
}

const mockRounds = await againstMock();
if (process.env.BENCH_ONLY === 'mock') {
  printMock(mockRounds);
  process.exit(0);
}

const service = await serve('pseudo');
const identity = await serve('identity');
// Run from the server package so the floor resolves the same fastify.
const floor = await start(['--input-type=module', '-e', FLOOR], `${root}packages/server`);
const rows = [];
try {
  for (const connections of [1, 8, 64]) {
    const options = { body: translateBody, connections, durationMs: seconds * 1000 };
    await run(`${service.url}/v2/translate`, { ...options, durationMs: 1000 });
    const ours = await run(`${service.url}/v2/translate`, options);
    const base = await run(`${floor.url}/v2/translate`, options);
    rows.push({ name: `translate 50 texts, c=${connections}`, ours, base, unitsPerRequest: 50 });
  }
  const options = { body: translateBody, connections: 8, durationMs: seconds * 1000 };
  await run(`${identity.url}/v2/translate`, { ...options, durationMs: 1000 });
  const ours = await run(`${identity.url}/v2/translate`, options);
  const base = await run(`${floor.url}/v2/translate`, options);
  rows.push({ name: 'translate 50 texts, identity engine, c=8', ours, base, unitsPerRequest: 50 });
  const body = glossaryBody();
  const glossary = { body, connections: 1, amount: 40 };
  rows.push({
    name: 'create glossary, 10 000 entries, c=1',
    ours: await run(`${service.url}/v3/glossaries`, glossary),
    base: await run(`${floor.url}/v3/glossaries`, glossary),
    unitsPerRequest: 10_000,
  });
} finally {
  service.stop();
  identity.stop();
  floor.stop();
}

// The storage floor of a glossary: the service's SQLite driver alone inserting the same
// 10 000 rows into a table keyed like ours, one transaction per glossary.
let floorDriver = 'SQLite';
async function storageFloor(iterations) {
  const { openSqlite } = await import(
    new URL('../packages/server/dist/store/sqlite-connection.js', import.meta.url).href
  );
  const db = openSqlite(':memory:');
  floorDriver = db.driver;
  db.exec(`CREATE TABLE e (g TEXT, s TEXT, t TEXT, pos INTEGER, source TEXT, target TEXT,
    PRIMARY KEY (g, s, t, source)) WITHOUT ROWID`);
  const insert = db.prepare('INSERT INTO e VALUES (?, ?, ?, ?, ?, ?)');
  const rows = Array.from({ length: 10_000 }, (_, i) => [
    `term number ${i}`,
    `Begriff Nummer ${i}`,
  ]);
  const times = [];
  for (let n = 0; n < iterations; n++) {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const started = performance.now();
    db.transaction(() => {
      for (const [i, [source, target]] of rows.entries())
        insert.run(id, 'en', 'de', i, source, target);
    })();
    times.push(performance.now() - started);
  }
  db.close();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const pad = (s, n) => String(s).padEnd(n);
const num = (n, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(
  `\nlocal service vs floor (bare fastify parse + answer), ${seconds} s per run, Node ${process.version}\n`,
);
console.log(
  `${pad('workload', 44)}${pad('req/s', 10)}${pad('units/s', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('floor req/s', 13)}${pad('floor p50', 11)}ratio`,
);
for (const { name, ours, base, unitsPerRequest } of rows) {
  console.log(
    `${pad(name, 44)}${pad(num(ours.rps, 1), 10)}${pad(num(ours.rps * unitsPerRequest), 12)}${pad(num(ours.p50, 2), 9)}${pad(num(ours.p99, 2), 9)}${pad(num(base.rps, 1), 13)}${pad(num(base.p50, 2), 11)}${num(ours.rps / base.rps, 2)}x`,
  );
}

const glossaryRow = rows.at(-1);
const floorMs = await storageFloor(40);
console.log(
  `\nglossary storage floor (${floorDriver} alone, 10 000 rows in one transaction): p50 ${num(floorMs, 2)} ms;` +
    ` service p50 ${num(glossaryRow.ours.p50, 2)} ms, ${num(glossaryRow.ours.p50 / floorMs, 1)}x the floor` +
    ' (the rest is JSON, TSV parsing, the entry rules and HTTP)',
);

printMock(mockRounds);

function printMock(results) {
  const pad = (s, n) => String(s).padEnd(n);
  const num = (n, d = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  if (!results) {
    console.log(
      '\nidentity engine vs deepl-mock: skipped (set DEEPL_MOCK_DIR to a deepl-mock checkout with its dependencies installed)',
    );
    return;
  }
  console.log(
    `\nidentity engine vs deepl-mock, translate 50 texts, c=8, ${seconds} s per run, ${results.length} rounds in turns\n`,
  );
  console.log(
    `${pad('round', 8)}${pad('ours req/s', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('mock req/s', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}ratio`,
  );
  for (const [i, { ours, theirs, ratio }] of results.entries()) {
    console.log(
      `${pad(i + 1, 8)}${pad(num(ours.rps, 1), 12)}${pad(num(ours.p50, 2), 9)}${pad(num(ours.p99, 2), 9)}${pad(num(theirs.rps, 1), 12)}${pad(num(theirs.p50, 2), 9)}${pad(num(theirs.p99, 2), 9)}${num(ratio, 2)}x`,
    );
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(results.map((r) => r.ratio));
  if (results[0].ours.cpuPerRequest !== null) {
    const ours = median(results.map((r) => r.ours.cpuPerRequest * 1000));
    const theirs = median(results.map((r) => r.theirs.cpuPerRequest * 1000));
    console.log(
      `server CPU per request (median): ours ${num(ours)} µs, deepl-mock ${num(theirs)} µs, ${num(theirs / ours, 2)}x (what the ratio would be were each server alone on its cores)`,
    );
    const client = (side) => num(median(results.map((r) => r[side].clientCpuPerRequest * 1000)));
    console.log(
      `bench client CPU per request (median): ${client('ours')} µs against ours, ${client('theirs')} µs against deepl-mock`,
    );
  }
  console.log(
    `median: ours ${num(median(results.map((r) => r.ours.rps)), 1)} req/s (p50 ${num(median(results.map((r) => r.ours.p50)), 2)} ms, p99 ${num(median(results.map((r) => r.ours.p99)), 2)} ms), ` +
      `deepl-mock ${num(median(results.map((r) => r.theirs.rps)), 1)} req/s; ratio ${num(ratio, 2)}x, target >= ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
}
