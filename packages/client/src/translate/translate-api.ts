import { PayloadTooLargeError, ServiceError } from '../errors.js';
import { createAdaptiveLimiter, type LimiterSlot } from '../http/adaptive-limiter.js';
import type { Transport } from '../http/transport.js';
import { MAX_TRANSLATE_BODY_BYTES } from '../wire/limits.js';
import type {
  TranslateRequestWire,
  TranslateResponseWire,
  TranslationWire,
} from '../wire/types.js';
import { createBatchRun } from './batch-run.js';
import { type Batch, checkBodySize, packBatches } from './pack-batches.js';
import {
  checkTextCount,
  checkTranslateOptions,
  type TranslateOptions,
  type TranslateRequest,
  type TranslateResult,
  type Translation,
  translateOptionsToWire,
} from './translate-options.js';

/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Progress of {@link translateMany}. */
export interface TranslateProgress {
  /** Texts translated so far. */
  completed: number;
  total: number;
  /** Requests answered so far. */
  requests: number;
}

/** Options of {@link translateMany}. */
export interface TranslateManyOptions extends CallOptions {
  /**
   * Most requests in flight at once (default 4); fewer while the service refuses requests.
   * Ignored when `schedule` is given.
   */
  concurrency?: number;
  onProgress?: (progress: TranslateProgress) => void;
  /**
   * Called with each batch's translations as soon as its request succeeds (`start` is the
   * index of its first text), so a caller can keep them even if a later batch fails.
   */
  onBatch?: (batch: { start: number; translations: Translation[] }) => void;
  /**
   * Runs each request. Pass one `createAdaptiveLimiter(...).schedule` to several calls to
   * bound their requests together (a p-limit works too, but holds its slot while a request
   * waits out a `Retry-After` and does not slow down when the service refuses).
   */
  schedule?: Schedule;
}

/** Runs a task under a concurrency limit; an adaptive limiter hands the task its slot. */
export type Schedule = <T>(task: (slot?: LimiterSlot) => Promise<T>) => Promise<T>;

/** The caller's `schedule`, or an adaptive limiter of `concurrency` (default 4) for one call. */
export function scheduleFor(many: TranslateManyOptions): Schedule {
  return (
    many.schedule ??
    createAdaptiveLimiter({ concurrency: Math.max(1, Math.floor(many.concurrency ?? 4)) }).schedule
  );
}

function toTranslation(wire: TranslationWire): Translation {
  const out: Translation = {
    text: wire.text,
    detectedSourceLanguage: wire.detected_source_language,
  };
  if (wire.billed_characters !== undefined) out.billedCharacters = wire.billed_characters;
  if (wire.model_type_used !== undefined) out.modelTypeUsed = wire.model_type_used;
  return out;
}

async function send(
  transport: Transport,
  texts: readonly string[],
  rest: ReturnType<typeof translateOptionsToWire>,
  signal: AbortSignal | undefined,
  slot?: LimiterSlot,
): Promise<Translation[]> {
  const json: TranslateRequestWire = { text: [...texts], ...rest };
  const { data } = await transport.call<TranslateResponseWire>({
    method: 'POST',
    path: '/v2/translate',
    json,
    signal,
    slot,
  });
  if (!Array.isArray(data?.translations) || data.translations.length !== texts.length) {
    throw new ServiceError(
      'The service answered with a different number of translations than texts sent',
      {
        method: 'POST',
        path: '/v2/translate',
        status: 200,
      },
    );
  }
  return data.translations.map(toTranslation);
}

/** `POST /v2/translate` for up to 50 texts; the contract's limits are checked before sending. */
export async function translate(
  transport: Transport,
  request: TranslateRequest,
  options: CallOptions = {},
): Promise<TranslateResult> {
  const { text, ...rest } = request;
  const texts = typeof text === 'string' ? [text] : text;
  checkTextCount(texts.length);
  checkTranslateOptions(rest);
  const wire = translateOptionsToWire(rest);
  checkBodySize(texts, wire, {
    maxBytes: MAX_TRANSLATE_BODY_BYTES,
    what: 'the contract allows',
    use: 'translateMany',
  });
  return { translations: await send(transport, texts, wire, options.signal) };
}

/**
 * Translates any number of texts: packs them into requests of at most 50 texts and 131072
 * bytes of body (measured), sends them with adaptive bounded concurrency, splits a batch again
 * when the service answers 413, and returns the translations in input order.
 */
export async function translateMany(
  transport: Transport,
  texts: readonly string[],
  options: TranslateOptions,
  many: TranslateManyOptions = {},
): Promise<Translation[]> {
  checkTranslateOptions(options);
  const wire = translateOptionsToWire(options);
  const results: Translation[] = new Array(texts.length);
  const progress: TranslateProgress = { completed: 0, total: texts.length, requests: 0 };
  const batches = createBatchRun(scheduleFor(many), many.signal);
  const run = async (batch: Batch): Promise<void> => {
    const count = batch.end - batch.start;
    // A 413 for several texts is not a failure: the batch is split and sent again.
    const fails = (error: unknown) => !(error instanceof PayloadTooLargeError) || count === 1;
    try {
      const translated = await batches.send(
        // Sliced only when its turn comes, so queued batches hold no copies of the texts.
        (slot) => send(transport, texts.slice(batch.start, batch.end), wire, many.signal, slot),
        fails,
      );
      translated.forEach((t, i) => {
        results[batch.start + i] = t;
      });
      many.onBatch?.({ start: batch.start, translations: translated });
      progress.completed += count;
      progress.requests++;
      many.onProgress?.({ ...progress });
    } catch (error) {
      // The service's limit is lower than the contract's: halve the batch and try again.
      if (fails(error)) {
        batches.stop(error);
        throw error;
      }
      progress.requests++;
      const middle = batch.start + Math.ceil(count / 2);
      await Promise.all([
        run({ start: batch.start, end: middle, bytes: 0 }),
        run({ start: middle, end: batch.end, bytes: 0 }),
      ]);
    }
  };
  await batches.settle(packBatches(texts, wire).map(run));
  return results;
}
