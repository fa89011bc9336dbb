#!/usr/bin/env node
// translateMany against the local service (its own process, pseudo engine): requests sent
// against the lower bound max(ceil(n/50), ceil(bytes/131072)), texts/s, and peak memory,
// next to the floor: a raw fetch loop sending the same texts in fixed groups of 50 with the
// same concurrency and no validation, measuring or retries. Run with `pnpm bench:client`.
import { createClient } from '../packages/client/dist/node.js';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const KEY = 'bench-client-key';
const CONCURRENCY = 4;
const encoder = new TextEncoder();

const ADMIN_KEY = 'bench-client-admin-key';
// The request log is for admins.
const { url, child, control } = await spawnLocalService(['--api-key', KEY, '--faults'], {
  adminKey: ADMIN_KEY,
});
async function requestsSent() {
  const { requests } = await (await control('GET', 'requests')).json();
  return requests.filter((r) => r.path === '/v2/translate').length;
}

/** Samples memory while `fn` runs; returns its result, the time and the peaks. */
async function measure(fn) {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  await control('DELETE', 'requests');
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return {
    result,
    seconds,
    requests: await requestsSent(),
    peakRss,
    heapGrowth: peakHeap - base.heapUsed,
  };
}

// The floor: fixed groups of 50, bodies built with JSON.stringify, sent by plain fetch.
async function rawLoop(texts) {
  const out = new Array(texts.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < texts.length) {
        const start = next;
        next += 50;
        const res = await fetch(`${url}/v2/translate`, {
          method: 'POST',
          headers: { authorization: `Service-Auth-Key ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            text: texts.slice(start, start + 50),
            target_lang: 'DE',
            source_lang: 'EN',
          }),
        });
        const { translations } = await res.json();
        translations.forEach((t, i) => {
          out[start + i] = t.text;
        });
      }
    }),
  );
  return out;
}

const words = [
  'account',
  'settings',
  'save',
  'delete',
  'profile',
  'message',
  'upload',
  'search',
  'cancel',
  'continue',
];
const workloads = [
  {
    name: '100 000 short texts',
    texts: Array.from(
      { length: 100_000 },
      (_, i) => `${words[i % 10]} ${words[(i * 7) % 10]} ${i}`,
    ),
  },
  {
    name: '2 000 texts of 2 KB',
    texts: Array.from({ length: 2_000 }, (_, i) =>
      `Paragraph ${i}: ${'The quick brown fox jumps over the lazy dog. '.repeat(46)}`.slice(
        0,
        2048,
      ),
    ),
  },
];

const client = createClient({ apiKey: KEY, serverUrl: url });
const rows = [];
for (const { name, texts } of workloads) {
  const bytes = texts.reduce((sum, t) => sum + encoder.encode(JSON.stringify(t)).length + 1, 0);
  const lowerBound = Math.max(Math.ceil(texts.length / 50), Math.ceil(bytes / 131_072));
  await client.translateMany(texts.slice(0, 500), { targetLang: 'DE', sourceLang: 'EN' });
  // Alternate the two and keep each one's best of three, so neither gains from running later.
  let ours;
  let floor;
  for (let round = 0; round < 3; round++) {
    const a = await measure(() =>
      client.translateMany(
        texts,
        { targetLang: 'DE', sourceLang: 'EN' },
        { concurrency: CONCURRENCY },
      ),
    );
    if (a.result.length !== texts.length || a.result.some((t) => !t?.text)) {
      throw new Error(`${name}: missing results`);
    }
    const b = await measure(() => rawLoop(texts));
    if (!ours || a.seconds < ours.seconds) ours = a;
    if (!floor || b.seconds < floor.seconds) floor = b;
  }
  rows.push({ name, n: texts.length, bytes, lowerBound, ours, floor });
}
child.kill('SIGTERM');

const pad = (s, n) => String(s).padEnd(n);
const num = (n, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const mb = (b) => `${num(b / 1024 / 1024, 1)} MB`;
console.log(
  `\ntranslateMany against the local service (pseudo engine, concurrency ${CONCURRENCY}), Node ${process.version}\n`,
);
console.log(
  `${pad('workload', 22)}${pad('requests', 10)}${pad('lower bound', 13)}${pad('ratio', 8)}${pad('texts/s', 10)}${pad('floor texts/s', 15)}${pad('vs floor', 10)}${pad('peak RSS', 11)}heap growth`,
);
for (const { name, lowerBound, ours, floor, n } of rows) {
  console.log(
    `${pad(name, 22)}${pad(ours.requests, 10)}${pad(lowerBound, 13)}${pad(`${num(ours.requests / lowerBound, 3)}x`, 8)}${pad(num(n / ours.seconds), 10)}${pad(num(n / floor.seconds), 15)}${pad(`${num(floor.seconds / ours.seconds, 2)}x`, 10)}${pad(mb(ours.peakRss), 11)}${mb(ours.heapGrowth)} (floor ${mb(floor.heapGrowth)})`,
  );
}
