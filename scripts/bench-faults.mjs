#!/usr/bin/env node
// The main job's requests under faults: the texts `pnpm bench` translates (the same generated
// 20 000-unit project, read by the engine's own format adapters, deduplicated, 5 locales, one
// request group per locale) sent through the client's translateMany with one adaptive limiter
// shared by every locale, as the engine sends them. Once against a clean service, once with
// 30% of the translate requests answered 429 or 503 (Retry-After: 1), each against the local
// service in its own process. It prints both times, their ratio (target <= 3x), whether the
// outputs are byte-identical, and the most requests in flight against the configured
// concurrency, and the floor of the faulty run: no request can be answered before it was first
// sent plus one Retry-After wait (1 s) per 429 it met, so the run cannot end before the latest
// of those times (given when its requests were first sent; a 503 carries no Retry-After, and
// the wait after it, a random backoff, is counted as nothing). Run with `node scripts/bench-faults.mjs` (after building client, core, server);
// `--units N`, `--concurrency N`, `--rate R`, `--runs N` change the workload.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAdaptiveLimiter, createClient } from '../packages/client/dist/node.js';
import { targetLangOf } from '../packages/core/dist/config.js';
import { loadDocument } from '../packages/core/dist/formats.js';
import { sourceLangOf } from '../packages/core/dist/pipeline.js';
import { generateCorpus, LOCALES } from './lib/corpus.mjs';
import { median, printRows } from './lib/measure-process.mjs';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '4' },
    rate: { type: 'string', default: '0.3' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '9' },
  },
});
const UNITS = Number(values.units);
const CONCURRENCY = Number(values.concurrency);
const RATE = Number(values.rate);
const RUNS = Number(values.runs);
const KEY = 'bench-faults-key';
// Fault control and the request log are for admins.
const ADMIN_KEY = 'bench-faults-admin-key';
const TARGET_RATIO = 3;
// Each service process started registers an exit handler that kills it.
process.setMaxListeners(2 * RUNS + 10);

// The segments the engine sends: each unit's text in segment markup, once per distinct text.
const segments = new Set();
let unitCount = 0;
const corpus = await mkdtemp(join(tmpdir(), 'transloom-bench-faults-'));
await generateCorpus(corpus, UNITS);
const sources = (await readdir(corpus, { recursive: true })).filter(
  (p) => /^locales\/en\/.*\.json$/.test(p) || /^docs\/.*\.md$/.test(p),
);
for (const path of sources.sort()) {
  const content = await readFile(join(corpus, path));
  for (const unit of loadDocument({ path, content, sourceLocale: 'en' }).units) {
    unitCount++;
    segments.add(unit.segment);
  }
}
await rm(corpus, { recursive: true, force: true });
const texts = [...segments];
const optionsOf = (locale) => ({
  sourceLang: sourceLangOf('en'),
  targetLang: targetLangOf(locale),
  tagHandling: 'xml',
  preserveFormatting: true,
  showBilledCharacters: true,
});

// A request body as bytes, whichever form the client sent it in.
const bodyBytes = (body) =>
  typeof body === 'string' ? body : body instanceof Uint8Array ? body : Buffer.from(body ?? '');

/**
 * The floor of a run from its attempts: per request (by body), its first sending plus one
 * Retry-After (1 s) per 429; the latest of those, in seconds from `started`, with the request
 * that sets it, and the longest run of refusals (429 or 503) of any request.
 */
function faultFloor(attempts, started) {
  const requests = new Map();
  for (const attempt of attempts) {
    const key = createHash('sha256').update(bodyBytes(attempt.body)).digest('hex');
    const request = requests.get(key) ?? { first: attempt.at, refused: 0, waits: 0 };
    if (attempt.status === 429 || attempt.status === 503) request.refused++;
    if (attempt.status === 429) request.waits++;
    requests.set(key, request);
  }
  let floor = { seconds: 0, firstSent: 0, refused: 0, waits: 0 };
  let longestRefused = 0;
  for (const { first, refused, waits } of requests.values()) {
    longestRefused = Math.max(longestRefused, refused);
    const firstSent = (first - started) / 1000;
    if (firstSent + waits > floor.seconds)
      floor = { seconds: firstSent + waits, firstSent, refused, waits };
  }
  return { floor, longestRefused };
}

