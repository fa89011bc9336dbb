#!/usr/bin/env node
// The local service (its own process, built) under abusive loads: a normal client's
// GET /v2/languages and small translate latency (p50/p99) on an idle service, then while each
// load runs, side by side with the ratio to idle, and how many calls of each the client made
// (a client that waits less makes more, and its p99 then sees more of the load's rare
// stalls). Run with `pnpm bench:abuse` after a build.
import { request } from 'node:http';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './lib/measure-process.mjs';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const KEY = 'bench-abuse-key-0000';
const SECONDS = 4;
const { url, child } = await spawnLocalService([
  '--api-key',
  KEY,
  '--admin-key',
  'bench-abuse-admin',
]);
const headers = { authorization: `Service-Auth-Key ${KEY}`, 'content-type': 'application/json' };
const { port } = new URL(url);

/** A normal client for SECONDS: languages and a small translate in turn; latencies in ms. */
async function normalClient() {
  const languages = [];
  const translate = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    let t = performance.now();
    await (await fetch(`${url}/v2/languages?type=target`, { headers })).arrayBuffer();
    languages.push(performance.now() - t);
    t = performance.now();
    const res = await fetch(`${url}/v2/translate`, {
      method: 'POST',
      headers,
      body: '{"text":["Hello world"],"target_lang":"DE","source_lang":"EN"}',
    });
    await res.arrayBuffer();
    translate.push(performance.now() - t);
    await sleep(10);
  }
  return { languages, translate };
}

/** Runs `load` (a function of a stop flag) while the normal client measures. */
async function under(load) {
  let stop = false;
  const running = load(() => stop);
  await sleep(300);
  const figures = await normalClient();
  stop = true;
  await running;
  return figures;
}

function dictionary() {
  const lines = [];
  let bytes = 0;
  for (let i = 0; bytes < 10 * 1024 * 1024 - 64; i++) {
    const line = `term${i}\tBegriff${i}`;
    bytes += line.length + 1;
    lines.push(line);
  }
  lines.pop();
  return lines.join('\n');
}

const glossaryBody = JSON.stringify({
  name: 'abuse',
  dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: dictionary() }],
});
const hugeText = JSON.stringify({
  text: ['The quick brown fox jumps over the lazy dog. '.repeat(2800)],
  target_lang: 'DE',
});

const loads = {
  '10 MB glossary created and applied': async (stopped) => {
    while (!stopped()) {
      const res = await fetch(`${url}/v3/glossaries`, {
        method: 'POST',
        headers,
        body: glossaryBody,
      });
      // A failed create would turn this load into plain translates: stop rather than measure that.
      if (!res.ok)
        throw new Error(`Creating the glossary failed: ${res.status} ${await res.text()}`);
      const created = await res.json();
      const text = Array.from({ length: 1500 }, (_, i) => `see term${i * 97} now`).join(' ');
      await (
        await fetch(`${url}/v2/translate`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            text: [text],
            source_lang: 'EN',
            target_lang: 'DE',
            glossary_id: created.glossary_id,
          }),
        })
      ).arrayBuffer();
      await fetch(`${url}/v3/glossaries/${created.glossary_id}`, { method: 'DELETE', headers });
    }
  },
  '300 slow-loris connections': async (stopped) => {
    const sockets = [];
    for (let i = 0; i < 300; i++) {
      const socket = new Socket();
      socket.on('error', () => {});
      socket.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /v2/languages HTTP/1.1\r\n'),
      );
      sockets.push(socket);
    }
    while (!stopped()) {
      for (const s of sockets) if (!s.destroyed) s.write('X');
      await sleep(500);
    }
    for (const s of sockets) s.destroy();
  },
  '50 MB bodies': async (stopped) => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    while (!stopped()) {
      await new Promise((resolve) => {
        const req = request(`${url}/v2/translate`, {
          method: 'POST',
          headers: { ...headers, 'content-length': String(50 * chunk.length) },
        });
        req.on('response', (res) => res.resume().on('end', resolve));
        req.on('error', resolve);
        let sent = 0;
        const pump = () => {
          while (sent < 50 && !req.destroyed) {
            sent++;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
    }
  },
  'huge translate bodies (8 at once)': async (stopped) => {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!stopped()) {
          const res = await fetch(`${url}/v2/translate`, {
            method: 'POST',
            headers,
            body: hugeText,
          });
          await res.arrayBuffer();
        }
      }),
    );
  },
};

await normalClient(); // warm-up: workers and detection tables
const idle = await normalClient();
const rows = [['idle', idle]];
for (const [name, load] of Object.entries(loads)) rows.push([name, await under(load)]);
child.kill('SIGTERM');

const ms = (v) => v.toFixed(1).padStart(7);
const base = {
  languages: percentile(idle.languages, 99),
  translate: percentile(idle.translate, 99),
};
console.log(
  `${'load'.padEnd(36)} ${'languages p50'.padStart(13)} ${'p99'.padStart(7)} ${'x idle'.padStart(7)}   ${'translate p50'.padStart(13)} ${'p99'.padStart(7)} ${'x idle'.padStart(7)} ${'calls'.padStart(6)}`,
);
for (const [name, f] of rows) {
  const l99 = percentile(f.languages, 99);
  const t99 = percentile(f.translate, 99);
  console.log(
    `${name.padEnd(36)} ${ms(percentile(f.languages, 50)).padStart(13)} ${ms(l99)} ${(l99 / base.languages).toFixed(1).padStart(6)}x   ${ms(percentile(f.translate, 50)).padStart(13)} ${ms(t99)} ${(t99 / base.translate).toFixed(1).padStart(6)}x ${String(f.translate.length).padStart(6)}`,
  );
}
process.exit(0);
