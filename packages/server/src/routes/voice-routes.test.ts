import { setTimeout as sleep } from 'node:timers/promises';
import { decode, encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer({ streamLimits: { idleMs: 400 } });
const PCM16K = 'audio/pcm;encoding=s16le;rate=16000';

/** 16-bit PCM at 16 kHz: silence and 440 Hz tone, by (milliseconds, audible) pairs. */
function pcm(parts: Array<[number, boolean]>): Buffer {
  const samples: number[] = [];
  for (const [ms, audible] of parts) {
    for (let i = 0; i < (16_000 * ms) / 1000; i++) {
      samples.push(audible ? Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)) : 0);
    }
  }
  const buffer = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) buffer.writeInt16LE(s, i * 2);
  return buffer;
}

function chunks(audio: Buffer, ms = 200): Buffer[] {
  const size = (16_000 * 2 * ms) / 1000;
  const out: Buffer[] = [];
  for (let i = 0; i < audio.length; i += size) out.push(audio.subarray(i, i + size));
  return out;
}

type Message = Record<string, any>;

interface Stream {
  ws: WebSocket;
  messages: Message[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: Message): void;
  until(kind: string): Promise<Message>;
}

async function openStream(
  session: { streaming_url: string; token: string },
  format: 'json' | 'msgpack',
): Promise<Stream> {
  const ws = new WebSocket(`${session.streaming_url}?token=${encodeURIComponent(session.token)}`);
  const messages: Message[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(format === 'msgpack');
    messages.push((format === 'json' ? JSON.parse(data.toString()) : decode(data)) as Message);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters.splice(0)) w();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send(message) {
      if (format === 'json') {
        // Buffer.toJSON runs before any replacer, so binary fields are turned to base64 first.
        const chunk = message.source_media_chunk;
        const wire = chunk
          ? { source_media_chunk: { data: Buffer.from(chunk.data).toString('base64') } }
          : message;
        ws.send(JSON.stringify(wire));
      } else {
        ws.send(encode(message));
      }
    },
    async until(kind) {
      for (;;) {
        const found = messages.find((m) => kind in m);
        if (found) return found;
        if (ws.readyState === WebSocket.CLOSED)
          throw new Error(`stream closed before '${kind}': ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

async function session(body: Record<string, unknown>) {
  return t.call('POST', '/v3/voice/realtime', { json: body });
}

async function talk(format: 'json' | 'msgpack') {
  const created = await session({
    source_media_content_type: PCM16K,
    source_language: 'en',
    target_languages: ['de', 'ja'],
    message_format: format,
  });
  expect(created.status).toBe(200);
  const stream = await openStream(created.body, format);
  for (const chunk of chunks(
    pcm([
      [500, false],
      [1000, true],
      [600, false],
      [800, true],
      [200, false],
    ]),
  )) {
    stream.send({ source_media_chunk: { data: chunk } });
  }
  stream.send({ end_of_source_media: {} });
  await stream.until('end_of_stream');
  stream.ws.close();
  return stream.messages;
}

describe('voice sessions', () => {
  it('creates a session with a ws streaming_url, a token and a session id', async () => {
    const res = await session({
      source_media_content_type: 'audio/ogg;codecs=opus',
      target_languages: ['de'],
    });
    expect(res.status).toBe(200);
    expect(res.body.streaming_url).toBe(`${t.url.replace('http', 'ws')}/v3/voice/stream`);
    expect(res.body.token.length).toBeGreaterThanOrEqual(32);
    expect(res.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{}, 'source_media_content_type'],
    [{ source_media_content_type: 'audio/wav' }, 'not supported'],
    [{ source_media_content_type: 'audio/pcm' }, 'explicit encoding and rate'],
    [
      { source_media_content_type: PCM16K, target_languages: ['de', 'fr', 'es', 'it', 'ja', 'ko'] },
      'at most 5',
    ],
    [{ source_media_content_type: PCM16K, target_languages: ['xx'] }, "'xx'"],
    [{ source_media_content_type: PCM16K, source_language: 'ar' }, 'source_language'],
    [{ source_media_content_type: PCM16K, source_language_mode: 'fixed' }, 'needs a'],
    [{ source_media_content_type: PCM16K, message_format: 'xml' }, 'message_format'],
    [{ source_media_content_type: PCM16K, formality: 'polite' }, 'formality'],
  ])('rejects %j', async (body, fragment) => {
    const res = await session(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(fragment);
  });

  it('answers 404 for an unknown glossary', async () => {
    expect((await session({ source_media_content_type: PCM16K, glossary_id: 'nope' })).status).toBe(
      404,
    );
  });
});

describe('voice stream', () => {
  it.each(['json', 'msgpack'] as const)(
    'transcribes utterances and translates them per target (%s)',
    async (format) => {
      const messages = await talk(format);
      const kinds = messages.map((m) => Object.keys(m)[0]);
      expect(kinds.at(-1)).toBe('end_of_stream');
      expect(kinds.slice(-4)).toEqual([
        'end_of_source_transcript',
        'end_of_target_transcript',
        'end_of_target_transcript',
        'end_of_stream',
      ]);
      expect(
        messages
          .filter((m) => m.end_of_target_transcript)
          .map((m) => m.end_of_target_transcript.language),
      ).toEqual(['de', 'ja']);
      const concluded = messages.flatMap((m) => m.source_transcript_update?.concluded ?? []);
      expect(concluded).toHaveLength(2);
      expect(concluded[0]).toMatchObject({ language: 'en', text: '[speech 1.0 s]' });
      expect(concluded[0].start_time).toBeGreaterThanOrEqual(480);
      expect(concluded[0].start_time).toBeLessThanOrEqual(520);
      expect(concluded[1].text).toMatch(/^ \[speech 0\.[78] s\]$/);
      expect(messages.some((m) => (m.source_transcript_update?.tentative ?? []).length > 0)).toBe(
        true,
      );
      const german = messages.flatMap((m) =>
        m.target_transcript_update?.language === 'de' ? m.target_transcript_update.concluded : [],
      );
      expect(german).toHaveLength(2);
      expect(german[0].text).toContain('šþééçĥ');
      expect(german[0].start_time).toBe(concluded[0].start_time);
    },
  );

  it('reports no segments for compressed audio it cannot decode, and ends cleanly', async () => {
    const created = await session({
      source_media_content_type: 'audio/webm;codecs=opus',
      target_languages: ['fr'],
    });
    const stream = await openStream(created.body, 'json');
    stream.send({ source_media_chunk: { data: Buffer.from('not really opus') } });
    stream.send({ end_of_source_media: {} });
    await stream.until('end_of_stream');
    expect(stream.messages.map((m) => Object.keys(m)[0])).toEqual([
      'end_of_source_transcript',
      'end_of_target_transcript',
      'end_of_stream',
    ]);
    stream.ws.close();
  });

  it('lets a token open one connection; a second use ends the session', async () => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const first = await openStream(created, 'json');
    const second = new WebSocket(
      `${created.streaming_url}?token=${encodeURIComponent(created.token)}`,
    );
    const status = await new Promise<number>((resolve) =>
      second.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
    expect((await first.closed).code).toBe(4002);
    const reconnect = await t.call(
      'GET',
      `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`,
    );
    expect(reconnect.status).toBe(404);
  });

  it('rotates the token on reconnection, closing the open connection', async () => {
    const created = (await session({ source_media_content_type: PCM16K, target_languages: ['de'] }))
      .body;
    const first = await openStream(created, 'json');
    const fresh = await t.call(
      'GET',
      `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.session_id).toBe(created.session_id);
    expect(fresh.body.token).not.toBe(created.token);
    expect((await first.closed).code).toBe(4000);
    const second = await openStream(fresh.body, 'json');
    second.send({
      source_media_chunk: {
        data: pcm([
          [300, true],
          [500, false],
        ]),
      },
    });
    second.send({ end_of_source_media: {} });
    await second.until('end_of_stream');
    second.ws.close();
  });

  it('ends the session when an outdated token is used', async () => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const fresh = (
      await t.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`)
    ).body;
    const outdated = await t.call(
      'GET',
      `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`,
    );
    expect(outdated.status).toBe(400);
    expect(outdated.body.message).toContain('outdated');
    expect(
      (await t.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(fresh.token)}`)).status,
    ).toBe(404);
  });

  it('leaves the token usable after a plain GET of the stream link', async () => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const link = `${created.streaming_url.replace('ws', 'http')}?token=${encodeURIComponent(created.token)}`;
    const plain = await fetch(link);
    expect(plain.status).toBe(426);
    const stream = await openStream(created, 'json');
    stream.send({ end_of_source_media: {} });
    await stream.until('end_of_stream');
    stream.ws.close();
  });

  it('lets only the key that made a session end it', async () => {
    const other = (
      await t.call('POST', '/v2/admin/developer-keys', { key: 'admin', json: { label: 'voice' } })
    ).body.key as string;
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const fresh = (
      await t.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`)
    ).body;
    // Another key presenting the outdated token (or the current one) learns and ends nothing.
    for (const token of [created.token, fresh.token]) {
      const res = await t.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(token)}`, {
        key: { literal: other },
      });
      expect(res.status).toBe(404);
    }
    const stream = await openStream(fresh, 'json');
    stream.send({ end_of_source_media: {} });
    await stream.until('end_of_stream');
    stream.ws.close();
  });

  it('ends a session whose connection dropped and was not resumed', async () => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const stream = await openStream(created, 'json');
    stream.ws.terminate();
    await stream.closed;
    // The idle time of this server is 400 ms; the session is swept after it.
    await sleep(1200);
    const res = await t.call(
      'GET',
      `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`,
    );
    expect(res.status).toBe(404);
  });

  it('bills and limits compressed audio by its size', async () => {
    const created = await session({ source_media_content_type: 'audio/ogg;codecs=opus' });
    const stream = await openStream(created.body, 'json');
    // 4 bytes per ms at 32 kbit/s: 3 200 bytes count as 800 ms, 8 000 bytes as 2 s (refused).
    stream.send({ source_media_chunk: { data: Buffer.alloc(3200, 1) } });
    stream.send({ source_media_chunk: { data: Buffer.alloc(8000, 1) } });
    const error = await stream.until('error');
    expect(error.error.error_message).toContain('at most 1000');
    await stream.closed;
  });

  it('refuses a connection without a valid token', async () => {
    for (const query of ['', '?token=unknown']) {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/v3/voice/stream${query}`);
      const status = await new Promise<number>((resolve) =>
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      );
      expect([401, 404]).toContain(status);
    }
  });

  it.each([
    ['a binary frame on a json session', (s: Stream) => s.ws.send(Buffer.from([1, 2, 3])), 4000001],
    ['a message with two keys', (s: Stream) => s.ws.send('{"a":{},"b":{}}'), 4000001],
    [
      'data that is not base64',
      (s: Stream) => s.ws.send('{"source_media_chunk":{"data":"***"}}'),
      4000001,
    ],
    [
      'a chunk over 100 KB',
      (s: Stream) => s.send({ source_media_chunk: { data: Buffer.alloc(100 * 1024 + 2) } }),
      4130001,
    ],
    [
      'a chunk over one second',
      (s: Stream) => s.send({ source_media_chunk: { data: pcm([[1200, false]]) } }),
      4000002,
    ],
  ])('sends a fatal error and closes on %s', async (_name, act, reason) => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const stream = await openStream(created, 'json');
    act(stream);
    const error = (await stream.until('error')).error;
    expect(error.reason_code).toBe(reason);
    expect(typeof error.error_message).toBe('string');
    expect((await stream.closed).code).toBe(1008);
    expect(
      (await t.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`)).status,
    ).toBe(404);
  });

  it('ends a session after the idle time without audio', async () => {
    const created = (await session({ source_media_content_type: PCM16K })).body;
    const stream = await openStream(created, 'json');
    const error = (await stream.until('error')).error;
    expect(error.error_code).toBe(408);
    expect(error.error_message).toContain('no audio');
  });

  it('survives a client that disconnects mid-stream', async () => {
    const created = (await session({ source_media_content_type: PCM16K, target_languages: ['de'] }))
      .body;
    const stream = await openStream(created, 'json');
    stream.send({ source_media_chunk: { data: pcm([[200, true]]) } });
    stream.ws.terminate();
    await stream.closed;
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
    const again = await t.call(
      'GET',
      `/v3/voice/realtime?token=${encodeURIComponent(created.token)}`,
    );
    expect(again.status).toBe(200);
  });

  it('records speech time in the usage statistics', async () => {
    await talk('json');
    const today = new Date().toISOString().slice(0, 10);
    const report = await t.call(
      'GET',
      `/v2/admin/analytics?start_date=${today}&end_date=${today}`,
      { key: 'admin' },
    );
    expect(report.body.usage_report.total_usage.speech_to_text_minutes).toBeGreaterThan(0.04);
  });
});
