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

/** Options of {@link WorkPool}. */
export interface WorkPoolOptions {
  /** Worker threads (default 2). */
  size?: number;
  /** A task running longer is stopped with its worker and answered with a 503 (default 60 s). */
  taskTimeoutMs?: number;
}

type Payload<K extends WorkTaskName> = Parameters<(typeof workTasks)[K]>[0];
type Returned<K extends WorkTaskName> = Awaited<ReturnType<(typeof workTasks)[K]>>;
// A task's buffers move with a Transfer; what arrives is the value inside.
type Result<K extends WorkTaskName> = Returned<K> extends Transfer<infer T> ? T : Returned<K>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
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
  private readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: WorkPoolOptions = {}) {
    this.slots = new Array(Math.max(1, options.size ?? 2)).fill(null);
    this.timeoutMs = options.taskTimeoutMs ?? 60_000;
  }

  private spawn(index: number): Slot {
    const source = workerSource();
    const worker = new Worker(source.code, { eval: source.eval });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; value?: unknown; error?: SerializedError }) => {
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(deserializeError(message.error));
      else pending.resolve(message.value);
    });
    const fail = (error: Error) => this.retire(index, slot, error);
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`work thread exited with code ${code}`)));
    this.slots[index] = slot;
    return slot;
  }

  // A worker that failed or overran takes its queued tasks down with it; the next task starts a new one.
  private retire(index: number, slot: Slot, error: Error): void {
    if (this.slots[index] === slot) this.slots[index] = null;
    for (const pending of slot.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    slot.pending.clear();
    void slot.worker.terminate();
  }

  private pick(affinity: string | undefined): number {
    if (affinity !== undefined) {
      let hash = 0;
      for (let i = 0; i < affinity.length; i++)
        hash = (Math.imul(hash, 31) + affinity.charCodeAt(i)) | 0;
      return Math.abs(hash) % this.slots.length;
    }
    let best = 0;
    for (let i = 1; i < this.slots.length; i++) {
      if ((this.slots[i]?.pending.size ?? 0) < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
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
    const slot = this.slots[index] ?? this.spawn(index);
    const id = this.nextId++;
    return new Promise<Result<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.retire(
          index,
          slot,
          new HttpError(
            503,
            `The request needed more than ${this.timeoutMs / 1000} s of work; it was stopped`,
          ),
        );
      }, this.timeoutMs);
      slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      slot.worker.postMessage({ id, task, payload }, options.transfer ?? []);
    });
  }

  /** Stops every worker; tasks still queued fail with a 503. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    for (const slot of slots) {
      for (const pending of slot.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(new HttpError(503, 'The service is shutting down'));
      }
      slot.pending.clear();
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
