import { UsageError } from '@transloom/client/errors';

/** Calls on one project, run one after another. */
export interface CallQueue {
  /** Runs `task` after every call before it (unless `signal` was aborted meanwhile). */
  enqueue<T>(signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T>;
  /** Refuses further calls and resolves once the last one is done. */
  close(): Promise<void>;
  readonly closed: boolean;
}

/** A queue of calls: two saves in a watcher never race on the lock or the files. */
export function createCallQueue(): CallQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  return {
    enqueue(signal, task) {
      if (closed) return Promise.reject(new UsageError('the project is closed'));
      const run = tail.then(() => {
        signal?.throwIfAborted();
        return task();
      });
      tail = run.catch(() => {});
      return run;
    },
    async close() {
      closed = true;
      await tail;
    },
    get closed() {
      return closed;
    },
  };
}
