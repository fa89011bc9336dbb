#!/usr/bin/env node
// The Vite plugin on the example app (examples/vite-react) with catalogs of 20 000 units in 5
// target locales, all up to date, against the built-in local service. It prints:
// - `vite` dev server ready time (spawn to the "ready in" line) with the plugin against the
//   same app without it: the median of the ratios of 41 pairs of starts taken in alternating
//   turns, each stopped at its ready line after a first round that leaves both settled
//   (target <= 1.05x), beside the CPU time each process spent up to its ready line (less
//   shaken by other work on the machine than wall time) and the load average;
// - a saved source string to its new translated text in a real browser (headless Chromium),
//   the first save after start (its own line: the built-in service is started in the
//   background after the first run, not by this save), then p50 and p95 of all 10 saves, the
//   first included (target p50 < 1 s);
// - `vite build` with the plugin in frozen mode (CI set) against the build without it, and the
//   no-op `transloom translate`, medians of 9 rounds taken in turns (wall and CPU time):
//   target, the time the plugin adds <= the no-op's.
// Run with `pnpm bench:vite` (after `pnpm build`); `--units N`, `--runs N` (pairs of dev
// starts), `--builds N` (rounds of builds) and `--saves N` change the workload, `--only
// dev,saves,build` runs some parts; `BENCH_VITE_PAIRS=1` prints each pair's times (wall, CPU) as
// JSON. Needs Debian's chromium (`apt-get install chromium`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureNode, median, pairedRatios } from './lib/measure-process.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '41' },
    builds: { type: 'string', default: '9' },
    saves: { type: 'string', default: '10' },
    only: { type: 'string', default: 'dev,saves,build' },
    // Leave the generated app in examples/vite-react/.bench/app for a closer look.
    keep: { type: 'boolean', default: false },
  },
});
const UNITS = Number(values.units);
const RUNS = Number(values.runs);
const SAVES = Number(values.saves);
const BUILDS = Number(values.builds);
const ONLY = new Set(values.only.split(','));
const LOCALES = ['de', 'fr', 'ja', 'pl', 'es'];
const NAMESPACES = 20;

