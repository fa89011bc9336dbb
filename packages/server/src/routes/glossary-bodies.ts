import { Readable } from 'node:stream';
import { FormBody } from '../http/form-body.js';
import { RawBody } from '../http/raw-body.js';
import type { ServiceContext } from '../service-context.js';
import type { DictionaryInput, DictionaryText } from '../store/glossary-store.js';
import type { BodyInput, PreparedGlossary } from '../worker/glossary-work.js';
import { movable } from '../worker/work-tasks.js';
import type { GlossaryShape } from './glossary-input.js';

/**
 * Parses, checks and prepares a glossary request body in a worker: a body of up to 50 MB is
 * moved there as received, and its dictionaries come back as chunks ready to store, so the
 * event loop never parses, validates or copies a whole dictionary.
 */
export function prepareGlossaryBody(
  ctx: ServiceContext,
  body: unknown,
  shape: GlossaryShape,
): Promise<PreparedGlossary> {
  let input: BodyInput;
  let transfer: ArrayBuffer[] = [];
  if (body instanceof RawBody) {
    input = { raw: [...body.pieces], type: body.type };
    transfer = movable(body.pieces);
  } else if (body instanceof FormBody) {
    input = { form: body.pairs() };
  } else {
    input = { json: body };
  }
  return ctx.pool.run('prepareGlossary', { body: input, shape }, { transfer });
}

/** Merges a checked dictionary into the stored one of its pair, in a worker. */
export async function mergeIntoStored(
  ctx: ServiceContext,
  stored: DictionaryText,
  added: DictionaryInput,
): Promise<DictionaryInput> {
  const base = await ctx.glossaries.chunks.readAll(stored.chunkSet);
  return ctx.pool.run(
    'mergeDictionary',
    { base, added },
    { transfer: movable([...base, ...added.chunks]) },
  );
}

/** A stored dictionary's TSV as a stream, chunk by chunk (`escape` turns each into output). */
export function streamText(
  ctx: ServiceContext,
  stored: DictionaryText,
  parts: { before?: string; after?: string; escape?: (text: string) => string } = {},
): Readable {
  const chunks = ctx.glossaries.chunks.read(stored.chunkSet);
  const transform = parts.escape ?? ((text: string) => text);
  return Readable.from(
    (async function* pieces() {
      if (parts.before !== undefined) yield parts.before;
      let first = true;
      for await (const chunk of chunks) {
        yield transform(`${first ? '' : '\n'}${chunk.toString('utf8')}`);
        first = false;
      }
      if (parts.after !== undefined) yield parts.after;
    })(),
    { objectMode: false },
  );
}

/** A JSON string's content without its quotes: the piece of a string value a chunk makes. */
export function jsonStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
