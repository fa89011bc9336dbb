import type {
  LimiterSchedule,
  TranslateOptions,
  Translation,
  TransloomClient,
} from '@transloom/client';
import {
  AuthorizationError,
  QuotaExceededError,
  ServiceUnreachableError,
  TransloomError,
} from '@transloom/client/errors';
import { countCharacters } from '@transloom/client/wire';
import { DiskWriteError } from '../errors/disk-write-error.js';
import { hashOf } from '../hashing/hash-of.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { UnitForm } from './unit-forms.js';

/** Who waits for a text: told the restored segment, or why there is none. */
export interface Waiter {
  form: UnitForm;
  settle(result: { segment: string } | { error: string; reason: FailureReason }): void;
}

/** Why a text has no translation at the end of a run. */
export type FailureReason = 'verification' | 'service' | 'quota' | 'budget' | 'frozen';

/** One request group: texts that can share a request (same locale, options and context). */
export interface JobGroup {
  key: string;
  locale: string;
  options: TranslateOptions;
}

interface Job {
  key: string;
  termsHash: string;
  group: JobGroup;
  text: string;
  waiters: Waiter[];
  done: boolean;
  attempts: number;
  lastError: string;
  /** The last answer lost the number of a plural form: the retry sends the form with its placeholder. */
  numberLost: boolean;
}

/** Characters still allowed, shared by the queues of one run. */
export interface CharacterBudget {
  remaining: number;
}

/** Counts of a send. */
export interface SendStats {
  billedCharacters: number;
}

/** Options of {@link JobQueue.send}. */
export interface SendOptions {
  client: TransloomClient;
  /**
   * Runs each request: one limiter shared by every group bounds the run's concurrency (the
   * client's adaptive limiter, which narrows while the service refuses requests).
   */
  schedule: LimiterSchedule;
  signal?: AbortSignal;
  /**
   * Why nothing more is to be sent (a disk that takes no more writes), once it is so: like a
   * 456, it stops what is not sent yet, and the answers of requests in flight are kept.
   */
  halted?: () => unknown;
  /** Stop before sending more than this many characters. */
  maxCharacters?: number | CharacterBudget;
  /** A batch of texts was answered and checked. */
  onBatch?: (event: { locale: string; texts: number }) => void;
  /**
   * Called once with the errors of failed requests before the second attempt; it may fix
   * their cause (create a glossary the service lost) and change the groups' options.
   */
  recover?: (errors: readonly unknown[]) => Promise<void>;
}

/** How many times a text is sent at most when its answer fails the check or its request fails. */
export const MAX_ATTEMPTS = 3;

/**
 * The texts of a run, deduplicated by translation-memory key (same text, locale and every
 * output-changing setting): each is looked up in the memory, then sent at most once per
 * attempt. Every answer is checked against each waiting unit's markup before it is stored
 * or handed out; a text that fails is sent again, at most {@link MAX_ATTEMPTS} times in all
 * (as its safer fallback when it has one).
 */
export class JobQueue {
  private readonly jobs = new Map<string, Job>();
  readonly stats: SendStats = { billedCharacters: 0 };
  /** Why answers could not be stored (a full disk): nothing more is sent. */
  private storeFailure: { error: unknown } | undefined;

  /** The memory key of a text in a group. */
  static keyOf(groupKey: string, termsHash: string, text: string): string {
    return hashOf(groupKey, termsHash, text);
  }

  /** Adds a waiter for `text`; texts already queued (from any file) are shared. */
  add(group: JobGroup, termsHash: string, waiter: Waiter): void {
    const text = waiter.form.text;
    const key = JobQueue.keyOf(group.key, termsHash, text);
    let job = this.jobs.get(key);
    if (!job) {
      job = {
        key,
        termsHash,
        group,
        text,
        waiters: [],
        done: false,
        attempts: 0,
        lastError: '',
        numberLost: false,
      };
      this.jobs.set(key, job);
    }
    job.waiters.push(waiter);
  }

  /** Texts still without a translation. */
  pending(): Array<{ locale: string; text: string; options: TranslateOptions; group: string }> {
    return [...this.jobs.values()]
      .filter((j) => !j.done)
      .map((j) => ({
        locale: j.group.locale,
        text: j.text,
        options: j.group.options,
        group: j.group.key,
      }));
  }

