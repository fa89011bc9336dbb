import { MAX_TRANSLATE_BODY_BYTES, type TranslationWire } from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { mangleMarkup } from '../faults/fault-injector.js';
import { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import { resolveTranslateRequest } from '../translate/resolve-translate-request.js';

/** Contract 4.1: `POST /v2/translate`. */
export function registerTranslateRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.post(
    '/v2/translate',
    { bodyLimit: MAX_TRANSLATE_BODY_BYTES, config: { access: 'developer' } },
    async (request) => {
      const resolved = await resolveTranslateRequest(new Params(request.body), ctx, request.apiKey);
      const refund = await ctx.accounting.charge(
        request.apiKey,
        'translation',
        resolved.billedCharacters.reduce((a, b) => a + b, 0),
      );
      try {
        const { sourceLang, texts } = resolved;
        let languages: readonly string[];
        let translated: string[];
        if (sourceLang !== null) {
          // The usual request: one language, one engine call, nothing to regroup.
          languages = texts.map(() => sourceLang);
          translated = await ctx.translator.translate({ ...resolved.engine, sourceLang, texts });
        } else {
          // Texts without a source language are grouped by their detected language.
          languages = await ctx.translator.detectLanguages(texts);
          translated = new Array(texts.length);
          for (const detected of new Set(languages)) {
            const indexes = languages.flatMap((l, i) => (l === detected ? [i] : []));
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
        const translations = translated.map((text, i): TranslationWire => {
          const item: TranslationWire = {
            detected_source_language: languages[i]!,
            text: request.mangleTranslations ? mangleMarkup(text) : text,
          };
          if (resolved.showBilledCharacters) item.billed_characters = resolved.billedCharacters[i]!;
          if (resolved.modelTypeUsed) item.model_type_used = resolved.modelTypeUsed;
          return item;
        });
        return { translations };
      } catch (error) {
        await refund();
        throw error;
      }
    },
  );
}
