import {
  baseLanguage,
  type ImprovementWire,
  MAX_REPHRASE_BODY_BYTES,
  REPHRASE_TARGETS,
  TONES,
  WRITING_STYLE_TARGETS,
  WRITING_STYLES,
} from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { countCharacters } from '../accounting.js';
import { badRequest } from '../http/http-error.js';
import { Params } from '../http/params.js';
import { FALLBACK_LANGUAGE, rulesOut } from '../language-detection.js';
import type { ServiceContext } from '../service-context.js';

const STYLE_LANGUAGES = new Set(WRITING_STYLE_TARGETS.map((l) => l.toLowerCase()));

// `prefer_` values fall back to the default where unsupported; plain values are an error there.
function resolveStyle(
  name: 'writing_style' | 'tone',
  value: string | undefined,
  supported: boolean,
  language: string,
): string | null {
  if (value === undefined || value === 'default') return null;
  if (supported) return value.replace(/^prefer_/, '');
  if (value.startsWith('prefer_')) return null;
  throw badRequest(
    `'${name}' is not supported for language ${language}; supported: ${WRITING_STYLE_TARGETS.join(', ')} (use prefer_${value} to fall back)`,
  );
}

/** Contract 4.2: `POST /v2/write/rephrase` (paid tier only). */
export function registerRephraseRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.post(
    '/v2/write/rephrase',
    { bodyLimit: MAX_REPHRASE_BODY_BYTES, config: { access: 'paid' } },
    async (request) => {
      const params = new Params(request.body);
      const texts = params.stringList('text');
      if (texts === undefined || texts.length === 0)
        throw badRequest(`Parameter 'text' is required`);
      const target = params.oneOf('target_lang', REPHRASE_TARGETS, { caseInsensitive: true });
      const writingStyle = params.oneOf('writing_style', WRITING_STYLES);
      const tone = params.oneOf('tone', TONES);
      if (writingStyle !== undefined && tone !== undefined) {
        throw badRequest(`'writing_style' and 'tone' cannot both be given in one request`);
      }
      const detection = await ctx.translator.detectLanguage(texts.join('\n'));
      const detected = detection.language;
      if (target !== undefined && rulesOut(detection, baseLanguage(target))) {
        throw badRequest(
          `The text is written in ${detected}, which does not match target_lang ${target}; only variants of the same language can be converted`,
        );
      }
      const language = (target ?? detected ?? FALLBACK_LANGUAGE).toLowerCase();
      const supported =
        STYLE_LANGUAGES.has(language) || (target === undefined && ['en', 'de'].includes(language));
      const style = resolveStyle('writing_style', writingStyle, supported, language);
      const toneValue = resolveStyle('tone', tone, supported, language);
      const refund = await ctx.accounting.charge(
        request.apiKey,
        'improvement',
        texts.reduce((sum, t) => sum + countCharacters(t), 0),
      );
      try {
        const improved = await ctx.translator.rephrase({
          texts,
          language,
          writingStyle: style,
          tone: toneValue,
        });
        const detectedCode = (detected ?? baseLanguage(language)).toLowerCase();
        return {
          improvements: improved.map(
            (text): ImprovementWire => ({
              text,
              target_language: target ?? detectedCode,
              detected_source_language: detectedCode,
            }),
          ),
        };
      } catch (error) {
        await refund();
        throw error;
      }
    },
  );
}
