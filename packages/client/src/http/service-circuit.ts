import type { ServiceUnreachableError } from '../service-unreachable-error.js';

/**
 * What one client knows about whether its service can be reached, as a circuit breaker:
 *
 * - closed: calls go out as usual;
 * - suspect: some calls are retrying failed connections; new calls wait for them (they probe
 *   the service for every call) instead of each failing and retrying on its own;
 * - open: a call judged the service unreachable; for `cooldownMs` every call fails at once
 *   with that error, without sending, and calls waiting to be sent again stop waiting. After
 *   the cooldown calls go out again, so a long-lived client (a dev server) finds a service
 *   that came back.
 *
 * Written here because it is a few lines over the transport's own state; circuit breaker
 * libraries wrap one function per call and cannot end the waits of calls already under way.
 */
export class ServiceCircuit {
  private opened: { error: ServiceUnreachableError; until: number } | undefined;
  // One controller per call under way: aborted when the circuit opens.
  private readonly calls = new Set<AbortController>();
  // Calls retrying a failed connection now, and calls waiting for them to find out.
  private suspects = 0;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A signal for the waits of one call: aborted with the error when the circuit opens, or with
   * `signal`'s reason when that aborts. `release` when the call ends. (One signal per call, so
   * many waiting calls put no pile of listeners on one shared signal.)
   */
  watch(signal?: AbortSignal): { signal: AbortSignal; release(): void } {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal!.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    this.calls.add(controller);
    return {
      signal: controller.signal,
      release: () => {
        this.calls.delete(controller);
        signal?.removeEventListener('abort', onAbort);
      },
    };
  }

  /** Whether calls are retrying failed connections (new calls should {@link admit} first). */
  get suspected(): boolean {
    return this.suspects > 0;
  }

  /** Throws the error that opened the circuit while it is open. */
  check(raise = true): void {
    if (!this.opened) return;
    if (this.now() >= this.opened.until) {
      this.opened = undefined;
      return;
    }
    if (raise) throw this.opened.error;
  }

  /**
   * Waits until no call is retrying a failed connection, then throws if that ended with the
   * circuit open. Rejects with the signal's reason when it aborts first.
   */
  async admit(signal?: AbortSignal): Promise<void> {
    for (;;) {
      this.check();
      if (this.suspects === 0) return;
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== wake);
          reject(signal!.reason);
        };
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        this.waiters.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
  }

  /**
   * A call's connection failed and it will retry: new calls wait until it gets an answer or
   * gives up. Returns the function that ends its suspicion (safe to call more than once).
   */
  suspect(): () => void {
    this.suspects++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.suspects === 0) this.wake();
    };
  }

  /** Opens the circuit with `error` (kept open, with its first error, if it already is). */
  open(error: ServiceUnreachableError): void {
    this.check(false);
    if (this.opened) return;
    this.opened = { error, until: this.now() + this.cooldownMs };
    for (const call of this.calls) call.abort(error);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
