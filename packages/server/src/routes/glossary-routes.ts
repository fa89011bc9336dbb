import { randomUUID } from 'node:crypto';
import {
  formatGlossaryEntries,
  formatGlossaryIssue,
  GLOSSARY_LANGUAGES,
  type GlossaryEntryIssue,
  type GlossaryWire,
  MAX_DICTIONARY_BYTES,
  MAX_GLOSSARY_PHRASE_BYTES,
  parseGlossaryEntries,
  utf8Length,
  validateGlossaryEntries,
} from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/http-error.js';
import { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { DictionaryInput, GlossaryRecord } from '../store/glossary-store.js';

/** Body limit of glossary requests: five full dictionaries and their JSON quoting. */
const GLOSSARY_BODY_LIMIT = 5 * MAX_DICTIONARY_BYTES + 1024 * 1024;
const LANGUAGES = new Set<string>(GLOSSARY_LANGUAGES);

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

function glossaryLanguage(value: string, name: string, where: string): string {
  const code = value.trim().toLowerCase();
  if (!LANGUAGES.has(code)) {
    throw badRequest(
      `${where}: '${name}' value '${value}' is not a glossary language; supported: ${GLOSSARY_LANGUAGES.join(', ')}`,
    );
  }
  return code;
}

function readName(params: Params): string | undefined {
  const name = params.string('name');
  if (name === undefined) return undefined;
  if (name.trim() === '') throw badRequest(`Parameter 'name' must not be empty`);
  const bytes = utf8Length(name);
  if (bytes > MAX_GLOSSARY_PHRASE_BYTES) {
    throw badRequest(
      `Parameter 'name' is ${bytes} UTF-8 bytes; at most ${MAX_GLOSSARY_PHRASE_BYTES} are allowed`,
    );
  }
  return name;
}

function rejectIssues(where: string, issues: readonly GlossaryEntryIssue[]): void {
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw badRequest(`${where}: ${formatGlossaryIssue(first)}`, {
    rule: first.rule,
    detail: issues.slice(0, 50).map(formatGlossaryIssue).join('\n'),
  });
}

/** Reads and validates one dictionary of a request body against every entry rule. */
function readDictionary(raw: Record<string, unknown>, where: string): DictionaryInput {
  const params = new Params(raw);
  const source = glossaryLanguage(
    params.string('source_lang', { required: true }),
    'source_lang',
    where,
  );
  const target = glossaryLanguage(
    params.string('target_lang', { required: true }),
    'target_lang',
    where,
  );
  if (source === target) throw badRequest(`${where}: 'source_lang' and 'target_lang' must differ`);
  const label = `Dictionary ${source} -> ${target}`;
  const text = params.string('entries', { required: true });
  const format = params.oneOf('entries_format', ['tsv', 'csv'] as const) ?? 'tsv';
  const parsed = parseGlossaryEntries(text, { format, sourceLang: source, targetLang: target });
  rejectIssues(label, parsed.issues);
  if (parsed.entries.length === 0) {
    throw badRequest(`${label}: the dictionary holds no entries for this language pair`, {
      rule: 'no-entries',
    });
  }
  rejectIssues(label, validateGlossaryEntries(parsed.entries));
  return { sourceLang: source, targetLang: target, entries: parsed.entries };
}

function readPair(query: unknown): { source: string; target: string } {
  const params = new Params(query);
  return {
    source: glossaryLanguage(
      params.string('source_lang', { required: true }),
      'source_lang',
      'Query',
    ),
    target: glossaryLanguage(
      params.string('target_lang', { required: true }),
      'target_lang',
      'Query',
    ),
  };
}

/** Contract 4.4: glossaries v3. */
export function registerGlossaryRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const options = { config: { access: 'developer' as const } };
  const bodyOptions = { ...options, bodyLimit: GLOSSARY_BODY_LIMIT };

  function existing(id: string): GlossaryRecord {
    const record = ctx.glossaries.get(id);
    if (!record) throw notFound(`Glossary not found: '${id}'`);
    return record;
  }

  app.post('/v3/glossaries', bodyOptions, async (request, reply) => {
    const params = new Params(request.body);
    const name = readName(params);
    if (name === undefined) throw badRequest(`Parameter 'name' is required`);
    const raw = params.objectList('dictionaries');
    if (!raw || raw.length === 0)
      throw badRequest(`Parameter 'dictionaries' must hold at least one dictionary`);
    const dictionaries = raw.map((d, i) => readDictionary(d, `dictionaries[${i}]`));
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
    const { source, target } = readPair(request.query);
    const entries = ctx.dictionaries.get(record, source, target);
    if (!entries)
      throw notFound(
        `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
      );
    return {
      dictionaries: [
        {
          source_lang: source,
          target_lang: target,
          entries: formatGlossaryEntries(entries, 'tsv'),
          entries_format: 'tsv',
        },
      ],
    };
  });

  app.patch<{ Params: { id: string } }>('/v3/glossaries/:id', bodyOptions, async (request) => {
    const record = existing(request.params.id);
    const params = new Params(request.body);
    const name = readName(params);
    const raw = params.objectList('dictionaries') ?? [];
    if (raw.length > 1)
      throw badRequest(`Parameter 'dictionaries' may hold at most one dictionary per call`);
    if (name === undefined && raw.length === 0) {
      throw badRequest(`Give 'name', 'dictionaries' or both`);
    }
    const dictionary = raw[0] ? readDictionary(raw[0], 'dictionaries[0]') : undefined;
    if (dictionary) {
      // Merged entries replace the target of an existing source; the result must still fit.
      const merged = new Map(
        (
          ctx.glossaries.entries(record.glossaryId, dictionary.sourceLang, dictionary.targetLang) ??
          []
        ).map((e) => [e.source, e.target]),
      );
      for (const e of dictionary.entries) merged.set(e.source, e.target);
      let bytes = 0;
      for (const [source, target] of merged) bytes += utf8Length(source) + utf8Length(target) + 2;
      if (bytes > MAX_DICTIONARY_BYTES) {
        throw badRequest(
          `The merged dictionary would hold ${bytes} bytes; at most ${MAX_DICTIONARY_BYTES} are allowed`,
          {
            rule: 'dictionary-too-large',
          },
        );
      }
    }
    return toWire(
      ctx.glossaries.update(record.glossaryId, {
        ...(name !== undefined ? { name } : {}),
        ...(dictionary ? { dictionary, mode: 'merge' as const } : {}),
      }),
    );
  });

  app.put<{ Params: { id: string } }>(
    '/v3/glossaries/:id/dictionaries',
    bodyOptions,
    async (request) => {
      const record = existing(request.params.id);
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest('The request body must be one dictionary object');
      }
      const dictionary = readDictionary(body as Record<string, unknown>, 'Dictionary');
      const updated = ctx.glossaries.update(record.glossaryId, { dictionary, mode: 'replace' });
      const info = updated.dictionaries.find(
        (d) => d.sourceLang === dictionary.sourceLang && d.targetLang === dictionary.targetLang,
      )!;
      return {
        source_lang: info.sourceLang,
        target_lang: info.targetLang,
        entry_count: info.entryCount,
      };
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
      const { source, target } = readPair(request.query);
      if (!ctx.glossaries.deleteDictionary(record.glossaryId, source, target)) {
        throw notFound(
          `Glossary '${record.glossaryId}' has no dictionary for ${source} -> ${target}`,
        );
      }
      return reply.code(204).send();
    },
  );
}
