import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/http-error.js';
import type { ServiceContext } from '../service-context.js';
import type { GlossaryRecord } from '../store/glossary-store.js';
import { prepareGlossaryBody, streamText } from './glossary-bodies.js';
import { GLOSSARY_EDIT_BODY_LIMIT } from './glossary-routes.js';

/** A glossary as the v2 endpoints show it: one language pair, its entry count, always ready. */
export interface GlossaryV2Wire {
  glossary_id: string;
  name: string;
  ready: boolean;
  source_lang: string;
  target_lang: string;
  creation_time: string;
  entry_count: number;
}

function isMonolingual(record: GlossaryRecord): boolean {
  return record.dictionaries.length === 1;
}

function toWire(record: GlossaryRecord): GlossaryV2Wire {
  const dictionary = record.dictionaries[0]!;
  return {
    glossary_id: record.glossaryId,
    name: record.name,
    ready: true,
    source_lang: dictionary.sourceLang,
    target_lang: dictionary.targetLang,
    creation_time: record.creationTime,
    entry_count: dictionary.entryCount,
  };
}

/**
 * The v2 glossary endpoints, which the official clients still offer: the same glossaries as
 * v3, shown with their one language pair. They handle monolingual glossaries only (contract
 * 4.4): a glossary with another number of dictionaries is named in a 400 that points to v3.
 */
export function registerGlossaryV2Routes(app: FastifyInstance, ctx: ServiceContext): void {
  const options = { config: { access: 'developer' as const } };

  async function monolingual(id: string): Promise<GlossaryRecord> {
    const record = await ctx.glossaries.get(id);
    if (!record) throw notFound(`Glossary not found: '${id}'`);
    if (!isMonolingual(record)) {
      throw badRequest(
        `Glossary '${id}' has ${record.dictionaries.length} dictionaries; the v2 glossary endpoints handle glossaries of one language pair only, use /v3/glossaries/${id}`,
      );
    }
    return record;
  }

  app.post(
    '/v2/glossaries',
    { ...options, bodyLimit: GLOSSARY_EDIT_BODY_LIMIT },
    async (request, reply) => {
      const { name, dictionaries } = await prepareGlossaryBody(ctx, request.body, 'v2');
      const record = await ctx.glossaries.create(randomUUID(), name!, dictionaries, ctx.now());
      return reply.code(201).send(toWire(record));
    },
  );

  app.get('/v2/glossaries', options, async () => ({
    glossaries: (await ctx.glossaries.list()).filter(isMonolingual).map(toWire),
  }));

  app.get<{ Params: { id: string } }>('/v2/glossaries/:id', options, async (request) =>
    toWire(await monolingual(request.params.id)),
  );

  // Entries come as TSV, the one format the service hands out.
  app.get<{ Params: { id: string } }>(
    '/v2/glossaries/:id/entries',
    options,
    async (request, reply) => {
      const record = await monolingual(request.params.id);
      const { sourceLang, targetLang } = record.dictionaries[0]!;
      const stored = await ctx.glossaries.dictionaryText(record.glossaryId, sourceLang, targetLang);
      if (!stored) throw notFound(`Glossary not found: '${record.glossaryId}'`);
      // Streamed chunk by chunk: a 10 MB dictionary is never one string here.
      return reply.type('text/tab-separated-values; charset=utf-8').send(streamText(ctx, stored));
    },
  );

  app.delete<{ Params: { id: string } }>('/v2/glossaries/:id', options, async (request, reply) => {
    await monolingual(request.params.id);
    await ctx.glossaries.delete(request.params.id);
    return reply.code(204).send();
  });
}