const root = fileURLToPath(new URL('..', import.meta.url));
const example = join(root, 'examples/vite-react');
// Inside the example, so the app's imports resolve to the example's dependencies.
const app = join(example, '.bench/app');
const VITE = join(
  createRequire(join(example, 'package.json')).resolve('vite/package.json'),
  '../bin/vite.js',
);
const { chromium } = createRequire(join(root, 'packages/vite-plugin/package.json'))(
  'playwright-core',
);
const CLI = join(root, 'packages/cli/dist/bin.js');
// Preloaded into each `vite` dev process: its CPU time up to the ready line, on stderr.
const CPU_AT_READY = join(root, 'scripts/lib/cpu-at-ready.mjs');
const loadAverage = () =>
  `load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;
// Neither a key nor CI from the caller: the built-in service, and frozen only where asked.
const { TRANSLOOM_API_KEY: _k, TRANSLOOM_API_URL: _u, CI: _ci, ...ENV } = process.env;

const I18N = `import { hotReloadI18next } from '@transloom/vite-plugin/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// The app's own glob of its catalogs: it runs with the plugin and without it.
const resources = {};
for (const [path, catalog] of Object.entries(import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }))) {
  const [, locale, ns] = /locales\\/([^/]+)\\/([^/]+)\\.json$/.exec(path);
  (resources[locale] ??= {})[ns] = catalog;
}
await i18next.use(initReactI18next).init({ resources, lng: 'de', fallbackLng: 'en', defaultNS: 'ns0' });
hotReloadI18next(i18next);
`;
const APP = `import { useTranslation } from 'react-i18next';
export function App() {
  const { t } = useTranslation();
  return <main><p id="probe">{t('k0')}</p><p>{t('k1', { ns: 'ns1' })}</p></main>;
}
`;
const MAIN = `import { createRoot } from 'react-dom/client';
import './i18n.js';
import { App } from './App.jsx';
createRoot(document.getElementById('root')).render(<App />);
window.rendered = true;
`;
const viteConfig = (withPlugin) => `import react from '@vitejs/plugin-react';
${withPlugin ? "import transloom from '@transloom/vite-plugin';\n" : ''}export default {
  cacheDir: 'node_modules/.vite-${withPlugin ? 'with' : 'without'}',
  logLevel: 'info',
  plugins: [react()${withPlugin ? ', transloom()' : ''}],
};
`;

function words(i) {
  const pool = ['cart', 'order', 'ship', 'price', 'account', 'review', 'label', 'total', 'item'];
  return `${pool[i % pool.length]} ${pool[(i * 7) % pool.length]} number ${i} for {{name}}`;
}

async function makeApp() {
  await rm(join(example, '.bench'), { recursive: true, force: true });
  await mkdir(join(app, 'src'), { recursive: true });
  await cp(join(example, 'index.html'), join(app, 'index.html'));
  const perNamespace = Math.ceil(UNITS / NAMESPACES);
  for (let n = 0; n < NAMESPACES; n++) {
    const catalog = {};
    for (let i = 0; i < perNamespace; i++) catalog[`k${i}`] = words(n * perNamespace + i);
    await mkdir(join(app, 'locales/en'), { recursive: true });
    await writeFile(join(app, `locales/en/ns${n}.json`), `${JSON.stringify(catalog, null, 2)}\n`);
  }
  const files = {
    'package.json': '{ "name": "bench-app", "private": true, "type": "module" }\n',
    'transloom.config.json': `${JSON.stringify({ sourceLocale: 'en', targetLocales: LOCALES, files: [{ source: 'locales/{locale}/*.json' }] })}\n`,
    'src/i18n.js': I18N,
    'src/App.jsx': APP,
    'src/main.jsx': MAIN,
    'vite.with.config.mjs': viteConfig(true),
    'vite.without.config.mjs': viteConfig(false),
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(app, path), text);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `vite` with a config; resolves at its ready line with the time it took (and the CPU
 * time the process spent until then) and the child.
 */
async function startDev(config) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      CPU_AT_READY,
      VITE,
      '--config',
      config,
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { cwd: app, env: { ...ENV, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const kill = () => child.kill('SIGKILL');
  process.on('exit', kill);
  let output = '';
  let ms;
  const cpuMs = await new Promise((resolve, reject) => {
    const seen = (d) => {
      output += d;
      if (ms === undefined && /ready in/.test(output)) ms = performance.now() - started;
      const cpu = /transloom-bench cpu-at-ready (\d+(?:\.\d+)?)/.exec(output);
      if (ms !== undefined && cpu) resolve(Number(cpu[1]));
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`vite exited with ${code}:\n${output}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      process.off('exit', kill);
      child.once('close', resolve);
      child.kill('SIGTERM');
    });
  return { ms, cpuMs, child, port, stop, output: () => output };
}

