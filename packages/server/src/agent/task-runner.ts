import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../service-context.js';
import type { ArtifactRecord, TaskRecord } from '../store/task-store.js';

/** Runs of one task allowed before it is failed rather than resumed. */
const MAX_ATTEMPTS = 3;

/** Runs agent tasks in the background and records their results. */
export class TaskRunner {
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();

  constructor(private readonly ctx: ServiceContext) {}

  /** Starts a stored task's workflow without waiting for it. */
  start(task: TaskRecord): void {
    const controller = new AbortController();
    const done = this.run(task, controller.signal).finally(() => this.running.delete(task.taskId));
    this.running.set(task.taskId, { controller, done });
  }

  /** Starts again every task a previous process left in progress. */
  resumeInterrupted(): void {
    for (const task of this.ctx.tasks.inProgress()) this.start(task);
  }

  /** Stops running tasks; they stay in progress and resume at the next start. */
  async close(): Promise<void> {
    const running = [...this.running.values()];
    for (const r of running) r.controller.abort();
    await Promise.allSettled(running.map((r) => r.done));
  }

  private async run(task: TaskRecord, signal: AbortSignal): Promise<void> {
    const { ctx } = this;
    const workflow = ctx.workflows.get(task.workflowId);
    const key = ctx.keys.byId(task.keyId);
    try {
      if (!workflow || !key) throw new Error(`Workflow '${task.workflowId}' is not available`);
      // A task that keeps taking the service down with it is not started again and again.
      if (ctx.tasks.startAttempt(task.taskId) > MAX_ATTEMPTS) {
        throw new Error(`The task was interrupted ${MAX_ATTEMPTS} times and is not run again`);
      }
      // Let the trigger's response go out before any work starts.
      await new Promise((resolve) => setImmediate(resolve));
      // Charges are held until the result is stored and recorded with it in one transaction:
      // a run cut short by a stop or a crash bills nothing, and its resumed run bills once.
      let charged = 0;
      const result = await workflow.run(task.input, {
        engine: ctx.translator.asEngine(),
        signal,
        chargeTranslation: (characters) => {
          ctx.accounting.ensureAvailable(key);
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
      ctx.tasks.complete(task.taskId, artifacts, ctx.now().getTime(), () => {
        if (charged > 0) ctx.accounting.record(key.keyId, 'translation', charged);
      });
    } catch (error) {
      if (signal.aborted) return;
      ctx.tasks.fail(
        task.taskId,
        error instanceof Error ? error.message : String(error),
        ctx.now().getTime(),
      );
    }
  }
}
