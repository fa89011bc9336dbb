import { randomUUID } from 'node:crypto';
import { type GlossaryWire, MAX_DICTIONARY_BYTES } from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/http-error.js';
import { Params, queryParams } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { DictionaryInput, GlossaryRecord } from '../store/glossary-store.js';
import { readDictionary, readGlossaryName, readLanguagePair } from './glossary-input.js';

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

/** Contract 4.4: glossaries v3. */
export function registerGlossaryRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const options = { config: { access: 'developer' as const } };
  const createOptions = { ...options, bodyLimit: GLOSSARY_CREATE_BODY_LIMIT };
  const editOptions = { ...options, bodyLimit: GLOSSARY_EDIT_BODY_LIMIT };
  // Changes to one glossary run one after the other: a merge reads, works in a worker, then writes.
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

  function existing(id: string): GlossaryRecord {
    const record = ctx.glossaries.get(id);
    if (!record) throw notFound(`Glossary not found: '${id}'`);
    return record;
  }

  app.post('/v3/glossaries', createOptions, async (request, reply) => {
    const params = new Params(request.body);
    const name = readGlossaryName(params);
    if (name === undefined) throw badRequest(`Parameter 'name' is required`);
    const raw = params.objectList('dictionaries');
    if (!raw || raw.length === 0)
      throw badRequest(`Parameter 'dictionaries' must hold at least one dictionary`);
    const dictionaries: DictionaryInput[] = [];
    for (const item of raw) dictionaries.push(await readDictionary(ctx, item));
    const pairs = new Set<string>();
    for (const d of dictionaries) {
      const pair = `${d.sourceLang} -> ${d.targetLang}`;
      if (pairs.has(pair))
        throw badRequest(`Parameter 'dictionaries' holds two dictionaries for ${pair}`);
      pairs.add(pair);
    }
    const record = ctx.glossaries.create(randomUUID(), name, dictionaries, ctx.now());
    return reply.code(201).send(toWire(record));
  });

  app.get('/v3/glossaries', options, async () => ({
    glossaries: ctx.glossaries.list().map(toWire),
  }));

  app.get<{ Params: { id: string } }>('/v3/glossaries/:id', options, async (request) =>
    toWire(existing(request.params.id)),
  );

  app.get<{ Params: { id: string } }>('/v3/glossaries/:id/entries', options, async (request) => {
    const record = existing(request.params.id);
    const { source, target } = readLanguagePair(queryParams(request));
    const stored = ctx.glossaries.dictionaryText(record.glossaryId, source, target);
    if (!stored)
      throw notFound(
        `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
      );
    return {
      dictionaries: [
        { source_lang: source, target_lang: target, entries: stored.tsv, entries_format: 'tsv' },
      ],
    };
  });

  app.patch<{ Params: { id: string } }>('/v3/glossaries/:id', editOptions, async (request) => {
    const params = new Params(request.body);
    const name = readGlossaryName(params);
    const raw = params.objectList('dictionaries') ?? [];
    if (raw.length > 1)
      throw badRequest(`Parameter 'dictionaries' may hold at most one dictionary per call`);
    if (name === undefined && raw.length === 0) {
      throw badRequest(`Give 'name', 'dictionaries' or both`);
    }
    return serially(request.params.id, async () => {
      const record = existing(request.params.id);
      // Merged entries replace the target of an existing source; the result must still fit.
      const dictionary = raw[0]
        ? await readDictionary(
            ctx,
            raw[0],
            ({ source, target }) =>
              ctx.glossaries.dictionaryText(record.glossaryId, source, target)?.tsv ?? '',
          )
        : undefined;
      existing(record.glossaryId);
      return toWire(
        ctx.glossaries.update(record.glossaryId, {
          ...(name !== undefined ? { name } : {}),
          ...(dictionary ? { dictionary } : {}),
        }),
      );
    });
  });

  app.put<{ Params: { id: string } }>(
    '/v3/glossaries/:id/dictionaries',
    editOptions,
    async (request) => {
      existing(request.params.id);
      // One dictionary as a JSON object, or as flat form fields.
      const dictionary = await readDictionary(ctx, new Params(request.body));
      return serially(request.params.id, async () => {
        const updated = ctx.glossaries.update(existing(request.params.id).glossaryId, {
          dictionary,
        });
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
    if (!ctx.glossaries.delete(request.params.id))
      throw notFound(`Glossary not found: '${request.params.id}'`);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>(
    '/v3/glossaries/:id/dictionaries',
    options,
    async (request, reply) => {
      const record = existing(request.params.id);
      const { source, target } = readLanguagePair(queryParams(request));
      if (!ctx.glossaries.deleteDictionary(record.glossaryId, source, target)) {
        throw notFound(
          `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
        );
      }
      return reply.code(204).send();
    },
  );
}
