import type { GlossaryEntry } from '@transloom/client/wire';
import { LRUCache } from 'lru-cache';
import type { Accounting } from './accounting.js';
import type { AgentWorkflow } from './agent/agent-workflow.js';
import type { TranslationEngine } from './engines/translation-engine.js';
import type { FaultInjector } from './faults/fault-injector.js';
import type { SpeechEngine } from './speech/speech-engine.js';
import type { ServiceDatabase } from './store/database.js';
import type { GlossaryRecord, GlossaryStore } from './store/glossary-store.js';
import type { KeyStore } from './store/key-store.js';
import type { StyleRuleStore } from './store/style-rule-store.js';
import type { TaskStore } from './store/task-store.js';
import type { UsageStore } from './store/usage-store.js';

/** Everything the route modules share: stores, engines, clock and settings. */
export interface ServiceContext {
  db: ServiceDatabase;
  keys: KeyStore;
  usage: UsageStore;
  glossaries: GlossaryStore;
  styles: StyleRuleStore;
  tasks: TaskStore;
  accounting: Accounting;
  engine: TranslationEngine;
  speech: SpeechEngine;
  workflows: ReadonlyMap<string, AgentWorkflow>;
  faults: FaultInjector | null;
  /** Secret that signs presigned content links; kept in the database so links survive a restart. */
  signingKey: string;
  now(): Date;
  dictionaries: DictionaryCache;
}

/**
 * Keeps recently used glossary dictionaries in memory. Entries are keyed by glossary revision,
 * so an edited glossary is read afresh, and engines may cache work per dictionary array.
 */
export class DictionaryCache {
  private readonly cache = new LRUCache<string, GlossaryEntry[]>({ max: 64 });

  constructor(private readonly store: GlossaryStore) {}

  /** The entries of a glossary's dictionary for a pair (lower-case codes), or undefined. */
  get(
    glossary: GlossaryRecord,
    sourceLang: string,
    targetLang: string,
  ): GlossaryEntry[] | undefined {
    const key = `${glossary.glossaryId}\u0000${glossary.revision}\u0000${sourceLang}\u0000${targetLang}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const entries = this.store.entries(glossary.glossaryId, sourceLang, targetLang);
    if (entries) this.cache.set(key, entries);
    return entries;
  }
}
