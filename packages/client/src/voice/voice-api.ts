import { ConfigError, LimitError, VoiceStreamError } from '../errors.js';
import { delay } from '../http/delay.js';
import type { Transport } from '../http/transport.js';
import type { CallOptions } from '../translate/translate-api.js';
import { MAX_VOICE_CHUNK_BYTES, MAX_VOICE_TARGET_LANGUAGES } from '../wire/limits.js';
import type {
  VoiceFormalityWire,
  VoiceSessionRequestWire,
  VoiceSessionWire,
} from '../wire/types.js';
import {
  base64ToBytes,
  decodeVoiceMessage,
  encodeVoiceMessage,
  type VoiceMessageFormat,
} from '../wire/voice-codec.js';
import { toVoiceEvent, type VoiceErrorMessage, type VoiceEvent } from './voice-events.js';
import type { WebSocketFactory, WebSocketLike } from './web-socket.js';

/** What a voice session is created with. */
export interface VoiceSessionInput {
  sourceMediaContentType: string;
  /** At most 5. */
  targetLanguages?: string[];
  sourceLanguage?: string;
  sourceLanguageMode?: 'auto' | 'fixed';
  messageFormat?: VoiceMessageFormat;
  glossaryId?: string;
  formality?: VoiceFormalityWire;
}

/** A voice session: where to connect, with which single-use token, in which format. */
export interface VoiceSession {
  streamingUrl: string;
  token: string;
  sessionId: string;
  messageFormat: VoiceMessageFormat;
  sourceMediaContentType: string;
}

/** Options of {@link VoiceApi.stream}. */
export interface VoiceStreamOptions {
  signal?: AbortSignal;
}

/** Audio sent ahead of twice real time that the client still lets through. */
const PACING_ALLOWANCE_MS = 2000;

function pcmBytesPerSecond(contentType: string): number | null {
  const match = /^audio\/pcm;encoding=(s16le|alaw|ulaw);rate=(\d+)$/.exec(
    contentType.replace(/\s+/g, '').toLowerCase(),
  );
  if (!match) return null;
  return Number(match[2]) * (match[1] === 's16le' ? 2 : 1);
}

/** Splits chunks to the protocol's limits: 100 KB, and one second (whole frames) for PCM. */
async function* protocolChunks(
  audio: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  bytesPerSecond: number | null,
) {
  const frame = bytesPerSecond !== null && bytesPerSecond % 2 === 0 ? 2 : 1;
  let max = MAX_VOICE_CHUNK_BYTES;
  if (bytesPerSecond !== null) max = Math.min(max, bytesPerSecond);
  max -= max % frame;
  for await (const chunk of audio) {
    for (let i = 0; i < chunk.byteLength; i += max)
      yield chunk.subarray(i, Math.min(chunk.byteLength, i + max));
  }
}

// A session as the service answered it, with the settings it was created with.
function sessionOf(
  data: VoiceSessionWire,
  settings: { messageFormat: VoiceMessageFormat; contentType: string },
): VoiceSession {
  return {
    streamingUrl: data.streaming_url,
    token: data.token,
    sessionId: data.session_id,
    messageFormat: settings.messageFormat,
    sourceMediaContentType: settings.contentType,
  };
}

/** Realtime voice (contract 4.6 and voice-protocol.md). */
export class VoiceApi {
  private readonly known = new Map<
    string,
    { messageFormat: VoiceMessageFormat; contentType: string }
  >();

  constructor(
    private readonly transport: Transport,
    private readonly webSocket: WebSocketFactory | undefined,
  ) {}

  /** Creates a session. Not retried after a timeout: each call makes a new session. */
  async createSession(input: VoiceSessionInput, options: CallOptions = {}): Promise<VoiceSession> {
    const targets = input.targetLanguages ?? [];
    if (targets.length > MAX_VOICE_TARGET_LANGUAGES) {
      throw new LimitError(
        'voice target languages',
        targets.length,
        MAX_VOICE_TARGET_LANGUAGES,
        `${targets.length} target languages; a voice session allows at most ${MAX_VOICE_TARGET_LANGUAGES}`,
      );
    }
    const json: VoiceSessionRequestWire = {
      source_media_content_type: input.sourceMediaContentType,
      target_languages: targets,
    };
    if (input.sourceLanguage !== undefined) json.source_language = input.sourceLanguage;
    if (input.sourceLanguageMode !== undefined)
      json.source_language_mode = input.sourceLanguageMode;
    if (input.messageFormat !== undefined) json.message_format = input.messageFormat;
    if (input.glossaryId !== undefined) json.glossary_id = input.glossaryId;
    if (input.formality !== undefined) json.formality = input.formality;
    const { data } = await this.transport.call<VoiceSessionWire>({
      method: 'POST',
      path: '/v3/voice/realtime',
      json,
      idempotent: false,
      signal: options.signal,
    });
    const settings = {
      messageFormat: input.messageFormat ?? 'json',
      contentType: input.sourceMediaContentType,
    };
    this.known.set(data.session_id, settings);
    return sessionOf(data, settings);
  }

