// Runs a command as users run it, a whole process from spawn to exit, and reports its wall
// time, and (for Node processes) CPU time and peak RSS.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('./rusage-preload.mjs', import.meta.url));

/**
 * Spawns `node ...args` (with `usage: true`, through a preload that records resource usage at
 * exit) and resolves with `{ code, ms, stdout, stderr, cpuMs?, maxRssMiB? }`.
 */
export async function measureNode(args, { cwd, env = {}, usage = false } = {}) {
  const dir = usage ? await mkdtemp(join(tmpdir(), 'transloom-rusage-')) : undefined;
  const file = dir ? join(dir, 'usage.json') : undefined;
  const argv = usage ? ['--import', PRELOAD, ...args] : args;
  const started = performance.now();
  const result = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd,
      env: { ...process.env, ...env, ...(file ? { TRANSLOOM_BENCH_RUSAGE: file } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  const ms = performance.now() - started;
  if (!file) return { ...result, ms };
  const rusage = JSON.parse(await readFile(file, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  return {
    ...result,
    ms,
    cpuMs: (rusage.userCPUTime + rusage.systemCPUTime) / 1000,
    maxRssMiB: rusage.maxRSS / 1024,
  };
}

/** The median of a list of numbers. */
export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * The ratios `a[i] / b[i]` of runs taken in pairs (each pair back to back): their median and
 * quartiles, nearest rank. Comparing within a pair leaves out what moves between pairs (the
 * other work on a shared machine); a ratio of two medians does not.
 */
export function pairedRatios(a, b) {
  if (a.length === 0 || a.length !== b.length)
    throw new Error(`pairedRatios: ${a.length} against ${b.length} runs; pairs are needed`);
  const sorted = a.map((x, i) => x / b[i]).sort((x, y) => x - y);
  const at = (p) => sorted[Math.round(p * (sorted.length - 1))];
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

/** The `p`th percentile (0-100) of a list of numbers, nearest rank; 0 for an empty list. */
export function percentile(list, p) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The task's results, run `runs` times one after another. */
export async function times(runs, task) {
  const list = [];
  for (let i = 0; i < runs; i++) list.push(await task());
  return list;
}

/**
 * What a dry run's JSON summary (`planned`) says must be sent: the unique texts and their
 * characters, and the request lower bound, the sum over locales of ceil(texts / 50).
 */
export function plannedBounds(planned, locales) {
  let lowerBound = 0;
  let characters = 0;
  let texts = 0;
  for (const locale of locales) {
    const l = planned.locales[locale];
    texts += l.pending;
    characters += l.characters;
    lowerBound += Math.ceil(l.pending / 50);
  }
  return { lowerBound, characters, texts };
}

/** Prints `[label, value]` rows with the labels in one column. */
export function printRows(rows) {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}
