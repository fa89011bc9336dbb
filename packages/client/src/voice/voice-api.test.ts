import { describe, expect, it } from 'vitest';
import { LimitError, VoiceStreamError } from '../errors.js';
import { startLocalServer } from '../test-support/local-server.js';
import type { VoiceEvent } from './voice-events.js';

const server = await startLocalServer({ streamLimits: { idleMs: 1500 } });
const client = server.client();
const PCM = 'audio/pcm;encoding=s16le;rate=16000';

/** 16 kHz 16-bit PCM: (milliseconds, audible) pairs. */
function pcm(parts: Array<[number, boolean]>): Uint8Array {
  const samples = parts.flatMap(([ms, audible]) =>
    Array.from({ length: (16 * ms) | 0 }, (_, i) =>
      audible ? Math.round(9000 * Math.sin((2 * Math.PI * 300 * i) / 16_000)) : 0,
    ),
  );
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((s, i) => {
    view.setInt16(i * 2, s, true);
  });
  return bytes;
}

async function collect(stream: AsyncIterable<VoiceEvent>): Promise<VoiceEvent[]> {
  const events: VoiceEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('voice', () => {
  it.each(['json', 'msgpack'] as const)(
    'streams audio and yields the protocol events (%s)',
    async (messageFormat) => {
      const session = await client.voice.createSession({
        sourceMediaContentType: PCM,
        targetLanguages: ['de', 'fr'],
        sourceLanguage: 'en',
        messageFormat,
      });
      expect(session).toMatchObject({ messageFormat, sourceMediaContentType: PCM });
      // One 2.9 s buffer: the client splits it into chunks of at most one second.
      const events = await collect(
        client.voice.stream(session, [
          pcm([
            [400, false],
            [900, true],
            [600, false],
            [700, true],
            [300, false],
          ]),
        ]),
      );
      expect(events.at(-1)).toEqual({ type: 'endOfStream' });
      expect(events.filter((e) => e.type === 'endOfTargetTranscript')).toEqual([
        { type: 'endOfTargetTranscript', language: 'de' },
        { type: 'endOfTargetTranscript', language: 'fr' },
      ]);
      const concluded = events.flatMap((e) =>
        e.type === 'sourceTranscriptUpdate' ? e.concluded : [],
      );
      expect(concluded.map((s) => s.text)).toEqual(['[speech 0.9 s]', ' [speech 0.7 s]']);
      expect(concluded[0]).toMatchObject({ language: 'en' });
      expect(concluded[0]!.startTime).toBeGreaterThanOrEqual(380);
      const french = events.flatMap((e) =>
        e.type === 'targetTranscriptUpdate' && e.language === 'fr' ? e.concluded : [],
      );
      expect(french).toHaveLength(2);
      expect(french[0]!.startTime).toBe(concluded[0]!.startTime);
    },
  );

  it('accepts an async iterable of chunks', async () => {
    const session = await client.voice.createSession({ sourceMediaContentType: PCM });
    async function* audio() {
      for (let i = 0; i < 5; i++) yield pcm([[200, i % 2 === 0]]);
    }
    const events = await collect(client.voice.stream(session, audio()));
    expect(events.map((e) => e.type)).toContain('endOfStream');
  });

  it('reconnects with a fresh token, remembering the session format', async () => {
    const session = await client.voice.createSession({
      sourceMediaContentType: PCM,
      messageFormat: 'msgpack',
    });
    const fresh = await client.voice.reconnect(session.token);
    expect(fresh.sessionId).toBe(session.sessionId);
    expect(fresh.token).not.toBe(session.token);
    expect(fresh.messageFormat).toBe('msgpack');
    const events = await collect(
      client.voice.stream(fresh, [
        pcm([
          [300, true],
          [500, false],
        ]),
      ]),
    );
    expect(events.at(-1)?.type).toBe('endOfStream');
    // The first token is now outdated: using it ends the session.
    await expect(
      collect(client.voice.stream(session, [pcm([[100, false]])])),
    ).rejects.toBeInstanceOf(VoiceStreamError);
  });

  it('throws a VoiceStreamError for a fatal error message', async () => {
    const session = await client.voice.createSession({ sourceMediaContentType: PCM });
    async function* slow() {
      yield pcm([[100, false]]);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      yield pcm([[100, false]]);
    }
    const error = await collect(client.voice.stream(session, slow())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceStreamError);
    expect(error).toMatchObject({ errorCode: 408, reasonCode: 4080001 });
  });

  it('checks the target count before creating a session', async () => {
    const error = await client.voice
      .createSession({
        sourceMediaContentType: PCM,
        targetLanguages: ['de', 'fr', 'es', 'it', 'ja', 'ko'],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitError);
  });

  it('closes the stream when aborted', async () => {
    const session = await client.voice.createSession({ sourceMediaContentType: PCM });
    const controller = new AbortController();
    async function* endless() {
      for (;;) {
        yield pcm([[100, false]]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    setTimeout(() => controller.abort(new Error('caller stopped')), 300);
    await expect(
      collect(client.voice.stream(session, endless(), { signal: controller.signal })),
    ).rejects.toThrow('caller stopped');
  });
});
