import type { ServiceUnreachableError } from '../service-unreachable-error.js';

/**
 * What one client knows about whether its service can be reached. Once a request judges it
 * unreachable, the circuit opens: for `cooldownMs` every request of the client fails at once
 * with that error, without sending, and requests waiting to be sent again stop waiting. After
 * the cooldown the next request is sent as usual, so a long-lived client (a dev server) finds
 * a service that came back.
 *
 * Written here because it is a dozen lines over the transport's own state; circuit breaker
 * libraries wrap a function per call and cannot end the waits of calls already under way.
 */
export class ServiceCircuit {
  private opened: { error: ServiceUnreachableError; until: number } | undefined;
  private controller = new AbortController();

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Aborted, with the error, when the circuit opens: waits of requests under way listen to it. */
  get signal(): AbortSignal {
    this.check(false);
    return this.controller.signal;
  }

  /** Throws the error that opened the circuit while it is open. */
  check(raise = true): void {
    if (!this.opened) return;
    if (this.now() >= this.opened.until) {
      this.opened = undefined;
      this.controller = new AbortController();
      return;
    }
    if (raise) throw this.opened.error;
  }

  /** Opens the circuit with `error` (kept open, with its first error, if it already is). */
  open(error: ServiceUnreachableError): void {
    this.check(false);
    if (this.opened) return;
    this.opened = { error, until: this.now() + this.cooldownMs };
    this.controller.abort(error);
  }
}