  // The answer restored for every waiter; undefined (the reason kept on the job) when any
  // waiter cannot use it.
  private check(job: Job, translated: string): string[] | undefined {
    const restored: string[] = [];
    for (const waiter of job.waiters) {
      const result = waiter.form.restore(translated);
      if ('error' in result) {
        job.lastError = result.error;
        job.numberLost = result.numberLost === true;
        return undefined;
      }
      restored.push(result.segment);
    }
    return restored;
  }

  // Hands the restored answers to the job's waiters; a settled job holds no units, so a big
  // run releases them as answers arrive.
  private settle(job: Job, restored: readonly string[]): void {
    const { waiters } = job;
    job.waiters = [];
    waiters.forEach((waiter, i) => {
      waiter.settle({ segment: restored[i]! });
    });
  }

  // Hands an answer to every waiter; false (and nobody told) when any waiter cannot use it.
  private accept(job: Job, translated: string): boolean {
    const restored = this.check(job, translated);
    if (!restored) return false;
    job.done = true;
    this.settle(job, restored);
    return true;
  }

  /** Settles every text the memory holds an answer for that all its waiters can use. */
  async lookup(memory: TranslationMemory): Promise<number> {
    const open = [...this.jobs.values()].filter((j) => !j.done);
    const found = await memory.getMany(open.map((j) => j.key));
    let hits = 0;
    for (const job of open) {
      const value = found.get(job.key);
      if (value !== undefined && this.accept(job, value)) hits++;
    }
    return hits;
  }

  /**
   * Drops the open texts whose key `keep` refuses, without telling their waiters (a sharded
   * run leaves them to the other shards and writes nothing). Returns how many were dropped.
   */
  retain(keep: (key: string) => boolean): number {
    let dropped = 0;
    for (const [key, job] of this.jobs)
      if (!job.done && !keep(key)) {
        this.jobs.delete(key);
        dropped++;
      }
    return dropped;
  }

  /** Ends every open text with `reason`. */
  fail(reason: FailureReason, message: string): void {
    for (const job of this.jobs.values()) {
      if (job.done) continue;
      job.done = true;
      const { waiters } = job;
      job.waiters = [];
      for (const waiter of waiters) waiter.settle({ error: job.lastError || message, reason });
    }
  }