async function until(check, what, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const seconds = (ms) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const ratio = (a, b) => `${(a / b).toFixed(3)}x`;

await makeApp();
const translate = await measureNode([CLI, 'translate', '--quiet', '--cwd', app], { env: ENV });
if (translate.code !== 0) throw new Error(`transloom translate failed:\n${translate.stderr}`);
console.log(
  `corpus                ${UNITS} units in ${NAMESPACES} catalogs, ${LOCALES.length} locales, translated in ${seconds(translate.ms)}`,
);

// Dev server ready time, in alternating turns so both variants see the same machine.
async function devReady() {
  const readyWith = [];
  const readyWithout = [];
  // Half a second give or take a quarter, drawn anew each time: other work on a shared machine
  // that repeats at a steady pace (another bench's loop) would otherwise fall in step with the
  // rounds and land on the same variant's starts for minutes on end.
  const pause = () => new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
  const loads = [];
  const metadata = (config) =>
    join(
      app,
      'node_modules',
      config.includes('.with.') ? '.vite-with' : '.vite-without',
      'deps/_metadata.json',
    );
  const written = new Map();
  for (let i = 0; i < RUNS + 1; i++) {
    const pair = [
      ['vite.without.config.mjs', readyWithout],
      ['vite.with.config.mjs', readyWith],
    ];
    // Which goes first alternates too, so neither always follows the other's exit.
    for (const [config, list] of i % 2 === 0 ? pair : pair.reverse()) {
      const dev = await startDev(config);
      if (i > 0) list.push(dev);
      else {
        // The first round warms the file cache, and each server is left to settle before it is
        // stopped: Vite's dependency optimizer has written its cache (stopped before, it starts
        // again from nothing on the next start, and that start pays for it before its ready
        // line), and the plugin's no-op run is done, so the lock and catalogs are as a server
        // leaves them. The starts measured after it are stopped at their ready line: they find
        // that state as it was left and change nothing in it (checked below), and no server's
        // work after its ready line (the plugin's run, the optimizer's) lands on the next start.
        await until(() => existsSync(metadata(config)), 'the dependency optimizer');
        if (config.includes('.with.'))
          await until(() => /transloom .*up to date/.test(dev.output()), 'the no-op run');
        await pause();
      }
      await dev.stop();
      if (i === 0) written.set(config, statSync(metadata(config)).mtimeMs);
      await pause();
    }
    loads.push(loadAverage());
  }
  for (const [config, mtime] of written)
    if (statSync(metadata(config)).mtimeMs !== mtime)
      throw new Error(
        `${config}: Vite optimized its dependencies again during the measured starts`,
      );
  // The figure is the median of the pairs' ratios: the two starts of a pair are taken back to
  // back, while the other work on a shared machine rises and falls over the minutes all pairs
  // take; a ratio of two medians drawn from different moments carries that swing, and moves
  // further from one run of the bench to the next. The quartiles of the ratios tell the spread.
  const ms = pairedRatios(
    readyWith.map((d) => d.ms),
    readyWithout.map((d) => d.ms),
  );
  const cpu = pairedRatios(
    readyWith.map((d) => d.cpuMs),
    readyWithout.map((d) => d.cpuMs),
  );
  const withMs = median(readyWith.map((d) => d.ms));
  const withoutMs = median(readyWithout.map((d) => d.ms));
  const withCpu = median(readyWith.map((d) => d.cpuMs));
  const withoutCpu = median(readyWithout.map((d) => d.cpuMs));
  console.log(
    `dev ready (median)    ${seconds(withMs)} with the plugin, ${seconds(withoutMs)} without: ${ratio(ms.median, 1)} (target <= 1.05x; the median of ${RUNS} alternating pairs' ratios, quartiles ${ratio(ms.q1, 1)} to ${ratio(ms.q3, 1)}; the ratio of the medians ${ratio(withMs, withoutMs)}); CPU to ready ${seconds(withCpu)} against ${seconds(withoutCpu)}: ${ratio(cpu.median, 1)}; ${loads[0]} at the start, ${loads.at(-1)} at the end`,
  );
  if (process.env.BENCH_VITE_PAIRS)
    console.log(
      JSON.stringify({
        with: readyWith.map((d) => [d.ms, d.cpuMs]),
        without: readyWithout.map((d) => [d.ms, d.cpuMs]),
      }),
    );
}
if (ONLY.has('dev')) await devReady();

// A saved source string to its translation on the page: the page is opened as soon as the
// server is ready, and the first save made as soon as it shows (not after the plugin's work).
async function saves() {
  const dev = await startDev('vite.with.config.mjs');
  const profile = await mkdtemp(join(tmpdir(), 'transloom-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${dev.port}/`);
  await page.waitForFunction(() => window.rendered === true, undefined, { timeout: 120_000 });
  await page.evaluate(() => {
    window.samePage = true;
  });
  const source = join(app, 'locales/en/ns0.json');
  const original = JSON.parse(await readFile(source, 'utf8'));
  const latencies = [];
  for (let i = 0; i < SAVES; i++) {
    // `Edited N` pseudo-localized: every letter accented, the number kept.
    const expected = `Éðíţéð ${i}`;
    const started = performance.now();
    await writeFile(source, `${JSON.stringify({ ...original, k0: `Edited ${i}` }, null, 2)}\n`);
    await page.waitForFunction(
      (text) => document.querySelector('#probe')?.textContent.includes(text),
      expected,
      { timeout: 30_000, polling: 5 },
    );
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 200));
  }
  const reloaded = !(await page.evaluate(() => window.samePage === true));
  const firstSave = latencies[0];
  // The plugin's own line per run: how long the engine took of each save.
  const runs = [
    ...dev.output().matchAll(/transloom [^:]*: \d+ units? translated.* in (\d+(?:\.\d+)?) (ms|s)/g),
  ].map(([, n, unit]) => Number(n) * (unit === 's' ? 1000 : 1));
  await browser.close();
  await rm(profile, { recursive: true, force: true });
  await dev.stop();
  await writeFile(source, `${JSON.stringify(original, null, 2)}\n`);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
  console.log(
    `save to page          first save ${seconds(firstSave)}; p50 ${seconds(median(latencies))}, p95 ${seconds(p95)} over ${SAVES} saves, the first included (target p50 < 1 s)${reloaded ? '; THE PAGE RELOADED' : ', no reload'}; the engine's run ${runs.length ? seconds(median(runs)) : '?'} of it`,
  );
  if (process.env.BENCH_VITE_LOG) console.log(dev.output());
  // Put the catalogs back as they were translated before the builds.
  const restore = await measureNode([CLI, 'translate', '--quiet', '--cwd', app], { env: ENV });
  if (restore.code !== 0) throw new Error(`transloom translate failed:\n${restore.stderr}`);
}
if (ONLY.has('saves')) await saves();

// `vite build`: frozen with the plugin against no plugin, and the no-op CLI run for scale, all
// three in turns (the first round warms the caches and is not counted).
async function builds() {
  const buildWith = [];
  const buildWithout = [];
  const noop = [];
  const steps = [];
  const loads = [];
  for (let i = 0; i < BUILDS + 1; i++) {
    const turns = [
      ['vite.without.config.mjs', buildWithout, {}],
      ['vite.with.config.mjs', buildWith, { CI: '1' }],
      [undefined, noop, {}],
    ];
    // Each goes first in its turn, so none always follows the same one.
    const order = [...turns.slice(i % 3), ...turns.slice(0, i % 3)];
    for (const [config, list, env] of order) {
      const run = config
        ? await measureNode([VITE, 'build', '--config', config], {
            cwd: app,
            env: { ...ENV, ...env, NO_COLOR: '1' },
            usage: true,
          })
        : await measureNode([CLI, 'translate', '--quiet', '--cwd', app], { env: ENV, usage: true });
      if (run.code !== 0)
        throw new Error(`${config ?? 'translate'} failed:\n${run.stdout}${run.stderr}`);
      if (i === 0) continue;
      list.push(run);
      // The plugin's own line: the engine's frozen no-op inside the build.
      const step = /transloom \(frozen\).* in (\d+) ms/.exec(run.stdout);
      if (step) steps.push(Number(step[1]));
    }
    loads.push(loadAverage());
  }
  const ms = (list) => median(list.map((r) => r.ms));
  const cpu = (list) => median(list.map((r) => r.cpuMs));
  const added = ms(buildWith) - ms(buildWithout);
  const addedCpu = cpu(buildWith) - cpu(buildWithout);
  const signed = (n) => `${n < 0 ? '-' : '+'}${seconds(Math.abs(n))}`;
  console.log(
    `vite build (median)   ${seconds(ms(buildWith))} frozen with the plugin, ${seconds(ms(buildWithout))} without: ${signed(added)} against the no-op transloom translate, ${seconds(ms(noop))} (target: added <= it); CPU ${signed(addedCpu)} against ${seconds(cpu(noop))}; the engine's frozen run ${steps.length ? seconds(median(steps)) : '?'} of it; ${BUILDS} rounds; ${loads[0]} at the start, ${loads.at(-1)} at the end`,
  );
}
if (ONLY.has('build')) await builds();
if (!values.keep) await rm(join(example, '.bench'), { recursive: true, force: true });
