import { ConfigError } from '../errors.js';
import { REFUSAL_STATUSES } from './retry-policy.js';

/** Options of {@link createAdaptiveLimiter}. */
export interface AdaptiveLimiterOptions {
  /** Most requests in flight at once, and the window's starting size (default 4). */
  concurrency?: number;
  /** Told each time the window changes size (for logs and progress displays). */
  onWindowChange?: (window: number, reason: 'refused' | 'recovered') => void;
}

/**
 * The place in the window one task holds. The transport tells it how each attempt ended and
 * gives it back while the request waits to be sent again.
 */
export interface LimiterSlot {
  /** The service refused the request (429, 503, 529): the window halves when most of a round is. */
  refused(): void;
  /** The service answered: a round of mostly answered requests grows the window by one. */
  succeeded(): void;
  /** Gives the place back while the request waits (a `Retry-After` or a backoff). */
  pause(): void;
  /** Takes a place again, ahead of tasks that have not started. */
  resume(signal?: AbortSignal): Promise<void>;
}

/** Runs a task when the window has room and hands it its slot (p-limit compatible). */
export type LimiterSchedule = <T>(task: (slot: LimiterSlot) => Promise<T>) => Promise<T>;

/** A concurrency limit that shrinks while the service refuses requests and grows back. */
export interface AdaptiveLimiter {
  /** Pass it as `translateMany`'s `schedule`; share it to bound several calls together. */
  readonly schedule: LimiterSchedule;
  /** The configured maximum. */
  readonly concurrency: number;
  /** Requests allowed in flight now (1 to `concurrency`). */
  readonly window: number;
  /** Slots held now (requests in flight or being prepared). */
  readonly active: number;
  /** The most slots ever held at once. */
  readonly peakActive: number;
  /** Tasks and retries waiting for a slot. */
  readonly pending: number;
}

interface Waiter {
  grant(): void;
}

/**
 * Additive increase, multiplicative decrease, as TCP does, judged a round at a time: a round is
 * the answers to a window's worth of requests sent since the window last changed. When most
 * of a round's answers are refusals, the window halves (to at least 1) at once; a round that
 * ends with most requests answered grows it by one, back up to `concurrency`. A refusal costs
 * the service little, so a minority of refusals does not slow the run down (the client-side
 * throttling of Google's SRE book backs off only past the same share): a service that refuses
 * a fixed share of requests whatever the load gains nothing from a smaller window, while one
 * that is overloaded or rate-limited refuses most of what is sent beyond its capacity.
 * Refusals of requests sent before the last change belong to the round that caused it, so one
 * burst halves the window once.
 *
 * A task waiting to resend gives its slot back, so a `Retry-After` delays only its own request,
 * and retries take free slots ahead of tasks that have not started. When the service refuses
 * even at a window of 1, no new task starts until a request gets through: a service that
 * answers every request at once with a refusal is not flooded with first attempts.
 *
 * Written here because p-limit and p-queue run one function per slot: neither lends a slot
 * back while a call waits, nor lets the retry take it again ahead of the queue.
 */
export function createAdaptiveLimiter(options: AdaptiveLimiterOptions = {}): AdaptiveLimiter {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ConfigError(
      `createAdaptiveLimiter: concurrency must be an integer >= 1, got ${String(concurrency)}`,
    );
  }
  let window = concurrency;
  let active = 0;
  let peakActive = 0;
  // Every attempt gets a number when it takes a slot; a round counts the answers to attempts
  // numbered above `roundAfter`, the last one handed out when the window last changed.
  let sent = 0;
  let roundAfter = 0;
  let roundRefused = 0;
  let roundAnswered = 0;
  // Tasks waiting to resend: their slots are given back, but they are not done.
  let paused = 0;
  // Set by a refusal at a window of 1: no new task starts until a request gets through.
  let holding = false;
  const retries: Waiter[] = [];
  const fresh: Waiter[] = [];

  const drain = () => {
    while (active < window) {
      // A held window still lets one task start when no started task is left to probe.
      const mayStart = !holding || active + paused === 0;
      const next = retries.shift() ?? (mayStart ? fresh.shift() : undefined);
      if (!next) return;
      active++;
      peakActive = Math.max(peakActive, active);
      next.grant();
    }
  };

  const take = (queue: Waiter[], signal?: AbortSignal): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(++sent);
        },
      };
      const onAbort = () => {
        const index = queue.indexOf(waiter);
        if (index !== -1) queue.splice(index, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      drain();
    });

  // Ends the round; a new window starts counting from the attempts sent from now on.
  const resize = (next: number, reason: 'refused' | 'recovered') => {
    roundRefused = 0;
    roundAnswered = 0;
    if (next === window) return;
    roundAfter = sent;
    window = next;
    options.onWindowChange?.(window, reason);
    drain();
  };

  // One answer of the current round: the window halves as soon as most of the round is
  // refused, and grows once the round is over otherwise.
  const judge = (attempt: number, refused: boolean) => {
    if (attempt <= roundAfter) return;
    roundAnswered++;
    if (refused) roundRefused++;
    if (roundRefused * 2 > window) resize(Math.max(1, Math.floor(window / 2)), 'refused');
    else if (roundAnswered >= window) resize(Math.min(concurrency, window + 1), 'recovered');
  };

  const refuse = (attempt: number) => {
    if (window === 1) holding = true;
    judge(attempt, true);
  };

  const succeed = (attempt: number) => {
    if (holding) {
      holding = false;
      drain();
    }
    judge(attempt, false);
  };

  const schedule: LimiterSchedule = async (task) => {
    let attempt = await take(fresh);
    let held = true;
    let told = false;
    let waiting = false;
    // A paused task that holds a place again, or ends, is no longer waiting to resend.
    const unpause = () => {
      if (!waiting) return;
      waiting = false;
      paused--;
    };
    const release = () => {
      if (!held) return;
      held = false;
      active--;
      drain();
    };
    const pause = () => {
      if (!held) return;
      waiting = true;
      paused++;
      release();
    };
    const slot: LimiterSlot = {
      refused: () => {
        told = true;
        refuse(attempt);
      },
      succeeded: () => {
        told = true;
        succeed(attempt);
      },
      pause,
      resume: async (signal) => {
        if (held) return;
        try {
          attempt = await take(retries, signal);
          held = true;
        } finally {
          unpause();
        }
      },
    };
    try {
      const result = await task(slot);
      if (!told) succeed(attempt);
      return result;
    } catch (error) {
      // A task that does not report through its slot is judged by how it ended.
      const status = (error as { status?: unknown } | null)?.status;
      if (!told && typeof status === 'number' && REFUSAL_STATUSES.has(status)) refuse(attempt);
      throw error;
    } finally {
      unpause();
      release();
      // The last started task may have given up while new ones were held back.
      drain();
    }
  };

  return {
    schedule,
    concurrency,
    get window() {
      return window;
    },
    get active() {
      return active;
    },
    get peakActive() {
      return peakActive;
    },
    get pending() {
      return retries.length + fresh.length;
    },
  };
}
