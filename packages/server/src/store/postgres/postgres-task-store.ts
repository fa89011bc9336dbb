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
import type { PostgresDatabase } from './postgres-database.js';

/** {@link TaskStore} in PostgreSQL: replicas claim tasks with `FOR UPDATE SKIP LOCKED`. */
export class PostgresTaskStore implements TaskStore {
  constructor(private readonly db: PostgresDatabase) {}

  async create(
    task: Omit<TaskRecord, 'status' | 'error' | 'lastModified' | 'attempts'>,
    lease: TaskLease,
  ): Promise<TaskRecord> {
    const row = await this.db.row<TaskRow>(
      `INSERT INTO agent_tasks (task_id, workflow_id, key_id, input, status, created_at,
           last_modified, lease_owner, lease_expires)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8) RETURNING *`,
      [
        task.taskId,
        task.workflowId,
        task.keyId,
        JSON.stringify(task.input),
        TASK_IN_PROGRESS,
        task.createdAt,
        lease.owner,
        lease.until,
      ],
    );
    return toTask(row!);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const row = await this.db.row<TaskRow>('SELECT * FROM agent_tasks WHERE task_id = $1', [
      taskId,
    ]);
    return row && toTask(row);
  }

  // Rows another replica is claiming are skipped, not waited for; a row claimed and committed
  // meanwhile is checked again on its new version, so each task goes to one replica.
  async claim(
    lease: TaskLease,
    options: { limit: number; takeOver?: boolean },
  ): Promise<TaskRecord[]> {
    const rows = await this.db.rows<TaskRow>(
      `UPDATE agent_tasks SET lease_owner = $1, lease_expires = $2
         WHERE task_id IN (SELECT task_id FROM agent_tasks
           WHERE status = $3 AND (lease_expires IS NULL OR lease_expires < $4
             OR ($5 AND lease_owner IS DISTINCT FROM $1))
           ORDER BY created_at LIMIT $6 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
      [
        lease.owner,
        lease.until,
        TASK_IN_PROGRESS,
        lease.now,
        options.takeOver === true,
        options.limit,
      ],
    );
    return rows.map(toTask).sort((a, b) => a.createdAt - b.createdAt);
  }

  async renew(taskIds: readonly string[], lease: TaskLease): Promise<string[]> {
    const rows = await this.db.rows<{ task_id: string }>(
      `UPDATE agent_tasks SET lease_expires = $1
         WHERE task_id = ANY($2) AND lease_owner = $3 AND status = $4 RETURNING task_id`,
      [lease.until, [...taskIds], lease.owner, TASK_IN_PROGRESS],
    );
    return rows.map((r) => r.task_id);
  }

  async release(taskIds: readonly string[], owner: string): Promise<void> {
    await this.db.run(
      `UPDATE agent_tasks SET lease_owner = NULL, lease_expires = NULL
         WHERE task_id = ANY($1) AND lease_owner = $2`,
      [[...taskIds], owner],
    );
  }

  async startAttempt(taskId: string): Promise<number> {
    const row = await this.db.row<{ attempts: number }>(
      'UPDATE agent_tasks SET attempts = attempts + 1 WHERE task_id = $1 RETURNING attempts',
      [taskId],
    );
    return row!.attempts;
  }

  async complete(
    taskId: string,
    artifacts: readonly ArtifactRecord[],
    now: number,
    charge: TaskCharge | null,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // Whichever replica finishes first completes (and bills) the task; the other changes nothing.
      const claimed = await tx.run(
        `UPDATE agent_tasks SET status = $1, last_modified = $2, charged = TRUE,
             lease_owner = NULL, lease_expires = NULL
           WHERE task_id = $3 AND status = $4`,
        [TASK_COMPLETED, now, taskId, TASK_IN_PROGRESS],
      );
      if (claimed === 0) return false;
      if (charge && charge.characters > 0) {
        await tx.run(
          `INSERT INTO usage_daily (key_id, day, translation_chars) VALUES ($1, $2, $3)
             ON CONFLICT (key_id, day) DO UPDATE
               SET translation_chars = usage_daily.translation_chars + EXCLUDED.translation_chars`,
          [charge.keyId, charge.day, charge.characters],
        );
      }
      await tx.run('DELETE FROM agent_artifacts WHERE task_id = $1', [taskId]);
      for (const [i, a] of artifacts.entries()) {
        await tx.run(
          `INSERT INTO agent_artifacts (artifact_id, task_id, role, name, description, content, schema, seq)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            a.artifactId,
            taskId,
            a.role,
            a.name,
            a.description,
            JSON.stringify(a.content),
            a.schema === null ? null : JSON.stringify(a.schema),
            i,
          ],
        );
      }
      return true;
    });
  }

  async fail(taskId: string, error: string, now: number): Promise<void> {
    await this.db.run(
      `UPDATE agent_tasks SET status = $1, error = $2, last_modified = $3,
           lease_owner = NULL, lease_expires = NULL
         WHERE task_id = $4 AND status = $5`,
      [TASK_FAILED, error, now, taskId, TASK_IN_PROGRESS],
    );
  }

  async artifacts(taskId: string): Promise<ArtifactRecord[]> {
    const rows = await this.db.rows<ArtifactRow>(
      'SELECT * FROM agent_artifacts WHERE task_id = $1 ORDER BY seq',
      [taskId],
    );
    return rows.map(toArtifact);
  }

  async artifact(artifactId: string): Promise<ArtifactRecord | undefined> {
    const row = await this.db.row<ArtifactRow>(
      'SELECT * FROM agent_artifacts WHERE artifact_id = $1',
      [artifactId],
    );
    return row && toArtifact(row);
  }
}
