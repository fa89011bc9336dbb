import {
  baseLanguage,
  FORMALITY_TARGETS,
  MAX_VOICE_CHUNK_BYTES,
  normalizeLanguageCode,
  type SourceSegmentWire,
  type TargetSegmentWire,
  type VoiceServerMessageWire,
} from '@transloom/client/wire';
import type { WebSocket } from 'ws';
import { PLAIN_TEXT_REQUEST } from '../engines/plain-text-request.js';
import type { ServiceContext } from '../service-context.js';
import { estimatedDurationMs } from '../speech/compressed-duration.js';
import type { SpeechSegment } from '../speech/speech-engine.js';
import { type DictionaryRef, dictionaryRef } from '../translate/translator.js';
import { decodeMessage, encodeMessage, ProtocolError } from './voice-codec.js';
import type { VoiceSession, VoiceSessions } from './voice-sessions.js';

/** Timing limits of a stream (voice-protocol.md); tests shorten them. */
export interface StreamLimits {
  idleMs: number;
  maxConnectionMs: number;
  /** Audio that may arrive ahead of twice real time before the stream is refused. */
  burstMs: number;
}

/** Limits the protocol states. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  idleMs: 30_000,
  maxConnectionMs: 60 * 60 * 1000,
  burstMs: 5_000,
};

const FORMALITY = new Set<string>(FORMALITY_TARGETS);

interface StreamError {
  code: number;
  reason: number;
  message: string;
  requestType: string;
}

/** Serves one WebSocket connection of a voice session. */
export function serveVoiceStream(
  socket: WebSocket,
  session: VoiceSession,
  ctx: ServiceContext,
  sessions: VoiceSessions,
  limits: StreamLimits,
): void {
  const recognizer = ctx.speech.createRecognizer({
    contentType: session.contentType,
    sourceLanguage: session.sourceLanguage,
    sourceLanguageMode: session.sourceLanguageMode,
  });
  const connectedAt = Date.now();
  let audioMs = 0;
  let sourceEnded = false;
  let finished = false;
  let queue: Promise<void> = Promise.resolve();

  const send = (message: VoiceServerMessageWire) => {
    if (socket.readyState === socket.OPEN)
      socket.send(encodeMessage(session.messageFormat, message));
  };

  const stop = (code: number, reason: string) => {
    clearTimeout(idleTimer);
    clearTimeout(lifeTimer);
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };
  session.disconnect = stop;

  const fail = (error: StreamError) => {
    if (finished) return;
    finished = true;
    send({
      error: {
        request_type: error.requestType,
        error_code: error.code,
        reason_code: error.reason,
        error_message: error.message,
      },
    });
    // The session is forgotten before the socket closes; a database that fails here must not
    // leave the socket open (nor an unhandled rejection).
    const close = () => stop(1008, 'error');
    void sessions.end(session, 1008, error.message.slice(0, 120)).then(close, close);
  };

  let idleTimer = setTimeout(() => idle(), limits.idleMs);
  const lifeTimer = setTimeout(
    () =>
      fail({
        code: 408,
        reason: 4080002,
        message: 'the connection reached its one-hour limit',
        requestType: 'connection',
      }),
    limits.maxConnectionMs,
  );
  const idle = () =>
    fail({
      code: 408,
      reason: 4080001,
      message: `no audio for ${limits.idleMs / 1000} s`,
      requestType: 'source_media_chunk',
    });

  const glossaries = new Map<string, DictionaryRef | null>();
  const glossaryFor = async (target: string): Promise<DictionaryRef | null> => {
    if (!session.glossaryId) return null;
    if (!glossaries.has(target)) {
      const sourceLang = recognizer.language.slice(0, 2).toLowerCase();
      const targetLang = baseLanguage(target).toLowerCase();
      const record = await ctx.glossaries.get(session.glossaryId);
      glossaries.set(target, (record && dictionaryRef(record, sourceLang, targetLang)) ?? null);
    }
    return glossaries.get(target)!;
  };

  const translate = async (
    segments: SpeechSegment[],
    target: string,
  ): Promise<TargetSegmentWire[]> => {
    if (segments.length === 0) return [];
    const targetLang = normalizeLanguageCode(target);
    const texts = await ctx.translator.translate({
      texts: segments.map((s) => s.text),
      sourceLang: baseLanguage(recognizer.language),
      targetLang,
      formality: FORMALITY.has(targetLang) ? session.formality : 'default',
      ...PLAIN_TEXT_REQUEST,
      preserveFormatting: true,
      dictionary: await glossaryFor(target),
      modelType: 'latency_optimized',
    });
    return segments.map((s, i) => ({
      text: texts[i] ?? '',
      start_time: Math.round(s.startMs),
      end_time: Math.round(s.endMs),
    }));
  };

  const publish = async (concluded: SpeechSegment[], tentative: SpeechSegment[]) => {
    if (concluded.length === 0 && tentative.length === 0) return;
    const source = (s: SpeechSegment): SourceSegmentWire => ({
      language: recognizer.language,
      text: s.text,
      start_time: Math.round(s.startMs),
      end_time: Math.round(s.endMs),
    });
    send({
      source_transcript_update: {
        concluded: concluded.map(source),
        tentative: tentative.map(source),
      },
    });
    for (const language of session.targetLanguages) {
      const [done, pending] = await Promise.all([
        translate(concluded, language),
        translate(tentative, language),
      ]);
      send({ target_transcript_update: { language, concluded: done, tentative: pending } });
    }
  };

  const onChunk = async (data: Uint8Array) => {
    if (sourceEnded) {
      fail({
        code: 400,
        reason: 4000003,
        message: 'audio sent after end_of_source_media',
        requestType: 'source_media_chunk',
      });
      return;
    }
    if (data.byteLength > MAX_VOICE_CHUNK_BYTES) {
      fail({
        code: 413,
        reason: 4130001,
        message: `a chunk holds ${data.byteLength} bytes; at most ${MAX_VOICE_CHUNK_BYTES} are allowed`,
        requestType: 'source_media_chunk',
      });
      return;
    }
    const duration =
      recognizer.chunkDurationMs(data) ?? estimatedDurationMs(session.contentType, data.byteLength);
    if (duration > 1000) {
      fail({
        code: 400,
        reason: 4000002,
        message: `a chunk holds ${Math.round(duration)} ms of audio; at most 1000 are allowed`,
        requestType: 'source_media_chunk',
      });
      return;
    }
    audioMs += duration;
    if (audioMs > 2 * (Date.now() - connectedAt) + limits.burstMs) {
      fail({
        code: 429,
        reason: 4290001,
        message: 'audio arrives faster than twice real time',
        requestType: 'source_media_chunk',
      });
      return;
    }
    const update = recognizer.push(data);
    await publish(update.concluded, update.tentative);
  };

  const onEnd = async () => {
    if (sourceEnded) return;
    sourceEnded = true;
    clearTimeout(idleTimer);
    const update = recognizer.end();
    await publish(update.concluded, []);
    send({ end_of_source_transcript: {} });
    for (const language of session.targetLanguages)
      send({ end_of_target_transcript: { language } });
    send({ end_of_stream: {} });
    finished = true;
    await sessions.end(session).catch(() => undefined);
    // The client closes the socket; a client that does not is closed for it.
    idleTimer = setTimeout(() => stop(1000, 'end of stream'), 5_000);
  };

  // Idle means the client sent nothing: time spent on what it sent does not count, so the
  // timer runs only while no message waits.
  let waiting = 0;
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    waiting++;
    clearTimeout(idleTimer);
    queue = queue.then(async () => {
      try {
        if (finished) return;
        const message = decodeMessage(session.messageFormat, data, isBinary);
        if (message.kind === 'source_media_chunk')
          await onChunk(message.payload.data as Uint8Array);
        else if (message.kind === 'end_of_source_media') await onEnd();
        // Other kinds are ignored, as the protocol asks of unknown messages.
      } catch (error) {
        if (error instanceof ProtocolError) {
          fail({ code: 400, reason: 4000001, message: error.message, requestType: 'message' });
        } else {
          fail({
            code: 500,
            reason: 5000001,
            message: 'internal error while processing audio',
            requestType: 'message',
          });
        }
      } finally {
        waiting--;
        if (waiting === 0 && !sourceEnded && !finished) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => idle(), limits.idleMs);
        }
      }
    });
  });

  let settled = false;
  const settle = async () => {
    if (settled) return;
    settled = true;
    sessions.openStreams.delete(settle);
    clearTimeout(idleTimer);
    clearTimeout(lifeTimer);
    if (session.disconnect === stop) session.disconnect = null;
    sessions.dropped(session);
    await ctx.accounting.recordSpeech(session.keyId, audioMs).catch(() => undefined);
  };
  sessions.openStreams.add(settle);
  socket.on('close', () => void settle());
  socket.on('error', () => socket.terminate());
}