/** One run against a fresh service process: time, output digest, requests, peak in flight. */
async function run(faulty, faultSeed) {
  const { url, child, control } = await spawnLocalService(['--api-key', KEY, '--faults'], {
    adminKey: ADMIN_KEY,
  });
  try {
    if (faulty) {
      const res = await control('PUT', 'faults', {
        rate: RATE,
        kinds: ['429', '503'],
        seed: faultSeed,
        // Sent with each 429; a 503 says nothing of when to come back.
        retry_after: 1,
        paths: ['/v2/translate'],
      });
      if (res.status !== 204) throw new Error(`arming random faults failed: ${res.status}`);
    }
    // Requests in flight as the network sees them, from sending to the last byte of the answer,
    // counted outside the limiter so that the limiter is checked, not trusted.
    let inFlight = 0;
    let peakInFlight = 0;
    // Every attempt: when it was sent, its body (a retry sends the same body) and its status;
    // matched up after the run, so that nothing is hashed while it is timed.
    const attempts = [];
    const countingFetch = async (input, init) => {
      inFlight++;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const attempt = { at: performance.now(), body: init?.body, status: 0 };
      attempts.push(attempt);
      try {
        const response = await fetch(input, init);
        attempt.status = response.status;
        const body = await response.arrayBuffer();
        return new Response(body, response);
      } finally {
        inFlight--;
      }
    };
    let smallestWindow = CONCURRENCY;
    const limiter = createAdaptiveLimiter({
      concurrency: CONCURRENCY,
      onWindowChange: (size) => {
        smallestWindow = Math.min(smallestWindow, size);
      },
    });
    const client = createClient({
      apiKey: KEY,
      serverUrl: url,
      fetch: countingFetch,
      // At 30%, some batch of the 1580 is refused six times in a row in most runs: with the
      // default of 5 retries it would fail and the engine would send it again after the rest;
      // here the client keeps trying it instead, so that every text comes back from one call.
      maxRetries: 10,
    });
    const started = performance.now();
    const results = await Promise.all(
      LOCALES.map((locale) =>
        client.translateMany(texts, optionsOf(locale), { schedule: limiter.schedule }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const digest = createHash('sha256');
    for (const list of results) for (const t of list) digest.update(`${t.text}\u0000`);
    const log = (await (await control('GET', 'requests')).json()).requests.filter(
      (r) => r.path === '/v2/translate',
    );
    return {
      seconds,
      digest: digest.digest('hex'),
      requests: log.length,
      refused: log.filter((r) => r.status !== 200).length,
      peakInFlight,
      peakActive: limiter.peakActive,
      smallestWindow,
      ...faultFloor(attempts, started),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

const clean = [];
const faulty = [];
// Alternated, so that neither gains from running later on a warmer machine.
for (let i = 0; i < RUNS; i++) {
  clean.push(await run(false));
  faulty.push(await run(true, Number(values.seed) + i));
}
const cleanSeconds = median(clean.map((r) => r.seconds));
const faultySeconds = median(faulty.map((r) => r.seconds));
const ratio = faultySeconds / cleanSeconds;
const identical = [...clean, ...faulty].every((r) => r.digest === clean[0].digest);
const peak = Math.max(...[...clean, ...faulty].map((r) => r.peakInFlight));
const f = faulty.find((r) => r.seconds === faultySeconds);
const rows = [
  [
    'workload',
    `${unitCount} units, ${texts.length} distinct segments x ${LOCALES.length} locales, concurrency ${CONCURRENCY}, Node ${process.version}`,
  ],
  ['clean (median)', `${cleanSeconds.toFixed(2)} s, ${clean[0].requests} requests`],
  [
    `${Math.round(RATE * 100)}% 429/503 (median)`,
    `${faultySeconds.toFixed(2)} s, ${f.requests} requests of which ${f.refused} refused, smallest window ${Math.min(...faulty.map((r) => r.smallestWindow))}`,
  ],
  ['ratio', `${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)`],
  [
    'faulty floor',
    `${f.floor.seconds.toFixed(2)} s: a request first sent at ${f.floor.firstSent.toFixed(2)} s was refused ${f.floor.refused} times, ${f.floor.waits} of them 429 with Retry-After: 1 (${(f.floor.seconds / cleanSeconds).toFixed(2)}x the clean run; the faulty run is ${(faultySeconds / f.floor.seconds).toFixed(2)}x its floor; longest run of refusals ${f.longestRefused})`,
  ],
  ['outputs', identical ? 'byte-identical' : 'DIFFERENT'],
  [
    'max requests in flight',
    `${peak} (limiter peak ${Math.max(...[...clean, ...faulty].map((r) => r.peakActive))}) against a concurrency of ${CONCURRENCY}`,
  ],
];
printRows(rows);
console.log(
  `runs: clean ${clean.map((r) => r.seconds.toFixed(2)).join(', ')} s; faulty ${faulty.map((r) => `${r.seconds.toFixed(2)} s (floor ${r.floor.seconds.toFixed(2)} s)`).join(', ')}`,
);
if (!identical || peak > CONCURRENCY || ratio > TARGET_RATIO) process.exitCode = 1;
