import {
  MAX_VOICE_TARGET_LANGUAGES,
  VOICE_CONTENT_TYPES,
  VOICE_FORMALITIES,
  VOICE_SOURCE_LANGUAGES,
  VOICE_TARGET_LANGUAGES,
  type VoiceSessionWire,
} from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../http/http-error.js';
import { Params, queryParams } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { VoiceSession, VoiceSessions } from '../voice/voice-sessions.js';
import { type StreamLimits, serveVoiceStream } from '../voice/voice-stream.js';

/** Path of the WebSocket stream a session's `streaming_url` points to. */
export const STREAM_PATH = '/v3/voice/stream';

const TARGETS = new Map(VOICE_TARGET_LANGUAGES.map((l) => [l.toLowerCase(), l]));

// The stream's address comes from the configured public URL, never from the Host header.
function sessionWire(
  ctx: ServiceContext,
  issued: { session: VoiceSession; token: string },
): VoiceSessionWire {
  const base = ctx.publicUrl().replace(/^http/, 'ws');
  return {
    streaming_url: `${base}${STREAM_PATH}`,
    token: issued.token,
    session_id: issued.session.sessionId,
  };
}

function readTargets(params: Params): string[] {
  const list = params.stringList('target_languages') ?? [];
  if (list.length > MAX_VOICE_TARGET_LANGUAGES) {
    throw badRequest(
      `'target_languages' holds ${list.length} languages; at most ${MAX_VOICE_TARGET_LANGUAGES} are allowed`,
    );
  }
  const out: string[] = [];
  for (const raw of list) {
    const code = TARGETS.get(raw.toLowerCase());
    if (!code) throw badRequest(`Value in 'target_languages' not supported: '${raw}'`);
    if (out.includes(code)) throw badRequest(`'target_languages' names ${code} twice`);
    out.push(code);
  }
  return out;
}

/** Contract 4.6 and voice-protocol.md: sessions, reconnection and the WebSocket stream. */
export function registerVoiceRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  sessions: VoiceSessions,
  limits: StreamLimits,
): void {
  app.post('/v3/voice/realtime', { config: { access: 'developer' } }, async (request) => {
    const params = new Params(request.body);
    const contentType = params.string('source_media_content_type', { required: true });
    const normalized = contentType.replace(/\s+/g, '').toLowerCase();
    const known = VOICE_CONTENT_TYPES.find((t) => t === normalized);
    if (!known) {
      throw badRequest(
        `Value for 'source_media_content_type' not supported: '${contentType}'${normalized.startsWith('audio/pcm') ? '; PCM needs an explicit encoding and rate, e.g. audio/pcm;encoding=s16le;rate=16000' : ''}`,
      );
    }
    const sourceRaw = params.string('source_language');
    let sourceLanguage: string | null = null;
    if (sourceRaw !== undefined && sourceRaw !== '') {
      sourceLanguage = VOICE_SOURCE_LANGUAGES.find((l) => l === sourceRaw.toLowerCase()) ?? null;
      if (!sourceLanguage)
        throw badRequest(`Value for 'source_language' not supported: '${sourceRaw}'`);
    }
    const mode = params.oneOf('source_language_mode', ['auto', 'fixed'] as const) ?? 'auto';
    if (mode === 'fixed' && sourceLanguage === null) {
      throw badRequest(`'source_language_mode=fixed' needs a 'source_language'`);
    }
    const glossaryId = params.string('glossary_id') ?? null;
    if (glossaryId !== null && !(await ctx.glossaries.get(glossaryId)))
      throw notFound(`Glossary not found: '${glossaryId}'`);
    const formality = params.oneOf('formality', VOICE_FORMALITIES) ?? 'default';
    const issued = await sessions.create({
      keyId: request.apiKey.keyId,
      contentType: known,
      sourceLanguage,
      sourceLanguageMode: mode,
      targetLanguages: readTargets(params),
      messageFormat: params.oneOf('message_format', ['json', 'msgpack'] as const) ?? 'json',
      glossaryId,
      formality:
        formality === 'formal' || formality === 'more'
          ? 'more'
          : formality === 'default'
            ? 'default'
            : 'less',
    });
    return sessionWire(ctx, issued);
  });

  app.get('/v3/voice/realtime', { config: { access: 'developer' } }, async (request) => {
    const token = queryParams(request).string('token', { required: true });
    return sessionWire(ctx, await sessions.reconnect(token, request.apiKey.keyId));
  });

  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      // Only the WebSocket upgrade takes the token: a plain GET of the link leaves it usable.
      if (!request.ws) {
        throw new HttpError(426, `Open ${STREAM_PATH} as a WebSocket with the session's token`, {
          headers: { upgrade: 'websocket' },
        });
      }
      const token = (request.query as { token?: unknown }).token;
      if (typeof token !== 'string' || token === '') {
        throw new HttpError(401, `Connect with the session's token in the 'token' query parameter`);
      }
      request.voiceSession = await sessions.connect(token);
    });
    scope.get(STREAM_PATH, { websocket: true }, (socket, request) => {
      serveVoiceStream(socket, request.voiceSession!, ctx, sessions, limits);
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    voiceSession?: VoiceSession;
  }
}
