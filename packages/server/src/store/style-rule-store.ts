import { createHash } from 'node:crypto';
import type { ConfiguredRulesWire, StyleCustomInstructionWire } from '@transloom/client/wire';

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

/** A row of `style_rules`, as both databases return it. */
export interface StyleRow {
  style_id: string;
  name: string;
  language: string;
  version: number;
  creation_time: string;
  updated_time: string;
  configured_rules: string;
  custom_instructions: string;
}

/** A stored row as a {@link StyleRuleRecord}. */
export function toStyleRecord(row: StyleRow): StyleRuleRecord {
  return {
    styleId: row.style_id,
    name: row.name,
    language: row.language,
    version: Number(row.version),
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

/** What seeding does with one list: insert it, update it, or leave it as it is. */
export type SeedAction =
  | { action: 'insert'; styleId: string; rules: string; instructions: string; version: number }
  | { action: 'update'; styleId: string; rules: string; instructions: string; version: number }
  | { action: 'keep' };

/** Decides what seeding does with `seed`, given the list stored under its id (if any). */
export function seedAction(seed: StyleRuleSeed, existing: StyleRuleRecord | undefined): SeedAction {
  const styleId = seed.style_id ?? seedStyleId(seed.name, seed.language);
  const rules = JSON.stringify(seed.configured_rules ?? {});
  const instructions = JSON.stringify(seed.custom_instructions ?? []);
  if (!existing)
    return { action: 'insert', styleId, rules, instructions, version: seed.version ?? 1 };
  const unchanged =
    existing.name === seed.name &&
    existing.language === seed.language &&
    JSON.stringify(existing.configuredRules) === rules &&
    JSON.stringify(existing.customInstructions) === instructions &&
    (seed.version === undefined || seed.version === existing.version);
  if (unchanged) return { action: 'keep' };
  return {
    action: 'update',
    styleId,
    rules,
    instructions,
    version: seed.version ?? existing.version + 1,
  };
}

/** Style rule lists; on the real service they are made in a web interface, here seeded at start. */
export interface StyleRuleStore {
  /** Inserts or updates seeded lists; a changed list gets a new version and update time. */
  seed(seeds: readonly StyleRuleSeed[], now: Date): Promise<void>;
  /** One page of lists in creation order. */
  page(page: number, pageSize: number): Promise<StyleRuleRecord[]>;
  /** A list by id, or undefined. */
  get(styleId: string): Promise<StyleRuleRecord | undefined>;
}
