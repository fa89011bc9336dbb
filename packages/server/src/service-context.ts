import type { Accounting } from './accounting.js';
import type { AgentWorkflow } from './agent/agent-workflow.js';
import type { FaultInjector } from './faults/fault-injector.js';
import type { SpeechEngine } from './speech/speech-engine.js';
import type { GlossaryStore } from './store/glossary-store.js';
import type { KeyStore } from './store/key-store.js';
import type { ServiceStore } from './store/service-store.js';
import type { StyleRuleStore } from './store/style-rule-store.js';
import type { TaskStore } from './store/task-store.js';
import type { UsageStore } from './store/usage-store.js';
import type { Translator } from './translate/translator.js';
import type { WorkPool } from './worker/work-pool.js';

/** Everything the route modules share: stores, engines, clock and settings. */
export interface ServiceContext {
  /** Every store, in SQLite or PostgreSQL. */
  store: ServiceStore;
  keys: KeyStore;
  usage: UsageStore;
  glossaries: GlossaryStore;
  styles: StyleRuleStore;
  tasks: TaskStore;
  accounting: Accounting;
  /** Runs translations and language detection (in worker threads for the built-in engines). */
  translator: Translator;
  /** Worker threads for CPU-heavy work. */
  pool: WorkPool;
  speech: SpeechEngine;
  workflows: ReadonlyMap<string, AgentWorkflow>;
  faults: FaultInjector | null;
  /**
   * Secret that signs presigned content links: given at start, or kept in the database, so
   * links survive a restart and work on every replica.
   */
  signingKey: string;
  /** Base URL of links the service hands out (task pages, results, voice streams). */
  publicUrl: () => string;
  now(): Date;
}
