import type { AgentContentWire } from '@transloom/client/wire';

/** Status of a task while its workflow runs. */
export const TASK_IN_PROGRESS = 'InProgress';
/** Status of a finished task. */
export const TASK_COMPLETED = 'Completed';
/** Status of a task whose workflow threw. */
export const TASK_FAILED = 'Failed';

/** A stored agent task. */
export interface TaskRecord {
  taskId: string;
  workflowId: string;
  keyId: string;
  input: Record<string, unknown>;
  status: string;
  error: string | null;
  createdAt: number;
  lastModified: number;
  /** Runs started so far (a run interrupted by a stop is resumed at the next start). */
  attempts: number;
}

/** A stored result artifact. */
export interface ArtifactRecord {
  artifactId: string;
  taskId: string;
  /** `response` is the task's primary result; `artifact` any other. */
  role: 'response' | 'artifact';
  name: string;
  description: string;
  content: AgentContentWire;
  schema: Record<string, unknown> | null;
}

/** A row of `agent_tasks`, as both databases return it. */
export interface TaskRow {
  task_id: string;
  workflow_id: string;
  key_id: string;
  input: string;
  status: string;
  error: string | null;
  created_at: number | string;
  last_modified: number | string;
  attempts: number;
}

/** A row of `agent_artifacts`, as both databases return it. */
export interface ArtifactRow {
  artifact_id: string;
  task_id: string;
  role: 'response' | 'artifact';
  name: string;
  description: string;
  content: string;
  schema: string | null;
}

/** A stored row as a {@link TaskRecord}. */
export function toTask(row: TaskRow): TaskRecord {
  return {
    taskId: row.task_id,
    workflowId: row.workflow_id,
    keyId: row.key_id,
    input: JSON.parse(row.input) as Record<string, unknown>,
    status: row.status,
    error: row.error,
    createdAt: Number(row.created_at),
    lastModified: Number(row.last_modified),
    attempts: Number(row.attempts),
  };
}

/** A stored row as an {@link ArtifactRecord}. */
export function toArtifact(row: ArtifactRow): ArtifactRecord {
  return {
    artifactId: row.artifact_id,
    taskId: row.task_id,
    role: row.role,
    name: row.name,
    description: row.description,
    content: JSON.parse(row.content) as AgentContentWire,
    schema: row.schema === null ? null : (JSON.parse(row.schema) as Record<string, unknown>),
  };
}

/**
 * A replica's hold on the tasks it runs: its id and, in ms since the epoch, now and when the
 * hold lapses unless renewed. A task whose hold lapsed (its replica died) is claimed by another.
 */
export interface TaskLease {
  owner: string;
  now: number;
  until: number;
}

/** What a completed task bills, recorded in the transaction that stores its result. */
export interface TaskCharge {
  keyId: string;
  day: string;
  characters: number;
}

/** Agent tasks and their artifacts. */
export interface TaskStore {
  /** Records a new task in progress, held by `lease`. */
  create(
    task: Omit<TaskRecord, 'status' | 'error' | 'lastModified' | 'attempts'>,
    lease: TaskLease,
  ): Promise<TaskRecord>;
  /** A task by id, or undefined. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Takes up to `limit` tasks in progress that no replica holds (their hold lapsed), oldest
   * first, each taken by one replica only; `takeOver` also takes those held by another owner
   * (a database served by one process: whoever held them before is gone).
   */
  claim(lease: TaskLease, options: { limit: number; takeOver?: boolean }): Promise<TaskRecord[]>;
  /** Extends the hold on `taskIds`; returns the ids still held by `lease.owner`. */
  renew(taskIds: readonly string[], lease: TaskLease): Promise<string[]>;
  /** Gives up the hold on `taskIds` (a replica stopping): another replica takes them at once. */
  release(taskIds: readonly string[], owner: string): Promise<void>;
  /** Counts a run of a task as started; returns the number of runs so far. */
  startAttempt(taskId: string): Promise<number>;
  /**
   * Marks a task completed together with its artifacts and what it bills, in one transaction,
   * so a task is billed exactly when its result is stored. Returns false (and changes
   * nothing) when the task was no longer in progress.
   */
  complete(
    taskId: string,
    artifacts: readonly ArtifactRecord[],
    now: number,
    charge: TaskCharge | null,
  ): Promise<boolean>;
  /** Marks a task in progress failed. */
  fail(taskId: string, error: string, now: number): Promise<void>;
  /** A task's artifacts in order. */
  artifacts(taskId: string): Promise<ArtifactRecord[]>;
  /** An artifact by id, or undefined. */
  artifact(artifactId: string): Promise<ArtifactRecord | undefined>;
}
