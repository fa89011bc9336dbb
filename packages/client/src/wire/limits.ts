/** Texts per translation request (contract part 8). */
export const MAX_TEXTS_PER_REQUEST = 50;
/** Bytes of a translation request body (128 KiB, contract part 8). */
export const MAX_TRANSLATE_BODY_BYTES = 131_072;
/** Bytes of a text-improvement request body (10 KiB, contract part 8). */
export const MAX_REPHRASE_BODY_BYTES = 10_240;
/** Entries in `custom_instructions`. */
export const MAX_CUSTOM_INSTRUCTIONS = 10;
/** Characters of one custom instruction. */
export const MAX_CUSTOM_INSTRUCTION_CHARS = 300;
/** Developer keys that may be active at the same time. */
export const MAX_ACTIVE_DEVELOPER_KEYS = 25;
/** UTF-8 bytes of a glossary name, a source phrase or a target phrase. */
export const MAX_GLOSSARY_PHRASE_BYTES = 1024;
/** UTF-8 bytes of one glossary dictionary's entries (10 MB). */
export const MAX_DICTIONARY_BYTES = 10 * 1024 * 1024;
/** Smallest `page_size` of the style-rule listing. */
export const MIN_STYLE_RULES_PAGE_SIZE = 1;
/** Largest `page_size` of the style-rule listing. */
export const MAX_STYLE_RULES_PAGE_SIZE = 25;
/** Default `page_size` of the style-rule listing. */
export const DEFAULT_STYLE_RULES_PAGE_SIZE = 10;
/** Target languages of one voice session. */
export const MAX_VOICE_TARGET_LANGUAGES = 5;
/** Bytes of one voice audio chunk. */
export const MAX_VOICE_CHUNK_BYTES = 100 * 1024;
/** Agent task status polls allowed per minute from one address. */
export const MAX_AGENT_POLLS_PER_MINUTE = 12;
/** Lifetime of a presigned agent content link. */
export const PRESIGNED_LINK_TTL_MS = 5 * 60 * 1000;
/** `character_limit` the service reports for an account without a limit. */
export const UNLIMITED_CHARACTERS = 1_000_000_000_000;
