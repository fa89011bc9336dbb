import { createHash } from 'node:crypto';
import type { ConfiguredRulesWire, StyleCustomInstructionWire } from '@transloom/client/wire';
import { nextSeq, prepared, type ServiceDatabase } from './database.js';

/** A style rule list as seeded and stored. */
export interface StyleRuleRecord {
  styleId: string;
  name: string;
  language: string;
  version: number;
  creationTime: string;
  updatedTime: string;
  configuredRules: ConfiguredRulesWire;
  customInstructions: StyleCustomInstructionWire[];
}

/** One list in a seed file; only `name` and `language` are required. */
export interface StyleRuleSeed {
  style_id?: string;
  name: string;
  language: string;
  version?: number;
  configured_rules?: ConfiguredRulesWire;
  custom_instructions?: StyleCustomInstructionWire[];
}

interface StyleRow {
  style_id: string;
  name: string;
  language: string;
  version: number;
  creation_time: string;
  updated_time: string;
  configured_rules: string;
  custom_instructions: string;
}

function toRecord(row: StyleRow): StyleRuleRecord {
  return {
    styleId: row.style_id,
    name: row.name,
    language: row.language,
    version: row.version,
    creationTime: row.creation_time,
    updatedTime: row.updated_time,
    configuredRules: JSON.parse(row.configured_rules) as ConfiguredRulesWire,
    customInstructions: JSON.parse(row.custom_instructions) as StyleCustomInstructionWire[],
  };
}

/** A GUID derived from a seed's name and language, so re-seeding finds the same list. */
export function seedStyleId(name: string, language: string): string {
  const hex = createHash('sha1').update(`${name}\u0000${language}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Style rule lists; on the real service they are made in a web interface, here seeded at start. */
export class StyleRuleStore {
  constructor(private readonly db: ServiceDatabase) {}

  /** Inserts or updates seeded lists; a changed list gets a new version and update time. */
  seed(seeds: readonly StyleRuleSeed[], now: Date): void {
    const stamp = now.toISOString();
    this.db.transaction(() => {
      for (const seed of seeds) {
        const styleId = seed.style_id ?? seedStyleId(seed.name, seed.language);
        const rules = JSON.stringify(seed.configured_rules ?? {});
        const instructions = JSON.stringify(seed.custom_instructions ?? []);
        const existing = this.get(styleId);
        if (!existing) {
          prepared(
            this.db,
            `INSERT INTO style_rules (style_id, name, language, version, creation_time,
                 updated_time, configured_rules, custom_instructions, seq)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            styleId,
            seed.name,
            seed.language,
            seed.version ?? 1,
            stamp,
            stamp,
            rules,
            instructions,
            nextSeq(this.db, 'style_rules'),
          );
          continue;
        }
        const unchanged =
          existing.name === seed.name &&
          existing.language === seed.language &&
          JSON.stringify(existing.configuredRules) === rules &&
          JSON.stringify(existing.customInstructions) === instructions &&
          (seed.version === undefined || seed.version === existing.version);
        if (unchanged) continue;
        prepared(
          this.db,
          `UPDATE style_rules SET name = ?, language = ?, version = ?, updated_time = ?,
               configured_rules = ?, custom_instructions = ? WHERE style_id = ?`,
        ).run(
          seed.name,
          seed.language,
          seed.version ?? existing.version + 1,
          stamp,
          rules,
          instructions,
          styleId,
        );
      }
    })();
  }

  /** One page of lists in creation order. */
  page(page: number, pageSize: number): StyleRuleRecord[] {
    const rows = prepared(this.db, 'SELECT * FROM style_rules ORDER BY seq LIMIT ? OFFSET ?').all(
      pageSize,
      page * pageSize,
    ) as StyleRow[];
    return rows.map(toRecord);
  }

  /** A list by id, or undefined. */
  get(styleId: string): StyleRuleRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM style_rules WHERE style_id = ?').get(styleId) as
      | StyleRow
      | undefined;
    return row && toRecord(row);
  }
}
