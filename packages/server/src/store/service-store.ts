import type { GlossaryStore } from './glossary-store.js';
import type { KeyStore } from './key-store.js';
import type { StyleRuleStore } from './style-rule-store.js';
import type { TaskStore } from './task-store.js';
import type { UpstreamCacheStore } from './upstream-cache-store.js';
import type { UsageStore } from './usage-store.js';
import type { VoiceSessionStore } from './voice-session-store.js';

/** The databases the service keeps its data in. */
export type StoreKind = 'sqlite' | 'postgres';

/**
 * Everything the service stores, behind one interface with one implementation per database:
 * SQLite (one process, the embedded default) and PostgreSQL (any number of replicas).
 */
export interface ServiceStore {
  readonly kind: StoreKind;
  /** True when several processes (replicas) may share the database at once. */
  readonly shared: boolean;
  readonly keys: KeyStore;
  readonly usage: UsageStore;
  readonly glossaries: GlossaryStore;
  readonly styles: StyleRuleStore;
  readonly tasks: TaskStore;
  readonly voice: VoiceSessionStore;
  readonly upstream: UpstreamCacheStore;
  /** A value of the `meta` table, created with `create()` by whichever replica gets there first. */
  metaValue(key: string, create: () => string): Promise<string>;
  /** Stops background work and closes the database. */
  close(): Promise<void>;
}
