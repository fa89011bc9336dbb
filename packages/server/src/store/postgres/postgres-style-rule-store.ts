import {
  type StyleRow,
  type StyleRuleRecord,
  type StyleRuleSeed,
  type StyleRuleStore,
  seedAction,
  seedStyleId,
  toStyleRecord,
} from '../style-rule-store.js';
import type { PostgresDatabase } from './postgres-database.js';

/** {@link StyleRuleStore} in PostgreSQL. */
export class PostgresStyleRuleStore implements StyleRuleStore {
  constructor(private readonly db: PostgresDatabase) {}

  // Replicas that start together seed one after the other, so a list is inserted once.
  async seed(seeds: readonly StyleRuleSeed[], now: Date): Promise<void> {
    if (seeds.length === 0) return;
    const stamp = now.toISOString();
    await this.db.transaction(async (tx) => {
      await tx.lock('transloom:style-rules');
      for (const seed of seeds) {
        const id = seed.style_id ?? seedStyleId(seed.name, seed.language);
        const row = await tx.row<StyleRow>('SELECT * FROM style_rules WHERE style_id = $1', [id]);
        const step = seedAction(seed, row && toStyleRecord(row));
        if (step.action === 'insert') {
          await tx.run(
            `INSERT INTO style_rules (style_id, name, language, version, creation_time,
                 updated_time, configured_rules, custom_instructions)
               VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
            [
              step.styleId,
              seed.name,
              seed.language,
              step.version,
              stamp,
              step.rules,
              step.instructions,
            ],
          );
        } else if (step.action === 'update') {
          await tx.run(
            `UPDATE style_rules SET name = $2, language = $3, version = $4, updated_time = $5,
                 configured_rules = $6, custom_instructions = $7 WHERE style_id = $1`,
            [
              step.styleId,
              seed.name,
              seed.language,
              step.version,
              stamp,
              step.rules,
              step.instructions,
            ],
          );
        }
      }
    });
  }

  async page(page: number, pageSize: number): Promise<StyleRuleRecord[]> {
    const rows = await this.db.rows<StyleRow>(
      'SELECT * FROM style_rules ORDER BY seq LIMIT $1 OFFSET $2',
      [pageSize, page * pageSize],
    );
    return rows.map(toStyleRecord);
  }

  async get(styleId: string): Promise<StyleRuleRecord | undefined> {
    const row = await this.db.row<StyleRow>('SELECT * FROM style_rules WHERE style_id = $1', [
      styleId,
    ]);
    return row && toStyleRecord(row);
  }
}
