import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/http-error.js';
import {
  deserializeError,
  type SerializedError,
  type Transfer,
  type WorkTaskName,
  type workTasks,
} from './work-tasks.js';
import { WorkThreadExitError } from './work-thread-exit-error.js';

/** Options of {@link WorkPool}. */
export interface WorkPoolOptions {
  /** Worker threads (default 2). */
  size?: number;
  /**
   * A task running longer (counted from when its worker starts it) is stopped with its worker
   * and answered with a 503; the tasks queued behind it go on in a new worker (default 60 s).
   */
  taskTimeoutMs?: number;
}

type Payload<K extends WorkTaskName> = Parameters<(typeof workTasks)[K]>[0];
type Returned<K extends WorkTaskName> = Awaited<ReturnType<(typeof workTasks)[K]>>;
// A task's buffers move with a Transfer; what arrives is the value inside.
type Result<K extends WorkTaskName> = Returned<K> extends Transfer<infer T> ? T : Returned<K>;

interface Job {
  id: number;
  task: WorkTaskName;
  payload: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Tasks handed to the worker, in order: the first runs, one more may wait behind it. */
  posted: Job[];
  /** The running task's time limit, set once the worker has started it. */
  timer?: NodeJS.Timeout;
}

/** What a worker answers: that it started a task, or the task's value or error. */
interface WorkerMessage {
  id: number;
  started?: boolean;
  value?: unknown;
  error?: SerializedError;
}

// From the built package the worker is plain JavaScript; from the sources (tests) it is
// TypeScript, loaded through tsx, which the package has as a development dependency.
function workerSource(): { code: string | URL; eval: boolean } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { code: new URL('./work-worker.js', self), eval: false };
  const require = createRequire(self);
  const api = require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs');
  const entry = pathToFileURL(fileURLToPath(new URL('./work-worker.ts', self))).href;
  const code = `import(${JSON.stringify(pathToFileURL(api).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return { code, eval: true };
}

/**
 * Worker threads for the CPU-heavy work of requests (pseudo-localization, glossary automata,
 * language detection, big bodies), so that no request holds the event loop for long.
 */
export class WorkPool {
  private readonly slots: Array<Slot | null>;
  // Tasks wait here, on the main thread, with their buffers not moved yet, so that they outlive
  // a worker stopped for overrunning; a worker holds only what it can lose (see dispatch).
  private readonly queues: Job[][];
  private readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: WorkPoolOptions = {}) {
    const size = Math.max(1, options.size ?? 2);
    this.slots = new Array(size).fill(null);
    this.queues = Array.from({ length: size }, () => []);
    this.timeoutMs = options.taskTimeoutMs ?? 60_000;
  }

  private spawn(index: number): Slot {
    const source = workerSource();
    const worker = new Worker(source.code, { eval: source.eval });
    worker.unref();
    const slot: Slot = { worker, posted: [] };
    worker.on('message', (message: WorkerMessage) => {
      // The worker runs its tasks in order: what it says is about the first it holds.
      const job = slot.posted[0];
      if (this.slots[index] !== slot || job?.id !== message.id) return;
      if (message.started) {
        // The time limit counts the task's own work, not its wait behind others or the start
        // of a new worker.
        slot.timer = setTimeout(
          () =>
            this.retire(
              index,
              slot,
              new HttpError(
                503,
                `The request needed more than ${this.timeoutMs / 1000} s of work; it was stopped`,
              ),
            ),
          this.timeoutMs,
        );
        return;
      }
      clearTimeout(slot.timer);
      slot.posted.shift();
      if (message.error) job.reject(deserializeError(message.error));
      else job.resolve(message.value);
      this.dispatch(index);
    });
    const fail = (error: Error) => this.retire(index, slot, error);
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new WorkThreadExitError(`work thread exited with code ${code}`)),
    );
    this.slots[index] = slot;
    return slot;
  }

  // A worker that failed or overran takes down only the task it was running; the task waiting
  // in it (which moved no buffers) and those queued go on in a new worker.
  private retire(index: number, slot: Slot, error: Error): void {
    if (this.slots[index] !== slot) return;
    this.slots[index] = null;
    clearTimeout(slot.timer);
    const [running, ...waiting] = slot.posted.splice(0);
    running?.reject(error);
    this.queues[index]!.unshift(...waiting);
    void slot.worker.terminate();
    this.dispatch(index);
  }

  // Hands queued tasks to the slot's worker (started when needed). Besides the task it runs, a
  // worker holds one more, so that it never waits for this thread between tasks, and only one
  // that moves no buffers: should the worker be stopped, it can be sent again as it was.
  private dispatch(index: number): void {
    const queue = this.queues[index]!;
    let slot = this.slots[index];
    while (!this.closed && queue.length > 0) {
      const held = slot?.posted.length ?? 0;
      if (held >= 2 || (held === 1 && queue[0]!.transfer.length > 0)) return;
      slot ??= this.spawn(index);
      const job = queue.shift()!;
      slot.posted.push(job);
      slot.worker.postMessage({ id: job.id, task: job.task, payload: job.payload }, job.transfer);
    }
  }

  private load(index: number): number {
    return this.queues[index]!.length + (this.slots[index]?.posted.length ?? 0);
  }

  private pick(affinity: string | undefined): number {
    if (affinity !== undefined) {
      let hash = 0;
      for (let i = 0; i < affinity.length; i++)
        hash = (Math.imul(hash, 31) + affinity.charCodeAt(i)) | 0;
      return Math.abs(hash) % this.slots.length;
    }
    let best = 0;
    for (let i = 1; i < this.slots.length; i++) if (this.load(i) < this.load(best)) best = i;
    return best;
  }

  /**
   * Runs a task in a worker. Tasks with the same `affinity` (a dictionary's key) go to the same
   * worker, which keeps what it built for them.
   */
  run<K extends WorkTaskName>(
    task: K,
    payload: Payload<K>,
    options: { affinity?: string; transfer?: ArrayBuffer[] } = {},
  ): Promise<Result<K>> {
    if (this.closed) return Promise.reject(new HttpError(503, 'The service is shutting down'));
    const index = this.pick(options.affinity);
    return new Promise<Result<K>>((resolve, reject) => {
      this.queues[index]!.push({
        id: this.nextId++,
        task,
        payload,
        transfer: options.transfer ?? [],
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch(index);
    });
  }

  /** Stops every worker; tasks still running or queued fail with a 503. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    const stopped = new HttpError(503, 'The service is shutting down');
    for (const slot of slots) {
      clearTimeout(slot.timer);
      for (const job of slot.posted.splice(0)) job.reject(stopped);
    }
    for (const queue of this.queues) for (const job of queue.splice(0)) job.reject(stopped);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
