import type { TranslationEngine } from '../engines/translation-engine.js';

/** What a workflow can use while it runs. */
export interface WorkflowContext {
  engine: TranslationEngine;
  /** Bills translated characters to the key that triggered the task. */
  chargeTranslation(characters: number): void;
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
