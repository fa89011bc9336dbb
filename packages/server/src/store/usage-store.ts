import { prepared, type ServiceDatabase } from './database.js';

/** What a request consumed. */
export type UsageKind = 'translation' | 'improvement' | 'document' | 'speech';

const COLUMN: Record<UsageKind, string> = {
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

interface TotalsRow {
  translation: number | null;
  improvement: number | null;
  document: number | null;
  speech_ms: number | null;
}

const SUMS = `SUM(translation_chars) AS translation, SUM(improvement_chars) AS improvement,
  SUM(document_chars) AS document, SUM(speech_ms) AS speech_ms`;

function totals(row: TotalsRow | undefined): UsageTotals {
  return {
    translation: row?.translation ?? 0,
    improvement: row?.improvement ?? 0,
    document: row?.document ?? 0,
    speechMs: row?.speech_ms ?? 0,
  };
}

/** Per-key, per-day consumption; a month is the days of one calendar month in UTC. */
export class UsageStore {
  constructor(private readonly db: ServiceDatabase) {}

  /** Adds (or, with a negative amount, gives back) consumption of `keyId` on `day`. */
  add(keyId: string, day: string, kind: UsageKind, amount: number): void {
    const column = COLUMN[kind];
    prepared(
      this.db,
      `INSERT INTO usage_daily (key_id, day, ${column}) VALUES (?, ?, ?)
         ON CONFLICT (key_id, day) DO UPDATE SET ${column} = ${column} + excluded.${column}`,
    ).run(keyId, day, amount);
  }

  /** Totals of one key (or every key, with `null`) between two days, inclusive. */
  totals(keyId: string | null, fromDay: string, toDay: string): UsageTotals {
    const row =
      keyId === null
        ? prepared(this.db, `SELECT ${SUMS} FROM usage_daily WHERE day BETWEEN ? AND ?`).get(
            fromDay,
            toDay,
          )
        : prepared(
            this.db,
            `SELECT ${SUMS} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?`,
          ).get(keyId, fromDay, toDay);
    return totals(row as TotalsRow | undefined);
  }

  /** Totals per key (and per day with `byDay`) between two days, inclusive. */
  breakdown(fromDay: string, toDay: string, byDay: boolean): KeyUsageRow[] {
    const group = byDay ? 'key_id, day' : 'key_id';
    const rows = prepared(
      this.db,
      `SELECT key_id, ${byDay ? 'day,' : ''} ${SUMS} FROM usage_daily
         WHERE day BETWEEN ? AND ? GROUP BY ${group} ORDER BY ${group}`,
    ).all(fromDay, toDay) as Array<TotalsRow & { key_id: string; day?: string }>;
    return rows.map((row) => {
      const out: KeyUsageRow = { keyId: row.key_id, ...totals(row) };
      if (row.day !== undefined) out.day = row.day;
      return out;
    });
  }
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
