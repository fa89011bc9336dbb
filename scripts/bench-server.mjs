#!/usr/bin/env node
// Throughput and latency of the local service, each figure next to its floor: a bare fastify
// route in its own process that parses the same JSON body and answers without validation,
// database or engine. Run with `pnpm bench:server` after `pnpm build`.
import { fileURLToPath } from 'node:url';
import { closedLoopLoad } from './lib/closed-loop-load.mjs';
import { startListening } from './lib/start-listening.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'bench-key';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const start = startListening;

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

const run = (url, options) => closedLoopLoad(url, { ...options, key: KEY });

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
