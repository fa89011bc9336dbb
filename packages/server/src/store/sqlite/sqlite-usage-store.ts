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
import { prepared, type ServiceDatabase } from './sqlite-database.js';

const BILLABLE = 'COALESCE(SUM(translation_chars + improvement_chars + document_chars), 0) AS used';

/** {@link UsageStore} in SQLite. */
export class SqliteUsageStore implements UsageStore {
  constructor(private readonly db: ServiceDatabase) {}

  private addSync(keyId: string, day: string, kind: UsageKind, amount: number): void {
    const column = USAGE_COLUMN[kind];
    prepared(
      this.db,
      `INSERT INTO usage_daily (key_id, day, ${column}) VALUES (?, ?, ?)
         ON CONFLICT (key_id, day) DO UPDATE SET ${column} = ${column} + excluded.${column}`,
    ).run(keyId, day, amount);
  }

  async add(keyId: string, day: string, kind: UsageKind, amount: number): Promise<void> {
    this.addSync(keyId, day, kind, amount);
  }

  // One synchronous transaction: nothing else of this process runs between the check and the
  // write, and this file is served by one process.
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const { keyId, month } = request;
    return this.db.transaction((): ChargeOutcome => {
      const key = prepared(this.db, 'SELECT character_limit FROM api_keys WHERE key_id = ?').get(
        keyId,
      ) as { character_limit: number | null } | undefined;
      const keyLimit = key?.character_limit ?? null;
      if (keyLimit !== null) {
        const { used } = prepared(
          this.db,
          `SELECT ${BILLABLE} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?`,
        ).get(keyId, month.from, month.to) as { used: number };
        if (used >= keyLimit) return 'key-limit';
      }
      if (request.accountLimit !== null) {
        const { used } = prepared(
          this.db,
          `SELECT ${BILLABLE} FROM usage_daily WHERE day BETWEEN ? AND ?`,
        ).get(month.from, month.to) as { used: number };
        if (used >= request.accountLimit) return 'account-limit';
      }
      this.addSync(keyId, request.day, request.kind, request.characters);
      return 'charged';
    })();
  }

  async totals(keyId: string | null, fromDay: string, toDay: string): Promise<UsageTotals> {
    const row =
      keyId === null
        ? prepared(this.db, `SELECT ${USAGE_SUMS} FROM usage_daily WHERE day BETWEEN ? AND ?`).get(
            fromDay,
            toDay,
          )
        : prepared(
            this.db,
            `SELECT ${USAGE_SUMS} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?`,
          ).get(keyId, fromDay, toDay);
    return usageTotals(row as UsageSumsRow | undefined);
  }

  async breakdown(fromDay: string, toDay: string, byDay: boolean): Promise<KeyUsageRow[]> {
    const group = byDay ? 'key_id, day' : 'key_id';
    const rows = prepared(
      this.db,
      `SELECT key_id, ${byDay ? 'day,' : ''} ${USAGE_SUMS} FROM usage_daily
         WHERE day BETWEEN ? AND ? GROUP BY ${group} ORDER BY ${group}`,
    ).all(fromDay, toDay) as Array<UsageSumsRow & { key_id: string; day?: string }>;
    return rows.map((row) => {
      const out: KeyUsageRow = { keyId: row.key_id, ...usageTotals(row) };
      if (row.day !== undefined) out.day = row.day;
      return out;
    });
  }
}
