import { MAX_TRANSLATE_BODY_BYTES, type TranslationWire } from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { mangleMarkup } from '../faults/fault-injector.js';
import { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import { resolveTranslateRequest } from '../translate/resolve-translate-request.js';

// The answer's shape, so fastify writes it with a serializer compiled for it (fast-json-stringify)
// rather than the generic JSON.stringify: a translation's answer is written on every request.
const TRANSLATE_RESPONSE = {
  type: 'object',
  properties: {
    translations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          detected_source_language: { type: 'string' },
          text: { type: 'string' },
          billed_characters: { type: 'integer' },
          model_type_used: { type: 'string' },
        },
        required: ['detected_source_language', 'text'],
      },
    },
  },
  required: ['translations'],
} as const;

/** Contract 4.1: `POST /v2/translate`. */
export function registerTranslateRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.post(
    '/v2/translate',
    {
      bodyLimit: MAX_TRANSLATE_BODY_BYTES,
      config: { access: 'developer' },
      schema: { response: { 200: TRANSLATE_RESPONSE } },
    },
    async (request) => {
      const resolved = await resolveTranslateRequest(new Params(request.body), ctx, request.apiKey);
      const refund = await ctx.accounting.charge(
        request.apiKey,
        'translation',
        resolved.billedCharacters.reduce((a, b) => a + b, 0),
      );
      try {
        const { sourceLang, texts } = resolved;
        // Null when every text has the request's source language.
        let languages: readonly string[] | null = null;
        let translated: string[];
        if (sourceLang !== null) {
          // The usual request: one language, one engine call, nothing to regroup.
          const job = { ...resolved.engine, sourceLang, texts };
          translated = ctx.translator.translateInline(job) ?? (await ctx.translator.translate(job));
        } else {
          // Texts without a source language are grouped by their detected language.
          const detectedLanguages = await ctx.translator.detectLanguages(texts);
          languages = detectedLanguages;
          translated = new Array(texts.length);
          for (const detected of new Set(detectedLanguages)) {
            const indexes = detectedLanguages.flatMap((l, i) => (l === detected ? [i] : []));
            const out = await ctx.translator.translate({
              ...resolved.engine,
              sourceLang: detected,
              texts: indexes.map((i) => texts[i]!),
            });
            indexes.forEach((index, j) => {
              translated[index] = out[j]!;
            });
          }
        }
        // One loop, objects of one shape per request: this runs 50 times on every translation.
        const mangle = request.mangleTranslations;
        const { showBilledCharacters, billedCharacters, modelTypeUsed } = resolved;
        const translations = new Array<TranslationWire>(translated.length);
        for (let i = 0; i < translated.length; i++) {
          const text = translated[i]!;
          const item: TranslationWire = {
            detected_source_language: languages === null ? sourceLang! : languages[i]!,
            text: mangle ? mangleMarkup(text) : text,
          };
          if (showBilledCharacters) item.billed_characters = billedCharacters[i]!;
          if (modelTypeUsed) item.model_type_used = modelTypeUsed;
          translations[i] = item;
        }
        return { translations };
      } catch (error) {
        await refund();
        throw error;
      }
    },
  );
}