  /**
   * Asks for a fresh token to reconnect with the latest one; the old token becomes outdated
   * and an open connection is closed. Not retried: a repeated request would use an outdated token.
   */
  async reconnect(token: string, options: CallOptions = {}): Promise<VoiceSession> {
    const { data } = await this.transport.call<VoiceSessionWire>({
      method: 'GET',
      path: '/v3/voice/realtime',
      query: { token },
      idempotent: false,
      signal: options.signal,
    });
    const settings = this.known.get(data.session_id) ?? {
      messageFormat: 'json' as const,
      contentType: 'audio/auto',
    };
    return sessionOf(data, settings);
  }

  /**
   * Streams audio (an iterable of byte chunks) into a session and yields the protocol's events
   * until `endOfStream`. Chunks are split to the protocol's limits and PCM is paced to at most
   * twice real time. A fatal `error` message, or a close before `endOfStream`, throws a
   * {@link VoiceStreamError}. Breaking out of the loop closes the connection.
   */
  async *stream(
    session: VoiceSession,
    audio: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options: VoiceStreamOptions = {},
  ): AsyncGenerator<VoiceEvent> {
    const Factory = this.webSocket ?? (globalThis as { WebSocket?: WebSocketFactory }).WebSocket;
    if (!Factory) {
      throw new ConfigError(
        'No WebSocket implementation: pass the webSocket option (in Node, import createClient from @transloom/client, whose Node entry uses ws)',
      );
    }
    const format = session.messageFormat;
    const socket: WebSocketLike = new Factory(
      `${session.streamingUrl}?token=${encodeURIComponent(session.token)}`,
    );
    socket.binaryType = 'arraybuffer';
    const events: Array<VoiceEvent | VoiceErrorMessage> = [];
    let failure: unknown;
    let closed = false;
    let opened = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const bytes = (value: unknown) =>
      typeof value === 'string'
        ? (base64ToBytes(value) ?? new Uint8Array())
        : (value as Uint8Array);
    socket.addEventListener('open', () => {
      opened = true;
      notify();
    });
    socket.addEventListener('message', (event: { data: string | ArrayBuffer }) => {
      try {
        const event_ = toVoiceEvent(
          decodeVoiceMessage(format, event.data) as Record<string, unknown>,
          bytes,
        );
        if (event_) events.push(event_);
      } catch (error) {
        failure ??= new VoiceStreamError(
          `The service sent a frame that is not valid ${format}`,
          {},
          error,
        );
      }
      notify();
    });
    socket.addEventListener('close', (event: { code: number; reason: string }) => {
      closed = true;
      if (!opened) {
        failure ??= new VoiceStreamError(
          'Could not open the voice stream: the token may be used, outdated or expired',
        );
      } else {
        failure ??= new VoiceStreamError(
          `The voice stream closed before end_of_stream (code ${event.code}${event.reason ? `: ${event.reason}` : ''})`,
        );
      }
      notify();
    });
    socket.addEventListener('error', () => notify());
    const onAbort = () => {
      failure ??= options.signal!.reason;
      socket.close(1000, 'aborted');
      notify();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    const next = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      });
    try {
      while (!opened && failure === undefined) await next();
      if (failure !== undefined) throw failure;
      const bytesPerSecond = pcmBytesPerSecond(session.sourceMediaContentType);
      const sending = (async () => {
        const started = Date.now();
        let sentMs = 0;
        for await (const chunk of protocolChunks(audio, bytesPerSecond)) {
          if (finished || closed) return;
          if (bytesPerSecond !== null) {
            const ahead = sentMs - 2 * (Date.now() - started) - PACING_ALLOWANCE_MS;
            if (ahead > 0) await delay(ahead / 2, options.signal);
            sentMs += (chunk.byteLength / bytesPerSecond) * 1000;
          }
          socket.send(encodeVoiceMessage(format, { source_media_chunk: { data: chunk } }));
        }
        if (!closed) socket.send(encodeVoiceMessage(format, { end_of_source_media: {} }));
      })();
      sending.catch((error) => {
        failure ??= error;
        notify();
      });
      for (;;) {
        while (events.length > 0) {
          const event = events.shift()!;
          if (!('type' in event)) {
            throw new VoiceStreamError(
              `Voice stream error ${event.errorCode}/${event.reasonCode}: ${event.errorMessage}`,
              {
                errorCode: event.errorCode,
                reasonCode: event.reasonCode,
              },
            );
          }
          yield event;
          if (event.type === 'endOfStream') return;
        }
        if (failure !== undefined) throw failure;
        await next();
      }
    } finally {
      finished = true;
      options.signal?.removeEventListener('abort', onAbort);
      if (!closed) socket.close(1000, 'done');
    }
  }
}
