import type { Transport } from './http/transport.js';
import type { CallOptions } from './translate/translate-api.js';
import type {
  AnalyticsResponseWire,
  CreatedDeveloperKeyWire,
  DeveloperKeyWire,
  KeyUsageWire,
  UsageWire,
} from './wire/types.js';

/** A developer key, named by its `keyId` (not a credential). */
export interface DeveloperKey {
  keyId: string;
  /** The secret to authenticate with: in the creation answer only (the service keeps a hash). */
  key?: string;
  label: string;
  creationTime: string;
  deactivatedTime?: string;
  isDeactivated: boolean;
  usageLimits: { characters: number | null; speechToTextMilliseconds?: number | null };
}

/** Consumption in the analytics report. */
export interface UsageTotals {
  totalCharacters: number;
  textTranslationCharacters: number;
  documentTranslationCharacters: number;
  textImprovementCharacters: number;
  speechToTextMinutes: number;
}

/** Consumption of one key (and one day, when grouped by day). */
export interface KeyUsage {
  /** The key, masked. */
  apiKey: string;
  apiKeyLabel: string;
  usageDate?: string;
  usage: UsageTotals;
}

/** `GET /v2/admin/analytics` result. */
export interface UsageReport {
  totalUsage: UsageTotals;
  groupBy?: 'key' | 'key_and_day';
  startDate: string;
  endDate: string;
  keyUsages?: KeyUsage[];
  keyAndDayUsages?: KeyUsage[];
}

/** Options of {@link AdminApi.analytics}. */
export interface AnalyticsOptions extends CallOptions {
  /** `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  groupBy?: 'key' | 'key_and_day';
}

function toKey(wire: DeveloperKeyWire | CreatedDeveloperKeyWire): DeveloperKey {
  const limits: DeveloperKey['usageLimits'] = { characters: wire.usage_limits.characters };
  if (wire.usage_limits.speech_to_text_milliseconds !== undefined) {
    limits.speechToTextMilliseconds = wire.usage_limits.speech_to_text_milliseconds;
  }
  const out: DeveloperKey = {
    keyId: wire.key_id,
    label: wire.label,
    creationTime: wire.creation_time,
    isDeactivated: wire.is_deactivated,
    usageLimits: limits,
  };
  if (wire.deactivated_time !== undefined) out.deactivatedTime = wire.deactivated_time;
  if ('key' in wire && wire.key !== undefined) out.key = wire.key;
  return out;
}

function toTotals(wire: UsageWire): UsageTotals {
  return {
    totalCharacters: wire.total_characters,
    textTranslationCharacters: wire.text_translation_characters,
    documentTranslationCharacters: wire.document_translation_characters,
    textImprovementCharacters: wire.text_improvement_characters,
    speechToTextMinutes: wire.speech_to_text_minutes,
  };
}

function toKeyUsage(wire: KeyUsageWire): KeyUsage {
  const out: KeyUsage = {
    apiKey: wire.api_key,
    apiKeyLabel: wire.api_key_label,
    usage: toTotals(wire.usage),
  };
  if (wire.usage_date !== undefined) out.usageDate = wire.usage_date;
  return out;
}

/** Developer keys (contract 4.7), with an admin key. */
export class AdminKeysApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Creates a developer key (at most 25 may be active); its secret is in `key`, this once.
   * Not retried after a timeout.
   */
  async create(input: { label?: string } = {}, options: CallOptions = {}): Promise<DeveloperKey> {
    const { data } = await this.transport.call<CreatedDeveloperKeyWire>({
      method: 'POST',
      path: '/v2/admin/developer-keys',
      json: input.label === undefined ? {} : { label: input.label },
      idempotent: false,
      signal: options.signal,
    });
    return toKey(data);
  }

  /** Every developer key, active and deactivated. */
  async list(options: CallOptions = {}): Promise<DeveloperKey[]> {
    const { data } = await this.transport.call<DeveloperKeyWire[]>({
      method: 'GET',
      path: '/v2/admin/developer-keys',
      signal: options.signal,
    });
    return data.map(toKey);
  }

  /** Renames a key. */
  async rename(keyId: string, label: string, options: CallOptions = {}): Promise<DeveloperKey> {
    const { data } = await this.transport.call<DeveloperKeyWire>({
      method: 'PUT',
      path: '/v2/admin/developer-keys/label',
      json: { key_id: keyId, label },
      signal: options.signal,
    });
    return toKey(data);
  }

  /** Sets a key's monthly character limit: 0 blocks it, null removes the limit. */
  async setLimit(
    keyId: string,
    characters: number | null,
    options: CallOptions = {},
  ): Promise<DeveloperKey> {
    const { data } = await this.transport.call<DeveloperKeyWire>({
      method: 'PUT',
      path: '/v2/admin/developer-keys/limits',
      json: { key_id: keyId, characters },
      signal: options.signal,
    });
    return toKey(data);
  }

  /** Deactivates a key: immediate and permanent. */
  async deactivate(keyId: string, options: CallOptions = {}): Promise<DeveloperKey> {
    const { data } = await this.transport.call<DeveloperKeyWire>({
      method: 'PUT',
      path: '/v2/admin/developer-keys/deactivate',
      json: { key_id: keyId },
      signal: options.signal,
    });
    return toKey(data);
  }
}

/** Admin functions (contract 4.7 and 4.8). */
export class AdminApi {
  readonly keys: AdminKeysApi;

  constructor(private readonly transport: Transport) {
    this.keys = new AdminKeysApi(transport);
  }

  /** Usage statistics between two dates, optionally per key or per key and day. */
  async analytics(options: AnalyticsOptions): Promise<UsageReport> {
    const { data } = await this.transport.call<AnalyticsResponseWire>({
      method: 'GET',
      path: '/v2/admin/analytics',
      query: {
        start_date: options.startDate,
        end_date: options.endDate,
        group_by: options.groupBy,
      },
      signal: options.signal,
    });
    const report = data.usage_report;
    const out: UsageReport = {
      totalUsage: toTotals(report.total_usage),
      startDate: report.start_date,
      endDate: report.end_date,
    };
    if (report.group_by !== undefined) out.groupBy = report.group_by;
    if (report.key_usages) out.keyUsages = report.key_usages.map(toKeyUsage);
    if (report.key_and_day_usages) out.keyAndDayUsages = report.key_and_day_usages.map(toKeyUsage);
    return out;
  }
}
