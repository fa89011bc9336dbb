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
        // Texts without a source language are grouped by their detected language.
        const languages =
          resolved.sourceLang === null
            ? await ctx.translator.detectLanguages(resolved.texts)
            : resolved.texts.map(() => resolved.sourceLang!);
        const translated: string[] = new Array(resolved.texts.length);
        for (const sourceLang of new Set(languages)) {
          const indexes = languages.flatMap((l, i) => (l === sourceLang ? [i] : []));
          const out = await ctx.translator.translate({
            ...resolved.engine,
            sourceLang,
            texts: indexes.map((i) => resolved.texts[i]!),
          });
          indexes.forEach((index, j) => {
            translated[index] = out[j]!;
          });
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
