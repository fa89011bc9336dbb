import { expect, it } from 'vitest';
import * as wire from './index.js';

it('exports exactly the wire API', () => {
  expect(Object.keys(wire).sort()).toMatchInlineSnapshot(`
    [
      "CUSTOM_INSTRUCTION_LANGUAGES",
      "DEFAULT_STYLE_RULES_PAGE_SIZE",
      "FORMALITY_TARGETS",
      "GLOSSARY_LANGUAGES",
      "MAX_ACTIVE_DEVELOPER_KEYS",
      "MAX_AGENT_POLLS_PER_MINUTE",
      "MAX_CUSTOM_INSTRUCTIONS",
      "MAX_CUSTOM_INSTRUCTION_CHARS",
      "MAX_DICTIONARY_BYTES",
      "MAX_GLOSSARY_PHRASE_BYTES",
      "MAX_REPHRASE_BODY_BYTES",
      "MAX_STYLE_RULES_PAGE_SIZE",
      "MAX_TEXTS_PER_REQUEST",
      "MAX_TRANSLATE_BODY_BYTES",
      "MAX_VOICE_CHUNK_BYTES",
      "MAX_VOICE_TARGET_LANGUAGES",
      "MIN_STYLE_RULES_PAGE_SIZE",
      "PRESIGNED_LINK_TTL_MS",
      "REPHRASE_TARGETS",
      "TARGET_VARIANTS",
      "TONES",
      "TRANSLATE_LANGUAGES",
      "UNLIMITED_CHARACTERS",
      "VOICE_CONTENT_TYPES",
      "VOICE_FORMALITIES",
      "VOICE_SOURCE_LANGUAGES",
      "VOICE_TARGET_LANGUAGES",
      "WRITING_STYLES",
      "WRITING_STYLE_TARGETS",
      "baseLanguage",
      "formatGlossaryEntries",
      "formatGlossaryIssue",
      "normalizeLanguageCode",
      "parseGlossaryEntries",
      "utf8Length",
      "validateGlossaryEntries",
    ]
  `);
});
