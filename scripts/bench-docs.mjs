#!/usr/bin/env node
// The docs presets as users run them: a generated VitePress site of 2 000 pages (front matter,
// headings, links with anchors between pages, containers, code, repeated paragraphs, and in one
// page of ten a `<script setup>` block whose relative imports are pointed back at the source and
// a code group, which are markup a person may edit in a target) translated
// by `transloom translate` with `"preset": "vitepress"` into 3 locales, every figure a whole
// spawned process against the local service in its own process. It prints:
// - the cold run: requests against the lower bound (target 1.00x), billed characters against
//   the unique texts' characters;
// - the no-op rerun (median) against the plain floor, a `node -e` that reads (readFileSync) and
//   SHA-256-hashes every source and target page and the lock (target <= 2.0x), and against
//   the older floor module (fs/promises, pages only), both printed;
// - one changed page: requests per locale (target 1).
// Run with `pnpm bench:docs` (after `pnpm build`); `--pages N` and `--runs N` change the workload.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureNode, median, plannedBounds, printRows } from './lib/measure-process.mjs';
import { plainFloorScript } from './lib/plain-floor.mjs';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '7' },
  },
});
const PAGES = Number(values.pages);
const RUNS = Number(values.runs);
const LOCALES = ['de', 'ja', 'fr'];
const KEY = 'bench-docs-key';
const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./lib/read-hash-floor.mjs', import.meta.url));
const ms = (value) => `${value.toFixed(0)} ms`;

const WORDS =
  'page site locale anchor heading link layout reader writer build theme guide option value file folder text word note order'.split(
    ' ',
  );
// A deterministic pseudo-random sequence, so every run generates the same site.
let seed = 42;
const next = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed;
};
const words = (n) => Array.from({ length: n }, () => WORDS[next() % WORDS.length]).join(' ');
const sentence = (n) => {
  const text = words(n);
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
};
const pagePath = (i) => `section-${i % 20}/page-${i}.md`;

function page(i) {
  const other = (i * 7 + 3) % PAGES;
  const lines = [
    '---',
    `title: ${sentence(3).slice(0, -1)} ${i}`,
    `description: ${sentence(8)}`,
    '---',
    '',
    `# Page ${i}: ${sentence(3).slice(0, -1)}`,
    '',
    `${sentence(12)} See [a related page](/${pagePath(other).replace(/\.md$/, '')}#details) for more.`,
    '',
    '## Details',
    '',
    `${sentence(15)} The \`option-${i % 9}\` value is read once.`,
    '',
    '::: tip Good to know',
    // One paragraph in five is shared by many pages: deduplicated, sent once per locale.
    i % 5 === 0 ? 'Every page of this site is generated for the benchmark.' : sentence(10),
    ':::',
    '',
    '```js',
    `export const page = ${i};`,
    '```',
    '',
    ...(i % 10 === 0
      ? [
          '<script setup>',
          "import Chart from '../components/Chart.vue';",
          `import data from './data/page-${i}.json';`,
          '</script>',
          '',
          '<Chart :data="data" />',
          '',
          '::: code-group',
          '```sh [npm]',
          'npm run build',
          '```',
          ':::',
          '',
        ]
      : []),
    `## ${sentence(4).slice(0, -1)} ${i}`,
    '',
    `- ${sentence(6)}`,
    `- ${sentence(7)} [Back to details](#details).`,
    '',
  ];
  return lines.join('\n');
}

async function write(root, path, text) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

