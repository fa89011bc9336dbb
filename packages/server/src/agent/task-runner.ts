import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../service-context.js';
import type { ArtifactRecord, TaskLease, TaskRecord } from '../store/task-store.js';
import { TaskAbandonedError } from './task-abandoned-error.js';
import { WorkflowUnavailableError } from './workflow-unavailable-error.js';

/** Runs of one task allowed before it is failed rather than resumed. */
const MAX_ATTEMPTS = 3;
/** Tasks one replica takes over at a time (more follow at the next look). */
const CLAIM_BATCH = 8;

/** How tasks are shared between replicas. */
export interface TaskRunnerOptions {
  /**
   * Milliseconds a replica's hold on a running task lasts unless renewed (it is renewed three
   * times as often): a replica that dies leaves its tasks to another after at most this long.
   */
  leaseMs: number;
  /** Whether other processes share the database (then only lapsed holds are taken over). */
  shared: boolean;
}

/**
 * Runs agent tasks in the background and records their results. Each running task is held by
 * this replica through a lease it renews; tasks whose lease lapsed (a replica died) or was
 * given up (a replica stopped) are claimed by whichever replica looks first, once.
 */
export class TaskRunner {
  /** This replica's id in task leases. */
  readonly owner = randomUUID();
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly options: TaskRunnerOptions,
  ) {}

  // Leases run on the wall clock every replica shares, not on the service's (test) clock.
  private lease(): TaskLease {
    const now = Date.now();
    return { owner: this.owner, now, until: now + this.options.leaseMs };
  }

  /** Stores a new task, held by this replica, and starts it without waiting for it. */
  async trigger(
    task: Omit<TaskRecord, 'status' | 'error' | 'lastModified' | 'attempts'>,
  ): Promise<TaskRecord> {
    const record = await this.ctx.tasks.create(task, this.lease());
    this.start(record);
    return record;
  }

  private start(task: TaskRecord): void {
    if (this.closed || this.running.has(task.taskId)) return;
    const controller = new AbortController();
    const done = this.run(task, controller.signal).finally(() => this.running.delete(task.taskId));
    this.running.set(task.taskId, { controller, done });
  }

  /**
   * Starts again every task a previous process left in progress (with a database of its own,
   * all of them; with a shared one, those whose replica's lease lapsed), then keeps looking.
   */
  async resumeInterrupted(): Promise<void> {
    await this.look(!this.options.shared);
    const period = Math.max(50, Math.floor(this.options.leaseMs / 3));
    this.timer = setInterval(() => {
      this.looking = this.looking.then(() => this.look(false)).catch(() => undefined);
    }, period);
    this.timer.unref();
  }

  // Renews the leases of running tasks (a run whose lease another replica took is stopped),
  // then claims tasks nobody holds.
  private async look(takeOver: boolean): Promise<void> {
    if (this.closed) return;
    const ids = [...this.running.keys()];
    if (ids.length > 0) {
      const held = new Set(await this.ctx.tasks.renew(ids, this.lease()));
      for (const id of ids) if (!held.has(id)) this.running.get(id)?.controller.abort();
    }
    for (;;) {
      if (this.closed) return;
      const claimed = await this.ctx.tasks.claim(this.lease(), { limit: CLAIM_BATCH, takeOver });
      for (const task of claimed) this.start(task);
      if (claimed.length < CLAIM_BATCH) return;
    }
  }

  /** Stops running tasks and gives up their leases: they resume on another replica or at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.looking;
    const running = [...this.running.entries()];
    for (const [, r] of running) r.controller.abort();
    await Promise.allSettled(running.map(([, r]) => r.done));
    const ids = running.map(([id]) => id);
    if (ids.length > 0) await this.ctx.tasks.release(ids, this.owner).catch(() => undefined);
  }

  private async run(task: TaskRecord, signal: AbortSignal): Promise<void> {
    const { ctx } = this;
    try {
      const workflow = ctx.workflows.get(task.workflowId);
      const key = await ctx.keys.byId(task.keyId);
      if (!workflow || !key)
        throw new WorkflowUnavailableError(`Workflow '${task.workflowId}' is not available`);
      // A task that keeps taking the service down with it is not started again and again.
      if ((await ctx.tasks.startAttempt(task.taskId)) > MAX_ATTEMPTS) {
        throw new TaskAbandonedError(
          `The task was interrupted ${MAX_ATTEMPTS} times and is not run again`,
        );
      }
      // Let the trigger's response go out before any work starts.
      await new Promise((resolve) => setImmediate(resolve));
      // Limits are checked before the work: a key at its limit fails the first charge.
      const quota = await ctx.accounting.ensureAvailable(key).then(
        () => null,
        (error: unknown) => error,
      );
      // Charges are held until the result is stored and recorded with it in one transaction:
      // a run cut short by a stop or a crash bills nothing, and its resumed run bills once.
      let charged = 0;
      const result = await workflow.run(task.input, {
        engine: ctx.translator.asEngine(),
        signal,
        chargeTranslation: (characters) => {
          if (quota) throw quota;
          charged += characters;
        },
        detectLanguages: (texts) => ctx.translator.detectLanguages(texts),
      });
      if (signal.aborted) return;
      const artifacts: ArtifactRecord[] = [
        {
          artifactId: randomUUID(),
          taskId: task.taskId,
          role: 'response',
          name: 'response',
          description: 'The workflow result',
          content: {
            message: result.message,
            content_type: result.contentType ?? 'text',
            language: result.language ?? 'en',
          },
          schema: null,
        },
        ...(result.artifacts ?? []).map(
          (a): ArtifactRecord => ({
            artifactId: randomUUID(),
            taskId: task.taskId,
            role: 'artifact',
            name: a.name,
            description: a.description,
            content: {
              message: a.message,
              content_type: a.contentType ?? 'text',
              language: a.language ?? 'en',
            },
            schema: a.schema ?? null,
          }),
        ),
      ];
      await ctx.tasks.complete(
        task.taskId,
        artifacts,
        ctx.now().getTime(),
        charged > 0 ? { keyId: key.keyId, day: ctx.accounting.today(), characters: charged } : null,
      );
    } catch (error) {
      if (signal.aborted) return;
      await ctx.tasks
        .fail(
          task.taskId,
          error instanceof Error ? error.message : String(error),
          ctx.now().getTime(),
        )
        .catch(() => undefined);
    }
  }
}
