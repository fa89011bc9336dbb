import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CrashLayout } from './crash-project.js';
import { runTransloom } from './e2e.js';
import { gitVisible } from './git-visible.js';
import { inspectTargets } from './inspect-targets.js';
import { type RecordingProxy, type SeenRequest, textKey } from './recording-proxy.js';
import { startTransloom } from './start-transloom.js';

/** What a chain of killed runs needs. */
export interface KillChainOptions {
  /** Names the chain in its lines (`cold`, `warm`). */
  name: string;
  /** The project every job starts from, copied for each. */
  template: string;
  /** Where the copies go. */
  work: string;
  layout: CrashLayout;
  locales: readonly string[];
  /** Kills in all, over as many jobs as they take. */
  kills: number;
  /** Kills in one job at most: then a run is left to complete, and its report counts. */
  killsPerJob: number;
  /** An uninterrupted run: how long it takes, and how many requests it sends in that time. */
  durationMs: number;
  requests: number;
  random: () => number;
  /**
   * A request counts as answered when the proxy wrote the last byte of its answer at least
   * this long before the kill (time for the client to read, verify and store it); any other
   * request was in flight.
   */
  marginMs: number;
  proxy: RecordingProxy;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** The figures of one kill, or of the run that completed a job (`kill` undefined). */
export interface ChainRecord {
  job: number;
  kill: number | undefined;
  /** When the kill was due: ms after the start, or after the run's first request. */
  due: string | undefined;
  code: number | null;
  /** Requests of the run answered before the kill (minus the margin), and the others. */
  answered: number;
  inFlight: number;
  /** Texts this run sent that an earlier run of the job had been answered for. */
  paidAgain: number;
  /** Of those, the longest time between an answer and the kill that followed it. */
  paidAgainMs: number;
  /** A completing run's units it recorded as a person's, by locale (its own `--json` report). */
  kept: Record<string, number> | undefined;
  broken: string[];
  english: string[];
  /** Files git would show that no run should leave: after this run, and left by the kill before. */
  strays: string[];
  leftOver: string[];
  /** `transloom check`'s exit code after a job's last run. */
  check?: number | null;
  runMs: number;
}

// A job's memory of what its earlier runs were answered for: text key -> ms before the kill.
type Answered = Map<string, number>;

/** When a run is killed: `ms` after its start, or `ms` after its `request`th request arrives. */
type KillPlan = { request: number; ms: number };

let runs = 0;

// One kill in five falls anywhere from the start of the run (startup, reading, planning,
// sending). The others fall while it sends and writes, placed by its progress rather than by
// the clock (a shared machine's speed varies by a factor of two from one run to the next): at
// a random one of the requests the job has left, then a random part of the time between two
// requests of an uninterrupted run.
function planKill(options: KillChainOptions, left: number): KillPlan {
  if (options.random() < 0.2)
    return { request: 0, ms: Math.floor(options.random() * options.durationMs) };
  const gap = options.durationMs / options.requests;
  return {
    request: 1 + Math.floor(options.random() * Math.max(1, left)),
    ms: Math.floor(options.random() * gap),
  };
}

/**
 * Kills runs of `translate` with SIGKILL at random moments and runs again, in jobs: each job
 * starts from a fresh copy of the template and goes on (kill, run again, kill, ...) for up to
 * `killsPerJob` kills, then lets a run complete (one may complete sooner); then the next job,
 * until `kills` kills are done. Each record says what the kill left (targets, stray files),
 * what the next run paid again, and, for a completing run, what it recorded as a person's.
 */
export async function runKillChain(options: KillChainOptions): Promise<ChainRecord[]> {
  const records: ChainRecord[] = [];
  let kills = 0;
  for (let job = 1; kills < options.kills; job++) {
    const root = join(options.work, `${options.name}-${job}`);
    await cp(options.template, root, { recursive: true });
    const answered: Answered = new Map();
    let strays: string[] = [];
    let left = options.requests;
    for (let inJob = 0; ; inJob++) {
      const plan =
        inJob < options.killsPerJob && kills < options.kills ? planKill(options, left) : undefined;
      const started = performance.now();
      const run = await killedRun(options, root, plan);
      const record = await recordRun(options, root, run, answered, strays);
      record.job = job;
      record.runMs = performance.now() - started;
      record.due =
        plan &&
        (plan.request === 0
          ? `${plan.ms} ms after its start`
          : `${plan.ms} ms after its request ${plan.request}`);
      strays = record.strays;
      if (run.killedAt === undefined) {
        record.check = (await runTransloom(['check'], { cwd: root, env: options.env })).code;
        records.push(record);
        options.log(describe(options, record));
        break;
      }
      record.kill = ++kills;
      const { inFlight } = remember(answered, run.requests, run.killedAt, options.marginMs);
      record.answered = run.requests.length - inFlight;
      record.inFlight = inFlight;
      left -= record.answered;
      records.push(record);
      options.log(describe(options, record));
    }
  }
  return records;
}

// What a run left: its targets, the files git sees, and what it sent that was paid already.
async function recordRun(
  options: KillChainOptions,
  root: string,
  run: KilledRun,
  answered: Answered,
  before: readonly string[],
): Promise<ChainRecord> {
  let paidAgain = 0;
  let paidAgainMs = 0;
  for (const r of run.requests)
    for (const t of r.texts) {
      const ago = answered.get(textKey(r.targetLang, t));
      if (ago === undefined) continue;
      paidAgain++;
      paidAgainMs = Math.max(paidAgainMs, ago);
    }
  const inspection = await inspectTargets(root, options.layout, options.locales);
  const strays = (await gitVisible(root)).filter((p) => !options.layout.expected(p));
  const completed = run.killedAt === undefined;
  return {
    job: 0,
    kill: undefined,
    due: undefined,
    code: run.code,
    answered: 0,
    inFlight: 0,
    paidAgain,
    paidAgainMs,
    kept: completed
      ? Object.fromEntries(
          options.locales.map((l) => [l, run.json?.locales?.[l]?.kept ?? Number.NaN]),
        )
      : undefined,
    broken: inspection.broken,
    english: inspection.english,
    strays,
    leftOver: before.filter((p) => strays.includes(p)),
    runMs: 0,
  };
}

interface KilledRun {
  code: number | null;
  json: any;
  /** When the kill was sent (performance.now()), if it was. */
  killedAt: number | undefined;
  requests: SeenRequest[];
}

// One `translate --json` through the proxy, killed as `plan` says unless it exits first.
async function killedRun(
  options: KillChainOptions,
  root: string,
  plan: KillPlan | undefined,
): Promise<KilledRun> {
  const label = ++runs;
  options.proxy.label(label);
  const run = startTransloom(['translate', '--json'], { cwd: root, env: options.env });
  let killedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const kill = (ms: number) => {
    timer = setTimeout(() => {
      if (run.exited()) return;
      killedAt = performance.now();
      run.signal('SIGKILL');
    }, ms);
  };
  let stop = () => {};
  if (plan?.request === 0) kill(plan.ms);
  else if (plan) {
    let seen = 0;
    stop = options.proxy.onRequest((request) => {
      if (request.run !== label || ++seen < plan.request) return;
      stop();
      kill(plan.ms);
    });
  }
  const done = await run.done;
  stop();
  clearTimeout(timer);
  // A run that exited on its own as the kill was sent was not killed.
  if (done.signal !== 'SIGKILL') killedAt = undefined;
  return {
    code: done.code,
    json: done.json,
    killedAt,
    requests: options.proxy.requests.filter((r) => r.run === label),
  };
}

// Adds the texts answered before `killedAt - marginMs` to `answered`; counts the others.
function remember(
  answered: Answered,
  requests: readonly SeenRequest[],
  killedAt: number,
  marginMs: number,
): { inFlight: number } {
  let inFlight = 0;
  for (const r of requests) {
    if (r.status === 200 && r.answeredAt !== undefined && r.answeredAt <= killedAt - marginMs) {
      for (const t of r.texts) answered.set(textKey(r.targetLang, t), killedAt - r.answeredAt);
    } else inFlight++;
  }
  return { inFlight };
}

/** Units `transloom status --json` (every file parsed) counts as kept, by locale. */
export async function keptByLocale(
  root: string,
  options: Pick<KillChainOptions, 'env' | 'locales'>,
): Promise<Record<string, number>> {
  const status = await runTransloom(['status', '--json'], { cwd: root, env: options.env });
  return Object.fromEntries(
    options.locales.map((l) => [l, status.json?.locales?.[l]?.kept ?? Number.NaN]),
  );
}

/** The units of `counts` in all. */
export const total = (counts: Record<string, number>) =>
  Object.values(counts).reduce((a, b) => a + b, 0);

function describe(options: KillChainOptions, r: ChainRecord): string {
  const what =
    r.kill === undefined
      ? `job ${r.job} completed (exit ${r.code}, check ${r.check}, ${r.runMs.toFixed(0)} ms)`
      : `kill ${r.kill}/${options.kills} (job ${r.job}) ${r.due}: ${r.answered} requests answered, ${r.inFlight} in flight`;
  const kept = r.kept
    ? `; recorded as a person's: ${total(r.kept)} (${Object.entries(r.kept)
        .map(([l, n]) => `${l} ${n}`)
        .join(', ')})`
    : '';
  const again =
    r.paidAgain > 0 ? ` (answered up to ${r.paidAgainMs.toFixed(0)} ms before a kill)` : '';
  return `${options.name} ${what}${kept}; paid again: ${r.paidAgain} texts${again}; broken ${r.broken.length}, English ${r.english.length}, strays ${r.strays.length} (${r.leftOver.length} left by the kill before)`;
}

/** Every way the records break the promise of a crash-safe run, one line each. */
export function chainProblems(name: string, records: readonly ChainRecord[]): string[] {
  const problems: string[] = [];
  for (const r of records) {
    const at =
      r.kill === undefined
        ? `${name} job ${r.job}, completing run`
        : `${name} kill ${r.kill} (job ${r.job})`;
    if (r.kill === undefined && r.code !== 0) problems.push(`${at}: exit ${r.code}`);
    if (r.check !== undefined && r.check !== 0) problems.push(`${at}: check exits ${r.check}`);
    if (r.kept && total(r.kept) !== 0)
      problems.push(
        `${at}: ${total(r.kept)} units recorded as a person's (${JSON.stringify(r.kept)})`,
      );
    if (r.paidAgain > 0)
      problems.push(
        `${at}: the run sent ${r.paidAgain} texts again that were answered before an earlier kill (up to ${r.paidAgainMs.toFixed(0)} ms before it)`,
      );
    if (r.broken.length > 0)
      problems.push(`${at}: targets that do not parse: ${r.broken.join(', ')}`);
    if (r.english.length > 0)
      problems.push(`${at}: ${r.english.length} English texts in targets, e.g. ${r.english[0]}`);
    if (r.leftOver.length > 0)
      problems.push(`${at}: files left by the kill before, seen by git: ${r.leftOver.join(', ')}`);
    if (r.kill === undefined && r.strays.length > 0)
      problems.push(`${at}: files seen by git that no run should leave: ${r.strays.join(', ')}`);
  }
  return problems;
}
