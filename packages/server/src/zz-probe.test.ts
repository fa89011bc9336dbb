import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { MAX_DICTIONARY_BYTES } from '@transloom/client/wire';
import { expect, it } from 'vitest';
import { startTestServer } from './test-support/test-server.js';

function fullDictionary(): string {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; ; i++) {
    const line = `term${i}\tBegriff${i}`;
    if (bytes + line.length + 1 > MAX_DICTIONARY_BYTES) break;
    bytes += line.length + 1;
    lines.push(line);
  }
  return lines.join('\n');
}
it('probe', async () => {
  const t = await startTestServer();
  await t.call('POST', '/v2/translate', { json: { text: ['warm up'], target_lang: 'DE' } });
  const body = Buffer.from(
    JSON.stringify({
      name: 'huge',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: fullDictionary() }],
    }),
  );
  // detect long tasks: a timer that records gaps
  const gaps: Array<[number, number]> = [];
  let last = performance.now();
  let run = true;
  const tick = () => {
    const now = performance.now();
    if (now - last > 15) gaps.push([Math.round(last), Math.round(now - last)]);
    last = now;
    if (run) setImmediate(tick);
  };
  setImmediate(tick);
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  const created = await t.call('POST', '/v3/glossaries', {
    body,
    headers: { 'content-type': 'application/json' },
  });
  const t1 = performance.now();
  const text = Array.from({ length: 2000 }, (_, i) => `see term${i * 97} now`).join(' ');
  const translated = await t.call('POST', '/v2/translate', {
    json: {
      text: [text],
      source_lang: 'EN',
      target_lang: 'DE',
      glossary_id: created.body.glossary_id,
    },
  });
  const t2 = performance.now();
  const form = new URLSearchParams([
    ['name', 'f'],
    ['dictionaries[0].source_lang', 'en'],
    ['dictionaries[0].target_lang', 'de'],
    ['dictionaries[0].entries', fullDictionary()],
  ]).toString();
  const t3 = performance.now();
  const c2 = await t.call('POST', '/v3/glossaries', {
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const t4 = performance.now();
  h.disable();
  run = false;
  console.log(
    created.status,
    translated.status,
    c2.status,
    'create',
    Math.round(t1 - t0),
    'translate',
    Math.round(t2 - t1),
    'form create',
    Math.round(t4 - t3),
  );
  console.log('eld max', h.max / 1e6, 'p99', h.percentile(99) / 1e6);
  console.log('gaps', JSON.stringify(gaps.map(([a, b]) => [Math.round(a - t0), b])));
});
