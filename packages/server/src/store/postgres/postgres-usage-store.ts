import {
  type ChargeOutcome,
  type ChargeRequest,
  type KeyUsageRow,
  USAGE_COLUMN,
  USAGE_SUMS,
  type UsageKind,
  type UsageStore,
  type UsageSumsRow,
  type UsageTotals,
  usageTotals,
} from '../usage-store.js';
import type { PostgresDatabase } from './postgres-database.js';

/** {@link UsageStore} in PostgreSQL; charges run in the schema's `transloom_charge` function. */
export class PostgresUsageStore implements UsageStore {
  constructor(private readonly db: PostgresDatabase) {}

  async add(keyId: string, day: string, kind: UsageKind, amount: number): Promise<void> {
    const column = USAGE_COLUMN[kind];
    await this.db.run(
      `INSERT INTO usage_daily (key_id, day, ${column}) VALUES ($1, $2, $3)
         ON CONFLICT (key_id, day) DO UPDATE SET ${column} = usage_daily.${column} + EXCLUDED.${column}`,
      [keyId, day, amount],
    );
  }

  // One statement, one round trip: the check and the write are one transaction on the server.
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const amount = (kind: ChargeRequest['kind']) =>
      request.kind === kind ? request.characters : 0;
    const row = await this.db.row<{ outcome: ChargeOutcome }>(
      'SELECT transloom_charge($1, $2, $3, $4, $5, $6, $7, $8) AS outcome',
      [
        request.keyId,
        request.day,
        request.month.from,
        request.month.to,
        amount('translation'),
        amount('improvement'),
        amount('document'),
        request.accountLimit,
      ],
    );
    return row!.outcome;
  }

  async totals(keyId: string | null, fromDay: string, toDay: string): Promise<UsageTotals> {
    const row =
      keyId === null
        ? await this.db.row<UsageSumsRow>(
            `SELECT ${USAGE_SUMS} FROM usage_daily WHERE day BETWEEN $1 AND $2`,
            [fromDay, toDay],
          )
        : await this.db.row<UsageSumsRow>(
            `SELECT ${USAGE_SUMS} FROM usage_daily WHERE key_id = $1 AND day BETWEEN $2 AND $3`,
            [keyId, fromDay, toDay],
          );
    return usageTotals(row);
  }

  async breakdown(fromDay: string, toDay: string, byDay: boolean): Promise<KeyUsageRow[]> {
    const group = byDay ? 'key_id, day' : 'key_id';
    const rows = await this.db.rows<UsageSumsRow & { key_id: string; day?: string }>(
      `SELECT key_id, ${byDay ? 'day,' : ''} ${USAGE_SUMS} FROM usage_daily
         WHERE day BETWEEN $1 AND $2 GROUP BY ${group}
         ORDER BY key_id COLLATE "C"${byDay ? ', day' : ''}`,
      [fromDay, toDay],
    );
    return rows.map((row) => {
      const out: KeyUsageRow = { keyId: row.key_id, ...usageTotals(row) };
      if (row.day !== undefined) out.day = row.day;
      return out;
    });
  }
}
