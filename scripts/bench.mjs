#!/usr/bin/env node
// The main job as users run it: every figure is a whole `transloom` process, spawned, from start
// to exit, on a generated project of 20 000 units (12 000 JSON keys, a tenth of them plural
// groups, and 8 000 Markdown blocks; 5 target locales; 20% of the strings repeated), against the
// local service in its own process.
// It prints:
// - `transloom --help` (target <= 100 ms) beside a bare `node -e 0`;
// - the cold run: requests against the lower bound, billed characters against the unique
//   texts' characters, time, CPU time and peak RSS (target <= 300 MB, the whole process);
// - the no-op rerun and `transloom check` (medians) against the plain floor, a `node -e` that
//   reads (readFileSync) and SHA-256-hashes every source and target file and the lock (target
//   <= 2.0x), and against the older floor module (fs/promises, no lock), both printed;
// - the cold run with 30% of translate answers 429 or 503 (Retry-After: 1) against the clean one
//   (target <= 3x): the median of 3 pairs' ratios, each pair a clean and a faulty cold run taken
//   back to back in alternating order, each on a fresh copy of the project; byte-identical
//   output, and the most requests in flight seen by a proxy against the configured concurrency.
// Run with `pnpm bench` (after `pnpm build`); `--units N`, `--runs N` and `--fault-pairs N`
// change the workload.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus, LOCALES } from './lib/corpus.mjs';
import { countingProxy } from './lib/counting-proxy.mjs';
import { digestTree } from './lib/digest-tree.mjs';
import {
  measureNode,
  median,
  pairedRatios,
  plannedBounds,
  printRows,
  times,
} from './lib/measure-process.mjs';
import { plainFloorScript } from './lib/plain-floor.mjs';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '7' },
    'fault-rate': { type: 'string', default: '0.3' },
    'fault-pairs': { type: 'string', default: '3' },
  },
});
const UNITS = Number(values.units);
const RUNS = Number(values.runs);
const FAULT_RATE = Number(values['fault-rate']);
const FAULT_PAIRS = Number(values['fault-pairs']);
const KEY = 'bench-main-key';
const ADMIN_KEY = 'bench-main-admin-key';
const CONCURRENCY = 4;
const MAX_BYTES = 131_072;
const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./lib/read-hash-floor.mjs', import.meta.url));

const ms = (value) => `${value.toFixed(0)} ms`;
// Peak RSS is read in MiB (resourceUsage's KiB); the target is in MB (10^6 bytes).
const megabytes = (mib) => `${((mib * 1024 * 1024) / 1e6).toFixed(0)} MB (${mib.toFixed(0)} MiB)`;

