import type { AgentContentWire } from '@transloom/client/wire';
import { prepared, type ServiceDatabase } from './database.js';

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

interface TaskRow {
  task_id: string;
  workflow_id: string;
  key_id: string;
  input: string;
  status: string;
  error: string | null;
  created_at: number;
  last_modified: number;
  attempts: number;
}

interface ArtifactRow {
  artifact_id: string;
  task_id: string;
  role: 'response' | 'artifact';
  name: string;
  description: string;
  content: string;
  schema: string | null;
}

function toTask(row: TaskRow): TaskRecord {
  return {
    taskId: row.task_id,
    workflowId: row.workflow_id,
    keyId: row.key_id,
    input: JSON.parse(row.input) as Record<string, unknown>,
    status: row.status,
    error: row.error,
    createdAt: row.created_at,
    lastModified: row.last_modified,
    attempts: row.attempts,
  };
}

/** Agent tasks and their artifacts. */
export class TaskStore {
  constructor(private readonly db: ServiceDatabase) {}

  /** Records a new task in progress. */
  create(task: Omit<TaskRecord, 'status' | 'error' | 'lastModified' | 'attempts'>): TaskRecord {
    prepared(
      this.db,
      `INSERT INTO agent_tasks (task_id, workflow_id, key_id, input, status, created_at, last_modified)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      task.taskId,
      task.workflowId,
      task.keyId,
      JSON.stringify(task.input),
      TASK_IN_PROGRESS,
      task.createdAt,
      task.createdAt,
    );
    return this.get(task.taskId)!;
  }

  /** A task by id, or undefined. */
  get(taskId: string): TaskRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM agent_tasks WHERE task_id = ?').get(taskId) as
      | TaskRow
      | undefined;
    return row && toTask(row);
  }

  /** Tasks still in progress (after a restart, these are run again). */
  inProgress(): TaskRecord[] {
    const rows = prepared(
      this.db,
      'SELECT * FROM agent_tasks WHERE status = ? ORDER BY created_at',
    ).all(TASK_IN_PROGRESS) as TaskRow[];
    return rows.map(toTask);
  }

  /** Counts a run of a task as started; returns the number of runs so far. */
  startAttempt(taskId: string): number {
    return (
      prepared(
        this.db,
        'UPDATE agent_tasks SET attempts = attempts + 1 WHERE task_id = ? RETURNING attempts',
      ).get(taskId) as { attempts: number }
    ).attempts;
  }

  /**
   * Marks a task completed together with its artifacts and, through `charge`, what it bills:
   * one transaction, so a task is billed exactly when its result is stored. Returns false
   * (and changes nothing) when the task was no longer in progress.
   */
  complete(
    taskId: string,
    artifacts: readonly ArtifactRecord[],
    now: number,
    charge: () => void = () => {},
  ): boolean {
    return this.db.transaction(() => {
      const claimed = prepared(
        this.db,
        'UPDATE agent_tasks SET status = ?, last_modified = ?, charged = 1 WHERE task_id = ? AND status = ?',
      ).run(TASK_COMPLETED, now, taskId, TASK_IN_PROGRESS).changes;
      if (claimed === 0) return false;
      charge();
      prepared(this.db, 'DELETE FROM agent_artifacts WHERE task_id = ?').run(taskId);
      const insert = prepared(
        this.db,
        `INSERT INTO agent_artifacts (artifact_id, task_id, role, name, description, content, schema, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      artifacts.forEach((a, i) => {
        insert.run(
          a.artifactId,
          taskId,
          a.role,
          a.name,
          a.description,
          JSON.stringify(a.content),
          a.schema === null ? null : JSON.stringify(a.schema),
          i,
        );
      });
      return true;
    })();
  }

  /** Marks a task failed. */
  fail(taskId: string, error: string, now: number): void {
    prepared(
      this.db,
      'UPDATE agent_tasks SET status = ?, error = ?, last_modified = ? WHERE task_id = ?',
    ).run(TASK_FAILED, error, now, taskId);
  }

  /** A task's artifacts in order. */
  artifacts(taskId: string): ArtifactRecord[] {
    const rows = prepared(
      this.db,
      'SELECT * FROM agent_artifacts WHERE task_id = ? ORDER BY seq',
    ).all(taskId) as ArtifactRow[];
    return rows.map((row) => this.toArtifact(row));
  }

  /** An artifact by id, or undefined. */
  artifact(artifactId: string): ArtifactRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM agent_artifacts WHERE artifact_id = ?').get(
      artifactId,
    ) as ArtifactRow | undefined;
    return row && this.toArtifact(row);
  }

  private toArtifact(row: ArtifactRow): ArtifactRecord {
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
}
