import { LimitError } from './errors.js';
import type { LimiterSlot } from './http/adaptive-limiter.js';
import type { Transport } from './http/transport.js';
import { createBatchRun } from './translate/batch-run.js';
import { type Batch, checkBodySize, packBatches } from './translate/pack-batches.js';
import {
  type CallOptions,
  scheduleFor,
  type TranslateManyOptions,
} from './translate/translate-api.js';
import { MAX_REPHRASE_BODY_BYTES } from './wire/limits.js';
import type {
  ImprovementWire,
  RephraseRequestWire,
  RephraseResponseWire,
  ToneWire,
  WritingStyleWire,
} from './wire/types.js';

/** Options of text improvement, except the texts. */
export interface RephraseOptions {
  /** de, en-GB, en-US, es, fr, it, pt-BR or pt-PT. */
  targetLang?: string;
  writingStyle?: WritingStyleWire;
  tone?: ToneWire;
}

/** A text-improvement request. */
export interface RephraseRequest extends RephraseOptions {
  text: string | string[];
}

/** One improved text. */
export interface Improvement {
  text: string;
  targetLanguage: string;
  detectedSourceLanguage: string;
}

/** The result of a text-improvement request, in input order. */
export interface RephraseResult {
  improvements: Improvement[];
}

function toWire(options: RephraseOptions): Omit<RephraseRequestWire, 'text'> {
  if (options.writingStyle !== undefined && options.tone !== undefined) {
    throw new LimitError(
      'writing_style with tone',
      2,
      1,
      'writingStyle and tone cannot both be given in one request',
    );
  }
  const wire: Omit<RephraseRequestWire, 'text'> = {};
  if (options.targetLang !== undefined) wire.target_lang = options.targetLang;
  if (options.writingStyle !== undefined) wire.writing_style = options.writingStyle;
  if (options.tone !== undefined) wire.tone = options.tone;
  return wire;
}

function toImprovement(wire: ImprovementWire): Improvement {
  return {
    text: wire.text,
    targetLanguage: wire.target_language,
    detectedSourceLanguage: wire.detected_source_language,
  };
}

async function send(
  transport: Transport,
  texts: readonly string[],
  rest: Omit<RephraseRequestWire, 'text'>,
  signal: AbortSignal | undefined,
  slot?: LimiterSlot,
): Promise<Improvement[]> {
  const { data } = await transport.call<RephraseResponseWire>({
    method: 'POST',
    path: '/v2/write/rephrase',
    json: { text: [...texts], ...rest },
    signal,
    slot,
  });
  return data.improvements.map(toImprovement);
}

/** `POST /v2/write/rephrase` (paid tier); the 10240-byte body limit is checked before sending. */
export async function rephrase(
  transport: Transport,
  request: RephraseRequest,
  options: CallOptions = {},
): Promise<RephraseResult> {
  const { text, ...rest } = request;
  const texts = typeof text === 'string' ? [text] : text;
  const wire = toWire(rest);
  checkBodySize(texts, wire, {
    maxBytes: MAX_REPHRASE_BODY_BYTES,
    what: 'text improvement allows',
    use: 'rephraseMany',
  });
  return { improvements: await send(transport, texts, wire, options.signal) };
}

/** Improves any number of texts in requests of at most 10240 bytes, results in input order. */
export async function rephraseMany(
  transport: Transport,
  texts: readonly string[],
  options: RephraseOptions,
  many: TranslateManyOptions = {},
): Promise<Improvement[]> {
  const wire = toWire(options);
  const results: Improvement[] = new Array(texts.length);
  const batches = createBatchRun(scheduleFor(many), many.signal);
  let completed = 0;
  let requests = 0;
  const run = async (batch: Batch): Promise<void> => {
    const count = batch.end - batch.start;
    try {
      const improved = await batches.send((slot) =>
        send(transport, texts.slice(batch.start, batch.end), wire, many.signal, slot),
      );
      improved.forEach((item, i) => {
        results[batch.start + i] = item;
      });
    } catch (error) {
      batches.stop(error);
      throw error;
    }
    completed += count;
    requests++;
    many.onProgress?.({ completed, total: texts.length, requests });
  };
  const packed = packBatches(texts, wire, {
    maxTexts: Number.POSITIVE_INFINITY,
    maxBytes: MAX_REPHRASE_BODY_BYTES,
  });
  await batches.settle(packed.map(run));
  return results;
}
