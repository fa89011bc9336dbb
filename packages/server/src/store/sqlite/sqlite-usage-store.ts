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

const BILLABLE_SUM = 'COALESCE(SUM(translation_chars + improvement_chars + document_chars), 0)';
const BILLABLE = `${BILLABLE_SUM} AS used`;

// The charge statement of each kind, made once: a request then neither builds nor hashes its
// text to find the prepared statement.
const CHARGE_SQL = Object.fromEntries(
  Object.entries(USAGE_COLUMN).map(([kind, column]) => [
    kind,
    `INSERT INTO usage_daily (key_id, day, ${column})
       SELECT ?1, ?2, ?3
       WHERE (SELECT CASE WHEN character_limit IS NULL THEN 1 ELSE character_limit >
           (SELECT ${BILLABLE_SUM} FROM usage_daily WHERE key_id = ?1 AND day BETWEEN ?4 AND ?5)
           END FROM api_keys WHERE key_id = ?1) IS NOT 0
         AND CASE WHEN ?6 IS NULL THEN 1 ELSE ?6 >
           (SELECT ${BILLABLE_SUM} FROM usage_daily WHERE day BETWEEN ?4 AND ?5) END
       ON CONFLICT (key_id, day) DO UPDATE SET ${column} = ${column} + excluded.${column}`,
  ]),
) as Record<UsageKind, string>;

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

  // One statement: SQLite runs each statement atomically, so the check of both limits and the
  // write cannot be split by anything, in this process or another opening the same file; and a
  // request costs one statement rather than a transaction of three. A sum is taken only where
  // a limit is set (CASE evaluates lazily); a key without a row counts as unlimited, as before.
  // The reason of a refusal is read after, only when there is one.
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const { keyId, month } = request;
    const { changes } = prepared(this.db, CHARGE_SQL[request.kind]).run(
      keyId,
      request.day,
      request.characters,
      month.from,
      month.to,
      request.accountLimit,
    );
    if (changes > 0) return 'charged';
    const key = prepared(this.db, 'SELECT character_limit FROM api_keys WHERE key_id = ?').get(
      keyId,
    ) as { character_limit: number | null } | undefined;
    const keyLimit = key?.character_limit ?? null;
    if (keyLimit === null) return 'account-limit';
    const { used } = prepared(
      this.db,
      `SELECT ${BILLABLE} FROM usage_daily WHERE key_id = ? AND day BETWEEN ? AND ?`,
    ).get(keyId, month.from, month.to) as { used: number };
    return used >= keyLimit ? 'key-limit' : 'account-limit';
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
