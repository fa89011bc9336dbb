import {
  normalizeLanguageCode,
  TARGET_VARIANTS,
  TRANSLATE_LANGUAGES,
} from '@transloom/client/wire';
import { countCharacters } from '../accounting.js';
import { PLAIN_TEXT_REQUEST } from '../engines/plain-text-request.js';
import type { AgentWorkflow } from './agent-workflow.js';

const TARGETS = new Set<string>([...TRANSLATE_LANGUAGES, ...TARGET_VARIANTS]);

/** Translates `input.text` into `input.target_lang` with the server's engine. */
export const translateWorkflow: AgentWorkflow = {
  id: 'translate',
  description: 'Translates input.text into input.target_lang',
  validate(input) {
    if (typeof input.text !== 'string' || input.text === '')
      return 'input.text must be a non-empty string';
    if (
      typeof input.target_lang !== 'string' ||
      !TARGETS.has(normalizeLanguageCode(input.target_lang))
    ) {
      return 'input.target_lang must be a supported target language code';
    }
    return null;
  },
  async run(input, { engine, chargeTranslation, detectLanguages }) {
    const text = input.text as string;
    const target = normalizeLanguageCode(input.target_lang as string);
    chargeTranslation(countCharacters(text));
    const [translated] = await engine.translate({
      texts: [text],
      sourceLang: (await detectLanguages([text]))[0]!,
      targetLang: target,
      formality: 'default',
      ...PLAIN_TEXT_REQUEST,
      preserveFormatting: false,
      glossary: null,
      modelType: 'quality_optimized',
    });
    return { message: translated ?? '', contentType: 'text', language: target.toLowerCase() };
  },
};