const work = await mkdtemp(join(tmpdir(), 'transloom-bench-docs-'));
const service = await spawnLocalService(['--api-key', KEY]);
const env = { TRANSLOOM_API_KEY: KEY, TRANSLOOM_API_URL: service.url };
try {
  const root = join(work, 'site');
  await write(
    root,
    'transloom.config.json',
    JSON.stringify({ sourceLocale: 'en', targetLocales: LOCALES, preset: 'vitepress' }),
  );
  await write(root, '.vitepress/config.mts', 'export default { cleanUrls: true };\n');
  await write(
    root,
    'index.md',
    '---\nlayout: home\nhero:\n  name: Bench\n  text: A generated site\n---\n',
  );
  for (let i = 0; i < PAGES; i++) await write(root, pagePath(i), page(i));

  const dry = await measureNode([BIN, 'translate', '--dry-run', '--json'], { cwd: root, env });
  const planned = JSON.parse(dry.stdout);
  const {
    lowerBound,
    characters: uniqueChars,
    texts: uniqueTexts,
  } = plannedBounds(planned, LOCALES);

  const cold = await measureNode([BIN, 'translate', '--json', '--quiet'], {
    cwd: root,
    env,
    usage: true,
  });
  const report = JSON.parse(cold.stdout);
  if (cold.code !== 0 || report.failures.length > 0 || report.diagnostics.length > 0)
    throw new Error(`the cold run failed (${cold.code}): ${cold.stderr.slice(0, 2000)}`);

  const files = [];
  for (let i = 0; i < PAGES; i++) {
    files.push(join(root, pagePath(i)));
    for (const locale of LOCALES) files.push(join(root, locale, pagePath(i)));
  }
  const list = join(work, 'files.txt');
  await writeFile(list, files.join('\n'));
  const plainList = join(work, 'plain-files.txt');
  await writeFile(plainList, [...files, join(root, 'transloom.lock')].join('\n'));
  // The rerun, the plain floor (a `node -e` that reads with readFileSync and hashes every page
  // and the lock) and the older floor module (fs/promises, pages only), in turns, so a machine
  // shared with other work slows them alike.
  const noop = [];
  const plain = [];
  const floor = [];
  for (let round = 0; round < RUNS; round++) {
    plain.push((await measureNode(['-e', plainFloorScript(plainList)])).ms);
    const run = await measureNode([BIN, 'translate', '--json', '--quiet'], { cwd: root, env });
    const rerun = JSON.parse(run.stdout);
    if (run.code !== 0 || rerun.requests !== 0 || rerun.files.written.length !== 0)
      throw new Error('the rerun was not a no-op');
    noop.push(run.ms);
    floor.push((await measureNode([FLOOR, list])).ms);
  }

  // One changed page: a sentence of one paragraph edited.
  const changedPath = join(root, pagePath(17));
  const text = await readFile(changedPath, 'utf8');
  await writeFile(changedPath, text.replace('The `option-', 'Now the `option-'));
  const change = await measureNode([BIN, 'translate', '--json', '--quiet'], { cwd: root, env });
  const changed = JSON.parse(change.stdout);
  if (change.code !== 0) throw new Error(`the run after one change failed: ${change.stderr}`);

  const rows = [
    [
      'site',
      `${PAGES} VitePress pages (preset vitepress), ${LOCALES.length} target locales, ${planned.files.total} source files`,
    ],
    ['unique texts to send', `${uniqueTexts}`],
    [
      'cold run requests',
      `${report.requests} against a lower bound of ${lowerBound}: ${(report.requests / lowerBound).toFixed(3)}x (target 1.00x)`,
    ],
    [
      'billed characters',
      `${report.billedCharacters} against ${uniqueChars} in unique texts: ${(report.billedCharacters / uniqueChars).toFixed(3)}x`,
    ],
    [
      'cold run',
      `${(cold.ms / 1000).toFixed(2)} s, CPU ${(cold.cpuMs / 1000).toFixed(2)} s, peak RSS ${cold.maxRssMiB.toFixed(0)} MiB`,
    ],
    [
      'read+hash floors (median)',
      `plain (node -e, readFileSync + sha256 of ${files.length} pages and the lock) ${ms(median(plain))}; fs/promises module (pages only) ${ms(median(floor))}`,
    ],
    [
      'no-op rerun (median)',
      `${ms(median(noop))}: ${(median(noop) / median(plain)).toFixed(2)}x the plain floor (target <= 2.0x); ${(median(noop) / median(floor)).toFixed(2)}x the fs/promises one`,
    ],
    [
      'one changed page',
      `${changed.requests} requests for ${LOCALES.length} locales: ${(changed.requests / LOCALES.length).toFixed(2)} per locale (target 1); ${changed.files.written.length} files written`,
    ],
  ];
  printRows(rows);
  if (report.requests > lowerBound || changed.requests !== LOCALES.length) process.exitCode = 1;
} finally {
  service.child.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
}
