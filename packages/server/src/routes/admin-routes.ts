import type {
  AnalyticsResponseWire,
  DeveloperKeyWire,
  KeyUsageWire,
  UsageWire,
} from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/http-error.js';
import { Params, queryParams } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import { type KeyRecord, MAX_KEY_LABEL_CHARS, maskHint } from '../store/key-store.js';
import type { UsageTotals } from '../store/usage-store.js';

/** The creation answer: the key object and, this once, its secret in `key`. */
interface CreatedKeyWire extends DeveloperKeyWire {
  key: string;
}

function toWire(key: KeyRecord): DeveloperKeyWire {
  const wire: DeveloperKeyWire = {
    key_id: key.keyId,
    label: key.label,
    creation_time: key.creationTime,
    is_deactivated: key.deactivatedTime !== null,
    usage_limits: { characters: key.characterLimit },
  };
  if (key.deactivatedTime !== null) wire.deactivated_time = key.deactivatedTime;
  return wire;
}

function usage(totals: UsageTotals): UsageWire {
  return {
    total_characters: totals.translation + totals.document + totals.improvement,
    text_translation_characters: totals.translation,
    document_translation_characters: totals.document,
    text_improvement_characters: totals.improvement,
    speech_to_text_minutes: Math.round((totals.speechMs / 60_000) * 1000) / 1000,
  };
}

// Accepts `YYYY-MM-DD` or a full ISO 8601 timestamp; answers with the UTC day.
function readDate(params: Params, name: string): string {
  const value = params.string(name, { required: true });
  const time = /^\d{4}-\d{2}-\d{2}/.test(value)
    ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
    : Number.NaN;
  if (Number.isNaN(time))
    throw badRequest(`Parameter '${name}' must be an ISO 8601 date (YYYY-MM-DD), got '${value}'`);
  return new Date(time).toISOString().slice(0, 10);
}

function readLabel(params: Params, required: boolean): string | undefined {
  const label = params.string('label', { required });
  if (label !== undefined && label.trim() === '')
    throw badRequest(`Parameter 'label' must not be empty`);
  if (label !== undefined && [...label].length > MAX_KEY_LABEL_CHARS) {
    throw badRequest(
      `Parameter 'label' is ${[...label].length} characters; at most ${MAX_KEY_LABEL_CHARS} are allowed`,
    );
  }
  return label;
}

/** Contract 4.7 and 4.8: developer keys and usage statistics (admin keys only). */
export function registerAdminRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const options = { config: { access: 'admin' as const } };

  app.post('/v2/admin/developer-keys', options, async (request): Promise<CreatedKeyWire> => {
    const label = readLabel(new Params(request.body), false);
    const created = await ctx.keys.create(label, ctx.now());
    // The secret is shown here once; the service keeps only its hash.
    return { ...toWire(created), key: created.secret };
  });

  app.get('/v2/admin/developer-keys', options, async () =>
    (await ctx.keys.listDevelopers()).map(toWire),
  );

  app.put('/v2/admin/developer-keys/deactivate', options, async (request) => {
    const keyId = new Params(request.body).string('key_id', { required: true });
    return toWire(await ctx.keys.deactivate(keyId, ctx.now()));
  });

  app.put('/v2/admin/developer-keys/label', options, async (request) => {
    const params = new Params(request.body);
    const keyId = params.string('key_id', { required: true });
    return toWire(await ctx.keys.rename(keyId, readLabel(params, true)!));
  });

  app.put('/v2/admin/developer-keys/limits', options, async (request) => {
    const params = new Params(request.body);
    const keyId = params.string('key_id', { required: true });
    if (!params.has('characters')) {
      throw badRequest(`Parameter 'characters' is required: an integer >= 0, or null for no limit`);
    }
    const characters = params.integer('characters', { min: 0 }) ?? null;
    return toWire(await ctx.keys.setLimit(keyId, characters));
  });

  app.get('/v2/admin/analytics', options, async (request): Promise<AnalyticsResponseWire> => {
    const params = queryParams(request);
    const start = readDate(params, 'start_date');
    const end = readDate(params, 'end_date');
    if (end < start) throw badRequest(`'end_date' (${end}) is before 'start_date' (${start})`);
    const groupBy = params.oneOf('group_by', ['key', 'key_and_day'] as const);
    const report: AnalyticsResponseWire['usage_report'] = {
      total_usage: usage(await ctx.usage.totals(null, start, end)),
      start_date: `${start}T00:00:00`,
      end_date: `${end}T00:00:00`,
    };
    if (groupBy) {
      report.group_by = groupBy;
      const keys = new Map((await ctx.keys.listDevelopers()).map((k) => [k.keyId, k]));
      const rows = (await ctx.usage.breakdown(start, end, groupBy === 'key_and_day')).map(
        (row): KeyUsageWire => {
          const item: KeyUsageWire = {
            api_key: maskHint(keys.get(row.keyId)?.hint ?? ''),
            api_key_label: keys.get(row.keyId)?.label ?? '',
            usage: usage(row),
          };
          if (row.day !== undefined) item.usage_date = `${row.day}T00:00:00.000Z`;
          return item;
        },
      );
      if (groupBy === 'key') report.key_usages = rows;
      else report.key_and_day_usages = rows;
    }
    return { usage_report: report };
  });
}
