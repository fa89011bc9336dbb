/** What a request consumed. */
export type UsageKind = 'translation' | 'improvement' | 'document' | 'speech';

/** The `usage_daily` column of each kind. */
export const USAGE_COLUMN: Record<UsageKind, string> = {
  translation: 'translation_chars',
  improvement: 'improvement_chars',
  document: 'document_chars',
  speech: 'speech_ms',
};

/** Consumption totals of one key (or of everyone) over a period. */
export interface UsageTotals {
  translation: number;
  improvement: number;
  document: number;
  speechMs: number;
}

/** Totals of one key, optionally of one day. */
export interface KeyUsageRow extends UsageTotals {
  keyId: string;
  day?: string;
}

/** A charge to make only while the key's and the account's limits are not reached. */
export interface ChargeRequest {
  keyId: string;
  kind: Exclude<UsageKind, 'speech'>;
  characters: number;
  /** The UTC day the charge is counted on. */
  day: string;
  /** The UTC month (first and last day) the limits apply to. */
  month: { from: string; to: string };
  /** The account's monthly limit (null: none); the key's own is read where it is stored. */
  accountLimit: number | null;
}

/** What became of a charge: made, or refused because a limit was reached. */
export type ChargeOutcome = 'charged' | 'key-limit' | 'account-limit';

/** Per-key, per-day consumption; a month is the days of one calendar month in UTC. */
export interface UsageStore {
  /** Adds (or, with a negative amount, gives back) consumption of `keyId` on `day`. */
  add(keyId: string, day: string, kind: UsageKind, amount: number): Promise<void>;
  /**
   * Checks the limits and records the charge in one atomic step, whatever else runs at the
   * same time, in this process or in another replica: a key at its limit is refused, so
   * concurrent requests bill at most the limit plus what was already in flight.
   */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Totals of one key (or every key, with `null`) between two days, inclusive. */
  totals(keyId: string | null, fromDay: string, toDay: string): Promise<UsageTotals>;
  /** Totals per key (and per day with `byDay`) between two days, inclusive. */
  breakdown(fromDay: string, toDay: string, byDay: boolean): Promise<KeyUsageRow[]>;
}

/** Sums of the usage columns as one SELECT list (`translation`, ..., `speech_ms`). */
export const USAGE_SUMS = `SUM(translation_chars) AS translation, SUM(improvement_chars) AS improvement,
  SUM(document_chars) AS document, SUM(speech_ms) AS speech_ms`;

/** A row of sums (nulls when no row matched; strings from a driver that keeps big numbers exact). */
export interface UsageSumsRow {
  translation: number | string | null;
  improvement: number | string | null;
  document: number | string | null;
  speech_ms: number | string | null;
}

/** A row of {@link USAGE_SUMS} as totals. */
export function usageTotals(row: UsageSumsRow | undefined): UsageTotals {
  return {
    translation: Number(row?.translation ?? 0),
    improvement: Number(row?.improvement ?? 0),
    document: Number(row?.document ?? 0),
    speechMs: Number(row?.speech_ms ?? 0),
  };
}

/** `YYYY-MM-DD` of a date in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** First and last day (`YYYY-MM-DD`) of the UTC calendar month holding `date`. */
export function utcMonth(date: Date): { from: string; to: string } {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { from: utcDay(new Date(Date.UTC(year, month, 1))), to: utcDay(last) };
}
