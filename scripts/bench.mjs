#!/usr/bin/env node
// The main job on a generated project: 20 000 units across JSON catalogs and Markdown pages,
// 5 target locales, 20% of the strings repeated. It prints requests against the lower bound,
// billed characters against the characters of the unique texts, the cold run's time, the
// no-op rerun's time against the floor of reading and hashing every file, and peak memory.
// The local service runs in its own process, so the memory figures are the pipeline's.
// Run with `pnpm bench` (after `pnpm build`); `--units N` changes the size.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/core/dist/config.js';
import {
  connectService,
  expandFiles,
  hashBytes,
  translateProject,
} from '../packages/core/dist/pipeline.js';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const { values } = parseArgs({
  options: { units: { type: 'string', default: '20000' }, runs: { type: 'string', default: '7' } },
});
const UNITS = Number(values.units);
const RUNS = Number(values.runs);
const LOCALES = ['de', 'fr', 'es', 'ja', 'pl'];
const KEY = 'bench-main-key';
const MAX_TEXTS = 50;
const MAX_BYTES = 131_072;

// A seeded generator, so every run measures the same corpus.
let seed = 20261122;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const WORDS =
  'project translation file change review release build team locale string update branch commit version support message user account setting page document guide server client request window button error value option feature'.split(
    ' ',
  );
const VERBS =
  'open save delete review translate ship check update merge write read send find keep'.split(' ');
const sentence = (min, max) => {
  const n = min + Math.floor(random() * (max - min + 1));
  const words = Array.from({ length: n }, (_, i) => (i % 4 === 1 ? pick(VERBS) : pick(WORDS)));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
};

// 20% of the strings repeat one written before (in any file).
function pool(make) {
  const seen = [];
  return () => {
    if (seen.length > 10 && random() < 0.2) return pick(seen);
    const text = make();
    seen.push(text);
    return text;
  };
}
const catalogString = pool(() => {
  const r = random();
  if (r < 0.15) return `${sentence(3, 8).slice(0, -1)}, {{name}}!`;
  if (r < 0.3) return `${sentence(3, 8).slice(0, -1)} <1>${pick(WORDS)} ${pick(WORDS)}</1>.`;
  return sentence(2, 10);
});
const prose = pool(() => {
  const r = random();
  if (r < 0.2)
    return `${sentence(6, 14).slice(0, -1)} **${pick(WORDS)} ${pick(WORDS)}** and \`${pick(WORDS)}.json\`.`;
  if (r < 0.35)
    return `${sentence(6, 14).slice(0, -1)}, see [the ${pick(WORDS)} guide](./${pick(WORDS)}.md).`;
  return `${sentence(6, 14)} ${sentence(4, 10)}`;
});

async function generate(root) {
  const jsonUnits = Math.round(UNITS * 0.6);
  const keysPerFile = 100;
  let units = 0;
  for (let f = 0; units < jsonUnits; f++) {
    const catalog = {};
    for (let k = 0; k < keysPerFile && units < jsonUnits; k++, units++) {
      const section = `section${k % 10}`;
      catalog[section] ??= {};
      catalog[section][`key${k}`] = catalogString();
    }
    await write(root, `locales/en/ns${f}.json`, `${JSON.stringify(catalog, null, 2)}\n`);
  }
  for (let f = 0; units < UNITS; f++) {
    const blocks = [`# ${sentence(2, 5).slice(0, -1)}`];
    for (let b = 0; b < 79 && units + b + 1 < UNITS; b++)
      blocks.push(b % 10 === 9 ? `## ${sentence(2, 5).slice(0, -1)}` : prose());
    units += blocks.length;
    await write(root, `docs/part${f % 10}/page${f}.md`, `${blocks.join('\n\n')}\n`);
  }
  await write(
    root,
    'transloom.config.json',
    JSON.stringify({
      sourceLocale: 'en',
      targetLocales: LOCALES,
      files: [
        { source: 'locales/{locale}/*.json' },
        { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' },
      ],
    }),
  );
}

async function write(root, path, text) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

async function startService() {
  const { url, child } = await spawnLocalService(['--api-key', KEY, '--faults']);
  return { url, stop: () => child.kill('SIGTERM') };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (s) => `${(s * 1000).toFixed(0)} ms`;

const root = await mkdtemp(join(tmpdir(), 'transloom-bench-'));
try {
  await generate(root);
  const service = await startService();
  const config = await loadConfig({ cwd: root });
  const connect = async () => connectService({ apiKey: KEY, serverUrl: service.url });

  // What would be sent: the unique texts per locale and their characters.
  const dry = await translateProject({ config, mode: 'dry-run' });
  const units = Object.values(dry.locales).reduce((n, l) => n + l.new, 0) / LOCALES.length;
  const files = (await expandFiles(config)).length;

  const cold0 = performance.now();
  const cold = await translateProject({ config, connect });
  const coldSeconds = (performance.now() - cold0) / 1000;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (cold.failures.length > 0 || cold.diagnostics.length > 0)
    throw new Error(`the cold run failed: ${JSON.stringify(cold.failures.slice(0, 3))}`);
  const log = (await (await fetch(`${service.url}/__transloom/requests`)).json()).requests.filter(
    (r) => r.path === '/v2/translate',
  );

  let lowerBound = 0;
  let uniqueChars = 0;
  let uniqueTexts = 0;
  for (const locale of LOCALES) {
    const l = dry.locales[locale];
    uniqueTexts += l.pending;
    uniqueChars += l.characters;
    lowerBound += Math.ceil(l.pending / MAX_TEXTS);
  }
  const bodyBytes = log.reduce((n, r) => n + (r.contentLength ?? 0), 0);
  lowerBound = Math.max(lowerBound, Math.ceil(bodyBytes / MAX_BYTES));
  const textsSent = log.reduce((n, r) => n + (r.texts ?? 0), 0);

  // The no-op rerun against the floor: read and hash every source and target file.
  const noop = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const report = await translateProject({ config, connect });
    noop.push((performance.now() - started) / 1000);
    if (report.requests !== 0 || report.files.written.length !== 0)
      throw new Error('the rerun was not a no-op');
  }
  const paths = (await expandFiles(config)).flatMap((f) => [
    f.source,
    ...f.locales.map((l) => f.target(l)),
  ]);
  const floor = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await Promise.all(paths.map(async (p) => hashBytes(await readFile(join(root, p)))));
    floor.push((performance.now() - started) / 1000);
  }
  service.stop();

  const rows = [
    [
      'corpus',
      `${units} units (${Math.round(units * 0.6)} JSON strings, the rest Markdown blocks) in ${files} files, ${LOCALES.length} locales`,
    ],
    ['unique texts to send', `${uniqueTexts} (${textsSent} sent)`],
    [
      'requests',
      `${cold.requests} against a lower bound of ${lowerBound}: ${(cold.requests / lowerBound).toFixed(3)}x (target <= 1.01x)`,
    ],
    [
      'billed characters',
      `${cold.billedCharacters} against ${uniqueChars} in unique texts: ${(cold.billedCharacters / uniqueChars).toFixed(3)}x (target 1.00x)`,
    ],
    [
      'cold run',
      `${coldSeconds.toFixed(2)} s (${Math.round((units * LOCALES.length) / coldSeconds)} unit-locales/s)`,
    ],
    [
      'no-op rerun (median)',
      `${ms(median(noop))} against the floor of reading and hashing ${paths.length} files, ${ms(median(floor))}: ${(median(noop) / median(floor)).toFixed(2)}x (target <= 2x)`,
    ],
    ['peak memory (RSS)', `${(maxRss / 2 ** 20).toFixed(0)} MiB`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
