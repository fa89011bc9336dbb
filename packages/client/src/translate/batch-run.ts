import type { LimiterSlot } from '../http/adaptive-limiter.js';

/** The batches of one call (`translateMany`, `rephraseMany`) sent through one schedule. */
export interface BatchRun {
  /**
   * Sends one batch in a slot of the schedule. After the call's first failure (a 456, say) no
   * queued batch is sent; an error for which `fails` says false (a 413 the caller splits) is
   * no failure of the call.
   */
  send<T>(
    task: (slot: LimiterSlot | undefined) => Promise<T>,
    fails?: (error: unknown) => boolean,
  ): Promise<T>;
  /** Marks the call failed with `error` (the first one wins). */
  stop(error: unknown): void;
  /**
   * Waits for every batch, so no request is still in flight when the call fails (and those in
   * flight, which the service may have billed, still deliver their answers); then throws the
   * call's first failure, if any.
   */
  settle(batches: readonly Promise<void>[]): Promise<void>;
}

/** A {@link BatchRun} over a call's schedule and signal. */
export function createBatchRun(
  limit: <T>(task: (slot?: LimiterSlot) => Promise<T>) => Promise<T>,
  signal: AbortSignal | undefined,
): BatchRun {
  let stopped: unknown;
  return {
    send: (task, fails = () => true) =>
      limit(async (slot) => {
        signal?.throwIfAborted();
        if (stopped !== undefined) throw stopped;
        try {
          return await task(slot);
        } catch (error) {
          // Marked before the slot is handed on, so the next queued batch is not sent.
          if (fails(error)) stopped ??= error;
          throw error;
        }
      }),
    stop(error) {
      stopped ??= error;
    },
    async settle(batches) {
      const outcomes = await Promise.allSettled(batches);
      if (outcomes.some((o) => o.status === 'rejected')) throw stopped;
    },
  };
}
