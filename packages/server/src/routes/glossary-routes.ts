import { randomUUID } from 'node:crypto';
import { type GlossaryWire, MAX_DICTIONARY_BYTES } from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error.js';
import { queryParams } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import {
  type DictionaryInput,
  GlossaryChangedError,
  type GlossaryRecord,
} from '../store/glossary-store.js';
import {
  jsonStringContent,
  mergeIntoStored,
  prepareGlossaryBody,
  streamText,
} from './glossary-bodies.js';
import { readLanguagePair } from './glossary-input.js';

/** Body limit of a glossary creation: five full dictionaries (contract part 8) and their quoting. */
export const GLOSSARY_CREATE_BODY_LIMIT = 5 * MAX_DICTIONARY_BYTES + 1024 * 1024;
/** Body limit of a request carrying one dictionary: room for a form's percent-encoding. */
export const GLOSSARY_EDIT_BODY_LIMIT = 3 * MAX_DICTIONARY_BYTES + 1024 * 1024;

function toWire(record: GlossaryRecord): GlossaryWire {
  return {
    glossary_id: record.glossaryId,
    name: record.name,
    dictionaries: record.dictionaries.map((d) => ({
      source_lang: d.sourceLang,
      target_lang: d.targetLang,
      entry_count: d.entryCount,
    })),
    creation_time: record.creationTime,
  };
}

// Merges retried when another replica changed the same dictionary in between.
const MERGE_ATTEMPTS = 5;

/** Contract 4.4: glossaries v3. */
export function registerGlossaryRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const options = { config: { access: 'developer' as const } };
  const createOptions = { ...options, bodyLimit: GLOSSARY_CREATE_BODY_LIMIT };
  const editOptions = { ...options, bodyLimit: GLOSSARY_EDIT_BODY_LIMIT };
  // Changes to one glossary run one after the other in this process: a merge reads, works in a
  // worker, then writes (and across replicas, a merge whose base changed is merged again).
  const queues = new Map<string, Promise<unknown>>();
  function serially<T>(glossaryId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(glossaryId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(glossaryId, settled);
    void settled.then(() => {
      if (queues.get(glossaryId) === settled) queues.delete(glossaryId);
    });
    return next;
  }

  async function existing(id: string): Promise<GlossaryRecord> {
    const record = await ctx.glossaries.get(id);
    if (!record) throw notFound(`Glossary not found: '${id}'`);
    return record;
  }

  app.post('/v3/glossaries', createOptions, async (request, reply) => {
    const { name, dictionaries } = await prepareGlossaryBody(ctx, request.body, 'create');
    const record = await ctx.glossaries.create(randomUUID(), name!, dictionaries, ctx.now());
    return reply.code(201).send(toWire(record));
  });

  app.get('/v3/glossaries', options, async () => ({
    glossaries: (await ctx.glossaries.list()).map(toWire),
  }));

  app.get<{ Params: { id: string } }>('/v3/glossaries/:id', options, async (request) =>
    toWire(await existing(request.params.id)),
  );

  // The entries are streamed chunk by chunk: a 10 MB dictionary is never one string here.
  app.get<{ Params: { id: string } }>(
    '/v3/glossaries/:id/entries',
    options,
    async (request, reply) => {
      const record = await existing(request.params.id);
      const { source, target } = readLanguagePair(queryParams(request));
      const stored = await ctx.glossaries.dictionaryText(record.glossaryId, source, target);
      if (!stored)
        throw notFound(
          `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
        );
      const head = JSON.stringify({ source_lang: source, target_lang: target }).slice(0, -1);
      return reply.type('application/json; charset=utf-8').send(
        streamText(ctx, stored, {
          before: `{"dictionaries":[${head},"entries":"`,
          after: `","entries_format":"tsv"}]}`,
          escape: jsonStringContent,
        }),
      );
    },
  );

  app.patch<{ Params: { id: string } }>('/v3/glossaries/:id', editOptions, async (request) => {
    await existing(request.params.id);
    const { name, dictionaries } = await prepareGlossaryBody(ctx, request.body, 'patch');
    return serially(request.params.id, async () => {
      const record = await existing(request.params.id);
      const added = dictionaries[0];
      for (let attempt = 1; ; attempt++) {
        // Merged entries replace the target of an existing source; the result must still fit.
        const stored =
          added &&
          (await ctx.glossaries.dictionaryText(
            record.glossaryId,
            added.sourceLang,
            added.targetLang,
          ));
        const dictionary = added && stored ? await mergeIntoStored(ctx, stored, added) : added;
        try {
          return toWire(
            await ctx.glossaries.update(record.glossaryId, {
              ...(name !== undefined ? { name } : {}),
              ...(dictionary ? { dictionary, mergedFrom: stored ? stored.version : null } : {}),
            }),
          );
        } catch (error) {
          // Another replica changed the dictionary while this one merged: merge again.
          if (!(error instanceof GlossaryChangedError) || attempt >= MERGE_ATTEMPTS) throw error;
        }
      }
    });
  });

  app.put<{ Params: { id: string } }>(
    '/v3/glossaries/:id/dictionaries',
    editOptions,
    async (request) => {
      await existing(request.params.id);
      // One dictionary as a JSON object, or as flat form fields.
      const [dictionary] = (await prepareGlossaryBody(ctx, request.body, 'dictionary'))
        .dictionaries as [DictionaryInput];
      return serially(request.params.id, async () => {
        const updated = await ctx.glossaries.update(
          (await existing(request.params.id)).glossaryId,
          {
            dictionary,
          },
        );
        const info = updated.dictionaries.find(
          (d) => d.sourceLang === dictionary.sourceLang && d.targetLang === dictionary.targetLang,
        )!;
        return {
          source_lang: info.sourceLang,
          target_lang: info.targetLang,
          entry_count: info.entryCount,
        };
      });
    },
  );

  app.delete<{ Params: { id: string } }>('/v3/glossaries/:id', options, async (request, reply) => {
    if (!(await ctx.glossaries.delete(request.params.id)))
      throw notFound(`Glossary not found: '${request.params.id}'`);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>(
    '/v3/glossaries/:id/dictionaries',
    options,
    async (request, reply) => {
      const record = await existing(request.params.id);
      const { source, target } = readLanguagePair(queryParams(request));
      if (!(await ctx.glossaries.deleteDictionary(record.glossaryId, source, target))) {
        throw notFound(
          `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
        );
      }
      return reply.code(204).send();
    },
  );
}