const work = await mkdtemp(join(tmpdir(), 'transloom-bench-'));
const service = await spawnLocalService(['--api-key', KEY, '--faults'], { adminKey: ADMIN_KEY });
try {
  // Start-up: the help of the command against a bare Node process.
  const help = await times(RUNS, async () => {
    const run = await measureNode([BIN, '--help']);
    if (run.code !== 0) throw new Error(`transloom --help exited ${run.code}`);
    return run.ms;
  });
  const bare = await times(RUNS, async () => (await measureNode(['-e', '0'])).ms);

  // The cold run, through a proxy that counts requests in flight.
  const clean = join(work, 'clean');
  await generateCorpus(clean, UNITS, { concurrency: CONCURRENCY });
  const dry = await measureNode([BIN, 'translate', '--dry-run', '--json'], { cwd: clean });
  const planned = JSON.parse(dry.stdout);
  const cold = async (root) => {
    const proxy = await countingProxy(service.url);
    await service.control('DELETE', 'requests');
    const run = await measureNode([BIN, 'translate', '--json', '--quiet'], {
      cwd: root,
      env: { TRANSLOOM_API_KEY: KEY, TRANSLOOM_API_URL: proxy.url },
      usage: true,
    });
    await proxy.close();
    const report = JSON.parse(run.stdout);
    if (run.code !== 0 || report.failures.length > 0 || report.diagnostics.length > 0)
      throw new Error(`the cold run failed (${run.code}): ${run.stderr.slice(0, 2000)}`);
    const log = (await (await service.control('GET', 'requests')).json()).requests.filter(
      (r) => r.path === '/v2/translate',
    );
    return { run, report, log, peak: proxy.peak() };
  };
  const first = await cold(clean);

  const bounds = plannedBounds(planned, LOCALES);
  const { characters: uniqueChars, texts: uniqueTexts } = bounds;
  let { lowerBound } = bounds;
  const bodyBytes = first.log.reduce((n, r) => n + (r.contentLength ?? 0), 0);
  lowerBound = Math.max(lowerBound, Math.ceil(bodyBytes / MAX_BYTES));

  // The no-op rerun and the check, against two floors: the plain one, a `node -e` that reads
  // (readFileSync) and SHA-256-hashes every source and target file and the lock, one after
  // another, and nothing else; and the older one, a module that reads the sources and targets
  // with fs/promises, all at once. Each round runs the four one after another, so a machine
  // shared with other work slows them alike; the figures are medians over the rounds.
  const files = [...(await digestTree(clean, ['transloom.lock'])).keys()].filter(
    (p) => (p.endsWith('.json') || p.endsWith('.md')) && p !== 'transloom.config.json',
  );
  const list = join(work, 'files.txt');
  await writeFile(list, files.map((p) => join(clean, p)).join('\n'));
  const plainList = join(work, 'plain-files.txt');
  await writeFile(plainList, [...files, 'transloom.lock'].map((p) => join(clean, p)).join('\n'));
  const noop = [];
  const check = [];
  const floor = [];
  const plain = [];
  for (let round = 0; round < RUNS; round++) {
    plain.push((await measureNode(['-e', plainFloorScript(plainList)])).ms);
    const rerun = await measureNode([BIN, 'translate', '--json', '--quiet'], {
      cwd: clean,
      env: { TRANSLOOM_API_KEY: KEY, TRANSLOOM_API_URL: service.url },
    });
    const rerunReport = JSON.parse(rerun.stdout);
    if (rerun.code !== 0 || rerunReport.requests !== 0 || rerunReport.files.written.length !== 0)
      throw new Error('the rerun was not a no-op');
    noop.push(rerun.ms);
    floor.push((await measureNode([FLOOR, list])).ms);
    const checked = await measureNode([BIN, 'check', '--json'], { cwd: clean });
    if (checked.code !== 0)
      throw new Error(`transloom check exited ${checked.code}: ${checked.stderr}`);
    check.push(checked.ms);
  }

  // The same cold run with faults, in pairs: a clean and a faulty run back to back (which goes
  // first alternates), each on a fresh copy of the project. A ratio of two runs taken minutes
  // apart carries whatever else the machine did in between; the figure is the median of the
  // pairs' ratios.
  const pristine = join(work, 'pristine');
  await generateCorpus(pristine, UNITS, { concurrency: CONCURRENCY });
  const faults = async (armed) => {
    if (!armed) return;
    const put = await service.control('PUT', 'faults', {
      rate: FAULT_RATE,
      kinds: ['429', '503'],
      seed: 7,
      retry_after: 1,
      paths: ['/v2/translate'],
    });
    if (put.status !== 204) throw new Error(`arming faults failed: ${put.status}`);
  };
  const pairs = [];
  const faultyRoots = [];
  for (let pair = 0; pair < FAULT_PAIRS; pair++) {
    const runs = {};
    for (const armed of pair % 2 === 0 ? [false, true] : [true, false]) {
      const root = join(work, `${armed ? 'faulty' : 'clean'}-${pair}`);
      await cp(pristine, root, { recursive: true });
      await faults(armed);
      runs[armed ? 'faulty' : 'clean'] = await cold(root);
      if (armed) await service.control('DELETE', 'faults');
      if (armed) faultyRoots.push(root);
    }
    pairs.push(runs);
  }
  const faultRatio = pairedRatios(
    pairs.map((p) => p.faulty.run.ms),
    pairs.map((p) => p.clean.run.ms),
  );
  const second = pairs[0].faulty;
  const refused = second.log.filter((r) => r.fault !== null).length;
  const a = await digestTree(clean, ['transloom.lock']);
  let identical = true;
  for (const root of faultyRoots) {
    const b = await digestTree(root, ['transloom.lock']);
    identical &&= a.size === b.size && [...a].every(([path, hash]) => b.get(path) === hash);
  }

  const { report, run } = first;
  const rows = [
    [
      'corpus',
      `${UNITS} units (${Math.round(UNITS * 0.6)} JSON keys, a tenth of them plural groups; the rest Markdown blocks) in ${planned.files.total} files, ${LOCALES.length} locales`,
    ],
    ['transloom --help', `${ms(median(help))} (node -e 0: ${ms(median(bare))}) (target <= 100 ms)`],
    ['unique texts to send', `${uniqueTexts}`],
    [
      'requests',
      `${report.requests} against a lower bound of ${lowerBound}: ${(report.requests / lowerBound).toFixed(3)}x (target <= 1.01x)`,
    ],
    [
      'billed characters',
      `${report.billedCharacters} against ${uniqueChars} in unique texts: ${(report.billedCharacters / uniqueChars).toFixed(3)}x (target 1.00x)`,
    ],
    [
      'cold run',
      `${(run.ms / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s, peak RSS ${megabytes(run.maxRssMiB)} (target <= 300 MB; with faults ${megabytes(Math.max(...pairs.map((p) => p.faulty.run.maxRssMiB)))})`,
    ],
    [
      'read+hash floors (median)',
      `plain (node -e, readFileSync + sha256 of ${files.length + 1} files: sources, targets, lock) ${ms(median(plain))}; fs/promises module (${files.length} files, no lock) ${ms(median(floor))}`,
    ],
    [
      'no-op rerun (median)',
      `${ms(median(noop))}: ${(median(noop) / median(plain)).toFixed(2)}x the plain floor (target <= 2.0x); ${(median(noop) / median(floor)).toFixed(2)}x the fs/promises one`,
    ],
    [
      'transloom check (median)',
      `${ms(median(check))}: ${(median(check) / median(plain)).toFixed(2)}x the plain floor (target <= 2.0x); ${(median(check) / median(floor)).toFixed(2)}x the fs/promises one`,
    ],
    [
      `cold run, ${Math.round(FAULT_RATE * 100)}% 429/503`,
      `${faultRatio.median.toFixed(2)}x the clean run (target <= 3x; the median of ${FAULT_PAIRS} pairs' ratios: ${pairs.map((p) => `${(p.faulty.run.ms / 1000).toFixed(2)} s against ${(p.clean.run.ms / 1000).toFixed(2)} s`).join(', ')}); ${refused} of ${second.log.length} requests refused; output ${identical ? 'byte-identical' : 'DIFFERENT'}`,
    ],
    [
      'requests in flight',
      `at most ${Math.max(first.peak, ...pairs.map((p) => Math.max(p.clean.peak, p.faulty.peak)))} (clean ${first.peak}, faulty ${Math.max(...pairs.map((p) => p.faulty.peak))}) with concurrency ${CONCURRENCY}`,
    ],
  ];
  printRows(rows);
  if (!identical) process.exitCode = 1;
} finally {
  service.child.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
}
