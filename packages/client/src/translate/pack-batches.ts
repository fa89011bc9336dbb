import { LimitError } from '../errors.js';
import { utf8Length } from '../wire/glossary-entries.js';
import { MAX_TEXTS_PER_REQUEST, MAX_TRANSLATE_BODY_BYTES } from '../wire/limits.js';

// Characters JSON.stringify escapes: quotes, backslashes, controls, and lone surrogates.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Bytes of `JSON.stringify(text)` in UTF-8, without building the string in the common case. */
export function jsonStringBytes(text: string): number {
  return NEEDS_ESCAPE.test(text) ? utf8Length(JSON.stringify(text)) : utf8Length(text) + 2;
}

/** A run of consecutive texts sent in one request: `texts[start]` up to, not including, `texts[end]`. */
export interface Batch {
  start: number;
  end: number;
  /** Bytes of the request body this batch makes. */
  bytes: number;
}

/** Limits a batch must respect. */
export interface BatchLimits {
  maxTexts?: number;
  maxBytes?: number;
}

/**
 * The exact body size in bytes of `{"text":[...],...rest}` for a set of texts: the body with an
 * empty list, plus each text as JSON, plus the commas between them. This is the serialized
 * request, byte for byte, without serializing it once per candidate batch.
 */
export function bodySize(rest: object, textSizes: readonly number[]): number {
  const empty = utf8Length(JSON.stringify({ text: [], ...rest }));
  let size = empty + Math.max(0, textSizes.length - 1);
  for (const s of textSizes) size += s;
  return size;
}

/**
 * Checks before sending that one request of `texts` with `rest` stays within `maxBytes` of
 * body; the error names the limit and the call (`use`) that splits the texts into requests.
 */
export function checkBodySize(
  texts: readonly string[],
  rest: object,
  limit: { maxBytes: number; what: string; use: string },
): void {
  const bytes = bodySize(
    rest,
    texts.map((t) => jsonStringBytes(t)),
  );
  if (bytes > limit.maxBytes)
    throw new LimitError(
      'request body bytes',
      bytes,
      limit.maxBytes,
      `the request body would be ${bytes} bytes; ${limit.what} at most ${limit.maxBytes} (use ${limit.use})`,
    );
}

/**
 * Packs texts, in order, into requests of at most 50 texts and 131072 bytes of JSON body
 * (`{"text": [...], ...rest}`). A text that cannot fit even alone is a {@link LimitError}.
 */
export function packBatches(
  texts: readonly string[],
  rest: object,
  limits: BatchLimits = {},
): Batch[] {
  const maxTexts = limits.maxTexts ?? MAX_TEXTS_PER_REQUEST;
  const maxBytes = limits.maxBytes ?? MAX_TRANSLATE_BODY_BYTES;
  const empty = utf8Length(JSON.stringify({ text: [], ...rest }));
  const batches: Batch[] = [];
  let start = 0;
  let bytes = empty;
  for (let i = 0; i < texts.length; i++) {
    const size = jsonStringBytes(texts[i]!);
    if (empty + size > maxBytes) {
      throw new LimitError(
        'request body bytes',
        empty + size,
        maxBytes,
        `text ${i} makes a request body of ${empty + size} bytes on its own; the contract allows at most ${maxBytes}`,
      );
    }
    const count = i - start;
    const next = bytes + size + (count > 0 ? 1 : 0);
    if (count > 0 && (count >= maxTexts || next > maxBytes)) {
      batches.push({ start, end: i, bytes });
      start = i;
      bytes = empty + size;
    } else {
      bytes = next;
    }
  }
  if (start < texts.length) batches.push({ start, end: texts.length, bytes });
  return batches;
}
