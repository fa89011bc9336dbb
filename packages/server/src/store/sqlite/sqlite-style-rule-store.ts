import {
  type SeedAction,
  type StyleRow,
  type StyleRuleRecord,
  type StyleRuleSeed,
  type StyleRuleStore,
  seedAction,
  seedStyleId,
  toStyleRecord,
} from '../style-rule-store.js';
import { nextSeq, prepared, type ServiceDatabase } from './sqlite-database.js';

/** {@link StyleRuleStore} in SQLite. */
export class SqliteStyleRuleStore implements StyleRuleStore {
  constructor(private readonly db: ServiceDatabase) {}

  private getSync(styleId: string): StyleRuleRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM style_rules WHERE style_id = ?').get(styleId) as
      | StyleRow
      | undefined;
    return row && toStyleRecord(row);
  }

  async seed(seeds: readonly StyleRuleSeed[], now: Date): Promise<void> {
    const stamp = now.toISOString();
    this.db.transaction(() => {
      for (const seed of seeds) {
        const id = seed.style_id ?? seedStyleId(seed.name, seed.language);
        const step: SeedAction = seedAction(seed, this.getSync(id));
        if (step.action === 'insert') {
          prepared(
            this.db,
            `INSERT INTO style_rules (style_id, name, language, version, creation_time,
                 updated_time, configured_rules, custom_instructions, seq)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            step.styleId,
            seed.name,
            seed.language,
            step.version,
            stamp,
            stamp,
            step.rules,
            step.instructions,
            nextSeq(this.db, 'style_rules'),
          );
        } else if (step.action === 'update') {
          prepared(
            this.db,
            `UPDATE style_rules SET name = ?, language = ?, version = ?, updated_time = ?,
                 configured_rules = ?, custom_instructions = ? WHERE style_id = ?`,
          ).run(
            seed.name,
            seed.language,
            step.version,
            stamp,
            step.rules,
            step.instructions,
            step.styleId,
          );
        }
      }
    })();
  }

  async page(page: number, pageSize: number): Promise<StyleRuleRecord[]> {
    const rows = prepared(this.db, 'SELECT * FROM style_rules ORDER BY seq LIMIT ? OFFSET ?').all(
      pageSize,
      page * pageSize,
    ) as StyleRow[];
    return rows.map(toStyleRecord);
  }

  async get(styleId: string): Promise<StyleRuleRecord | undefined> {
    return this.getSync(styleId);
  }
}
