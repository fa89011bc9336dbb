import { request } from 'node:http';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_DICTIONARY_BYTES } from '@transloom/client/wire';
import { describe, expect, it } from 'vitest';
import { KEYS, startTestServer } from './test-support/test-server.js';

/** Calls GET /v2/languages in a loop until `stop` and returns the slowest answer in ms. */
async function slowestLanguages(url: string, stop: () => boolean): Promise<number> {
  let slowest = 0;
  while (!stop()) {
    const started = performance.now();
    const res = await fetch(`${url}/v2/languages?type=target`, {
      headers: { authorization: `Service-Auth-Key ${KEYS.paid}` },
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    await sleep(5);
  }
  return slowest;
}

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

// Wall-clock latencies on a shared machine: a run starved by other processes is tried again.
describe('one request cannot freeze the service', { retry: 2 }, () => {
  it('answers another client within 100 ms while a 10 MB dictionary is created and applied', async () => {
    const t = await startTestServer();
    // Warm up: the first request starts the worker threads.
    await t.call('POST', '/v2/translate', { json: { text: ['warm up'], target_lang: 'DE' } });
    // The test's own work (building and encoding 10 MB) happens before the measurement.
    const body = Buffer.from(
      JSON.stringify({
        name: 'huge',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: fullDictionary() }],
      }),
    );
    let done = false;
    const watcher = slowestLanguages(t.url, () => done);
    try {
      const created = await t.call('POST', '/v3/glossaries', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(created.status).toBe(201);
      expect(created.body.dictionaries[0].entry_count).toBeGreaterThan(400_000);
      const text = Array.from({ length: 2000 }, (_, i) => `see term${i * 97} now`).join(' ');
      const translated = await t.call('POST', '/v2/translate', {
        json: {
          text: [text],
          source_lang: 'EN',
          target_lang: 'DE',
          glossary_id: created.body.glossary_id,
        },
      });
      expect(translated.status).toBe(200);
      expect(translated.body.translations[0].text).toContain('Begriff97 ');
    } finally {
      done = true;
    }
    expect(await watcher).toBeLessThan(100);
  }, 120_000);

  it('answers another client within 100 ms while huge texts are pseudo-localized and detected', async () => {
    const t = await startTestServer();
    await t.call('POST', '/v2/translate', { json: { text: ['warm up'], target_lang: 'DE' } });
    let done = false;
    const watcher = slowestLanguages(t.url, () => done);
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(2800);
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.call('POST', '/v2/translate', { json: { text: [text], target_lang: 'DE' } }),
        ),
      );
      for (const res of results) expect(res.status).toBe(200);
    } finally {
      done = true;
    }
    expect(await watcher).toBeLessThan(100);
  }, 60_000);
});

/** Sends `bytes` of body (declared, or chunked when `declared` is false) and reads the answer. */
function sendHuge(
  url: string,
  path: string,
  bytes: number,
  declared: boolean,
): Promise<{ status: number | 'closed'; ms: number; sent: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request(`${url}${path}`, {
      method: path.startsWith('/v3/glossaries/') ? 'PATCH' : 'POST',
      headers: {
        authorization: `Service-Auth-Key ${KEYS.paid}`,
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(bytes) } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode!, ms: performance.now() - started, sent }),
      );
    });
    // The server closes the connection after its 413: a write can fail before the answer is read.
    req.on('error', () =>
      setTimeout(() => resolve({ status: 'closed', ms: performance.now() - started, sent }), 200),
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    req.write('{"text":["');
    pump();
  });
}

describe('bodies over the limit', () => {
  it('refuses 50 MB bodies with 413 at once, declared or chunked, without holding them', async () => {
    const t = await startTestServer();
    const glossary = await t.call('POST', '/v3/glossaries', {
      json: {
        name: 'g',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }],
      },
    });
    const before = process.memoryUsage().rss;
    const paths = ['/v2/translate', '/v2/write/rephrase', '/v3/voice/realtime', '/v2/nothing'];
    // The glossary edit comes last: its limit (one dictionary, form-encoded) is 31 MB.
    for (const path of [...paths, `/v3/glossaries/${glossary.body.glossary_id}`]) {
      if (!path.startsWith('/v3/glossaries/'))
        expect(process.memoryUsage().rss - before).toBeLessThan(20 * 1024 * 1024);
      for (const declared of [true, false]) {
        const res = await sendHuge(t.url, path, 50 * 1024 * 1024, declared);
        // A declared length is refused before any byte is read; a chunked body once it passes
        // the limit (the client may then see the connection close before the answer).
        if (declared || res.status !== 'closed')
          expect(res.status, `${path} ${declared}`).toBe(413);
        else expect(res.sent).toBeLessThan(50 * 1024 * 1024);
        expect(res.ms, `${path} ${declared}`).toBeLessThan(3000);
      }
    }
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  }, 60_000);
});

function connect(url: string): Promise<Socket> {
  const { port } = new URL(url);
  const socket = new Socket();
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(Number(port), '127.0.0.1', () => resolve(socket));
  });
}

function closed(socket: Socket): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    if (socket.destroyed) resolve(0);
    socket.once('close', () => resolve(performance.now() - started));
  });
}

describe('slow clients', () => {
  it('cuts off a client that sends its headers a byte at a time', async () => {
    const t = await startTestServer({ connections: { headersTimeoutMs: 600 } });
    const socket = await connect(t.url);
    socket.on('error', () => {});
    const gone = closed(socket);
    const header = `GET /v2/languages HTTP/1.1\r\nHost: x\r\nAuthorization: Service-Auth-Key ${KEYS.paid}\r\n\r\n`;
    let cutOff = false;
    void gone.then(() => {
      cutOff = true;
    });
    for (let i = 0; i < header.length && !cutOff; i++) {
      socket.write(header[i]!);
      await sleep(50);
    }
    expect(cutOff).toBe(true);
    expect(await gone).toBeLessThan(3000);
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('refuses connections above the cap and serves a normal client once they go', async () => {
    const t = await startTestServer({ connections: { maxConnections: 8 } });
    const held = await Promise.all(Array.from({ length: 8 }, () => connect(t.url)));
    await sleep(100);
    const extra = await connect(t.url).catch(() => null);
    if (extra) {
      extra.on('error', () => {});
      expect(await closed(extra)).toBeLessThan(2000);
    }
    for (const socket of held) socket.destroy();
    await sleep(100);
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });
});
