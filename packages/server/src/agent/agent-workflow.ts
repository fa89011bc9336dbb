import type { TranslationEngine } from '../engines/translation-engine.js';

/** What a workflow can use while it runs. */
export interface WorkflowContext {
  /** The service's engine (the built-in ones run in worker threads). */
  engine: TranslationEngine;
  /**
   * Bills translated characters to the key that triggered the task: a 456 when its limit is
   * reached; the charge is recorded with the task's result, so a task is billed once.
   */
  chargeTranslation(characters: number): void;
  /** The language of each text, detected off the event loop. */
  detectLanguages(texts: readonly string[]): Promise<string[]>;
  signal: AbortSignal;
}

/** One result artifact of a workflow. */
export interface WorkflowArtifact {
  name: string;
  description: string;
  message: string;
  contentType?: string;
  language?: string;
  schema?: Record<string, unknown> | null;
}

/** What a workflow produces: its primary response and any further artifacts. */
export interface WorkflowResult {
  message: string;
  contentType?: string;
  language?: string;
  artifacts?: WorkflowArtifact[];
}

/**
 * An agent workflow: triggered with `input` fields, it runs as a task. Throwing an error with
 * a message fails the task with that message.
 */
export interface AgentWorkflow {
  readonly id: string;
  readonly description: string;
  /** Checks `input` at trigger time; return a message to refuse it with a 400. */
  validate?(input: Record<string, unknown>): string | null;
  run(input: Record<string, unknown>, context: WorkflowContext): Promise<WorkflowResult>;
}
