import {
  type ArtifactRecord,
  type ArtifactRow,
  TASK_COMPLETED,
  TASK_FAILED,
  TASK_IN_PROGRESS,
  type TaskCharge,
  type TaskLease,
  type TaskRecord,
  type TaskRow,
  type TaskStore,
  toArtifact,
  toTask,
} from '../task-store.js';
import { prepared, type ServiceDatabase } from './sqlite-database.js';

/** {@link TaskStore} in SQLite. */
export class SqliteTaskStore implements TaskStore {
  constructor(private readonly db: ServiceDatabase) {}

  private getSync(taskId: string): TaskRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM agent_tasks WHERE task_id = ?').get(taskId) as
      | TaskRow
      | undefined;
    return row && toTask(row);
  }

  async create(
    task: Omit<TaskRecord, 'status' | 'error' | 'lastModified' | 'attempts'>,
    lease: TaskLease,
  ): Promise<TaskRecord> {
    prepared(
      this.db,
      `INSERT INTO agent_tasks (task_id, workflow_id, key_id, input, status, created_at,
           last_modified, lease_owner, lease_expires)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      task.taskId,
      task.workflowId,
      task.keyId,
      JSON.stringify(task.input),
      TASK_IN_PROGRESS,
      task.createdAt,
      task.createdAt,
      lease.owner,
      lease.until,
    );
    return this.getSync(task.taskId)!;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.getSync(taskId);
  }

  async claim(
    lease: TaskLease,
    options: { limit: number; takeOver?: boolean },
  ): Promise<TaskRecord[]> {
    const rows = prepared(
      this.db,
      `UPDATE agent_tasks SET lease_owner = ?, lease_expires = ?
         WHERE task_id IN (SELECT task_id FROM agent_tasks
           WHERE status = ? AND (lease_expires IS NULL OR lease_expires < ?
             OR (? AND lease_owner IS NOT ?))
           ORDER BY created_at LIMIT ?)
         RETURNING *`,
    ).all(
      lease.owner,
      lease.until,
      TASK_IN_PROGRESS,
      lease.now,
      options.takeOver ? 1 : 0,
      lease.owner,
      options.limit,
    ) as TaskRow[];
    return rows.map(toTask).sort((a, b) => a.createdAt - b.createdAt);
  }

  async renew(taskIds: readonly string[], lease: TaskLease): Promise<string[]> {
    const renew = prepared(
      this.db,
      'UPDATE agent_tasks SET lease_expires = ? WHERE task_id = ? AND lease_owner = ? AND status = ?',
    );
    return taskIds.filter(
      (id) => renew.run(lease.until, id, lease.owner, TASK_IN_PROGRESS).changes > 0,
    );
  }

  async release(taskIds: readonly string[], owner: string): Promise<void> {
    const release = prepared(
      this.db,
      'UPDATE agent_tasks SET lease_owner = NULL, lease_expires = NULL WHERE task_id = ? AND lease_owner = ?',
    );
    for (const id of taskIds) release.run(id, owner);
  }

  async startAttempt(taskId: string): Promise<number> {
    return (
      prepared(
        this.db,
        'UPDATE agent_tasks SET attempts = attempts + 1 WHERE task_id = ? RETURNING attempts',
      ).get(taskId) as { attempts: number }
    ).attempts;
  }

  async complete(
    taskId: string,
    artifacts: readonly ArtifactRecord[],
    now: number,
    charge: TaskCharge | null,
  ): Promise<boolean> {
    return this.db.transaction(() => {
      const claimed = prepared(
        this.db,
        `UPDATE agent_tasks SET status = ?, last_modified = ?, charged = 1,
             lease_owner = NULL, lease_expires = NULL
           WHERE task_id = ? AND status = ?`,
      ).run(TASK_COMPLETED, now, taskId, TASK_IN_PROGRESS).changes;
      if (claimed === 0) return false;
      if (charge && charge.characters > 0) {
        prepared(
          this.db,
          `INSERT INTO usage_daily (key_id, day, translation_chars) VALUES (?, ?, ?)
             ON CONFLICT (key_id, day) DO UPDATE SET translation_chars = translation_chars + excluded.translation_chars`,
        ).run(charge.keyId, charge.day, charge.characters);
      }
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

  async fail(taskId: string, error: string, now: number): Promise<void> {
    prepared(
      this.db,
      `UPDATE agent_tasks SET status = ?, error = ?, last_modified = ?,
           lease_owner = NULL, lease_expires = NULL
         WHERE task_id = ? AND status = ?`,
    ).run(TASK_FAILED, error, now, taskId, TASK_IN_PROGRESS);
  }

  async artifacts(taskId: string): Promise<ArtifactRecord[]> {
    const rows = prepared(
      this.db,
      'SELECT * FROM agent_artifacts WHERE task_id = ? ORDER BY seq',
    ).all(taskId) as ArtifactRow[];
    return rows.map(toArtifact);
  }

  async artifact(artifactId: string): Promise<ArtifactRecord | undefined> {
    const row = prepared(this.db, 'SELECT * FROM agent_artifacts WHERE artifact_id = ?').get(
      artifactId,
    ) as ArtifactRow | undefined;
    return row && toArtifact(row);
  }
}
