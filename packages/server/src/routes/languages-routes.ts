import { FORMALITY_TARGETS, GLOSSARY_LANGUAGES, type LanguageWire } from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { queryParams } from '../http/params.js';
import { LANGUAGE_NAMES, SOURCE_LISTING, TARGET_LISTING } from '../language-names.js';

const formality = new Set<string>(FORMALITY_TARGETS);

/** Contract 4.3: `GET /v2/languages` and `GET /v2/glossary-language-pairs`. */
export function registerLanguageRoutes(app: FastifyInstance): void {
  app.get('/v2/languages', { config: { access: 'developer' } }, async (request) => {
    const type = queryParams(request).oneOf('type', ['source', 'target'] as const) ?? 'source';
    if (type === 'source') {
      return SOURCE_LISTING.map(
        (code): LanguageWire => ({ language: code, name: LANGUAGE_NAMES[code]! }),
      );
    }
    return TARGET_LISTING.map(
      (code): LanguageWire => ({
        language: code,
        name: LANGUAGE_NAMES[code]!,
        supports_formality: formality.has(code),
      }),
    );
  });

  app.get('/v2/glossary-language-pairs', { config: { access: 'developer' } }, async () => ({
    supported_languages: GLOSSARY_LANGUAGES.flatMap((source) =>
      GLOSSARY_LANGUAGES.filter((target) => target !== source).map((target) => ({
        source_lang: source,
        target_lang: target,
      })),
    ),
  }));
}