  /**
   * Sends the open texts: a first attempt, then up to two more for those whose answer failed
   * the check or whose request failed (only those are sent again, so a glitch costs little). Verified answers go to `memory` batch by batch, so a run
   * that dies loses at most the batches in flight. A 456 stops every group and is rethrown,
   * as are errors no retry can fix (a refused key, a service that cannot be reached); open
   * texts stay open for {@link fail}.
   */
  async send(memory: TranslationMemory, options: SendOptions): Promise<void> {
    // A budget object is shared with other queues sending at the same time.
    const budget: CharacterBudget =
      typeof options.maxCharacters === 'object'
        ? options.maxCharacters
        : { remaining: options.maxCharacters ?? Number.POSITIVE_INFINITY };
    // A fatal answer (456, a refused key) stops what is not sent yet; requests already in
    // flight finish, since the service may have billed them, and their answers are kept.
    let fatal: { error: unknown } | undefined;
    const halt = () => {
      if (!fatal && this.storeFailure) fatal = this.storeFailure;
      if (!fatal && options.halted) {
        const reason = options.halted();
        if (reason !== undefined) fatal = { error: reason };
      }
      return fatal;
    };
    const schedule: LimiterSchedule = (task) =>
      halt()
        ? Promise.reject(fatal!.error)
        : options.schedule((slot) => (halt() ? Promise.reject(fatal!.error) : task(slot)));
    const signal = options.signal ?? new AbortController().signal;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) for (const job of [...this.jobs.values()]) if (!job.done) this.fallBack(job);
      const open = [...this.jobs.values()].filter((j) => !j.done);
      if (open.length === 0) return;
      const groups = new Map<string, Job[]>();
      for (const job of open) {
        const chars = countCharacters(job.text);
        if (chars > budget.remaining) continue;
        budget.remaining -= chars;
        const list = groups.get(job.group.key);
        if (list) list.push(job);
        else groups.set(job.group.key, [job]);
      }
      const results = await Promise.allSettled(
        [...groups.values()].map((jobs) =>
          this.sendGroup(jobs, memory, { ...options, schedule, signal }).catch((error: unknown) => {
            if (isFatal(error)) fatal ??= { error };
            throw error;
          }),
        ),
      );
      if (options.signal?.aborted) throw options.signal.reason;
      if (halt()) throw fatal!.error;
      const errors: unknown[] = [];
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        if (!(result.reason instanceof TransloomError)) throw result.reason;
        errors.push(result.reason);
      }
      if (attempt === 1 && errors.length > 0) await options.recover?.(errors);
    }
    for (const job of this.jobs.values()) {
      if (job.done) continue;
      job.done = true;
      const reason: FailureReason =
        job.attempts === 0
          ? 'budget'
          : job.lastError.startsWith('request failed')
            ? 'service'
            : 'verification';
      const message =
        reason === 'budget' ? 'not sent: the run reached maxCharacters' : job.lastError;
      const { waiters } = job;
      job.waiters = [];
      for (const waiter of waiters) waiter.settle({ error: message, reason });
    }
  }

  // A plural form whose answer lost its number is sent again in its safer form (placeholder kept);
  // an answer with broken markup is sent again as it was.
  private fallBack(job: Job): void {
    if (!job.numberLost || !job.waiters.some((w) => w.form.fallback)) return;
    this.jobs.delete(job.key);
    for (const waiter of job.waiters) {
      this.add(job.group, job.termsHash, {
        form: waiter.form.fallback ?? waiter.form,
        settle: (result) => waiter.settle(result),
      });
    }
  }

  private async sendGroup(
    jobs: Job[],
    memory: TranslationMemory,
    options: SendOptions & { signal: AbortSignal },
  ): Promise<void> {
    const group = jobs[0]!.group;
    const stores: Promise<void>[] = [];
    for (const job of jobs) job.attempts++;
    try {
      await options.client.translateMany(
        jobs.map((j) => j.text),
        { ...group.options, showBilledCharacters: true },
        {
          schedule: options.schedule,
          signal: options.signal,
          onBatch: ({ start, translations }: { start: number; translations: Translation[] }) => {
            const verified: Array<[string, string]> = [];
            const accepted: Array<readonly [Job, string[]]> = [];
            translations.forEach((translation, i) => {
              const job = jobs[start + i]!;
              this.stats.billedCharacters += translation.billedCharacters ?? 0;
              if (job.done) return;
              const restored = this.check(job, translation.text);
              if (!restored) return;
              job.done = true;
              verified.push([job.key, translation.text]);
              accepted.push([job, restored]);
            });
            // An answer is in the memory before a target that holds it is written: a run
            // killed after the write pays nothing for it again. Stored or not (a memory that
            // cannot be written stops the run), the verified answers are handed out.
            stores.push(
              memory
                .putMany(verified)
                .catch((error: unknown) => {
                  // Kept, not thrown here: the request is still in flight. No more is sent.
                  this.storeFailure ??= { error };
                })
                .finally(() => {
                  for (const [job, restored] of accepted) this.settle(job, restored);
                }),
            );
            options.onBatch?.({ locale: group.locale, texts: translations.length });
          },
        },
      );
    } catch (error) {
      for (const job of jobs)
        if (!job.done) job.lastError = `request failed: ${(error as Error).message}`;
      throw error;
    } finally {
      await Promise.all(stores);
    }
    if (this.storeFailure) throw this.storeFailure.error;
  }
}

// Errors that end the run's sending: the quota is reached, the key is refused, or the service
// cannot be reached (sending the failed texts again would only wait for it again).
function isFatal(error: unknown): boolean {
  return (
    error instanceof QuotaExceededError ||
    error instanceof AuthorizationError ||
    error instanceof ServiceUnreachableError ||
    error instanceof DiskWriteError ||
    !(error instanceof TransloomError)
  );
}
