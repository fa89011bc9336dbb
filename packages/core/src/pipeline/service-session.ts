import { createAdaptiveLimiter, NotFoundError, type TranslateOptions } from '@transloom/client';
import type { ProjectGlossary } from '../glossary/load-glossary.js';
import { syncGlossary } from '../glossary/sync-glossary.js';
import type { LockedGlossary } from '../lock/lock-file.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { CharacterBudget, JobGroup, JobQueue } from './job-queue.js';
import type { LocaleSettings } from './locale-settings.js';
import { parkingSchedule } from './parking-schedule.js';
import { resolveRequestOptions } from './request-options.js';
import type { RunEvent } from './run-event.js';
import type { ServiceConnection } from './service-connection.js';

/** The glossary as the service has it, updated as it is pushed (kept even when sending fails). */
export interface GlossaryState {
  locked: LockedGlossary | undefined;
  /** Target locales whose dictionary was sent. */
  pushed: string[];
}

/** Options of {@link openServiceSession}. */
export interface ServiceSessionOptions {
  connection: ServiceConnection;
  memory: TranslationMemory;
  /** Every locale of the run. */
  settings: LocaleSettings[];
  glossary: ProjectGlossary | undefined;
  glossaryState: GlossaryState;
  glossaryName: string;
  concurrency: number;
  /** Characters the whole run may send. */
  maxCharacters?: number;
  signal?: AbortSignal;
  /** Why the run sends nothing more (a disk that takes no more writes), once it is so. */
  halted?: () => unknown;
  onEvent?: (event: RunEvent) => void;
}

/** The part of a run that talks to the service, opened once and used for each locale. */
export interface ServiceSession {
  /**
   * Sends the queue's open texts of `groups` (one locale's). A 456, a refused key or a
   * service that cannot be reached is thrown; other failures are left on the texts for the
   * queue to report. `onParked` is told when every open request of this send waits out a
   * refusal, and when that ends (see {@link parkingSchedule}).
   */
  send(
    queue: JobQueue,
    groups: readonly JobGroup[],
    onParked?: (parked: boolean) => void,
  ): Promise<void>;
}

/**
 * Prepares sending for a run: pushes the glossary if its content changed, resolves each
 * locale's request options (style lists found by name or id) and makes one adaptive limiter
 * that bounds every request of the run. A glossary the service lost is made again before the
 * second attempt of a send, and the character budget is shared by every send.
 */
export async function openServiceSession(options: ServiceSessionOptions): Promise<ServiceSession> {
  const { connection, memory, glossary, glossaryState: state, signal } = options;
  const client = connection.client;
  // Pushed only when its content changed: a run with nothing new for it asks nothing.
  const pushGlossary = async (locked: LockedGlossary | undefined) => {
    const sync = await syncGlossary({
      client,
      glossary,
      locked,
      name: options.glossaryName,
      ...(signal ? { signal } : {}),
    });
    state.locked = sync.locked;
    state.pushed.push(...sync.pushed);
    if (sync.pushed.length > 0) {
      options.onEvent?.({ type: 'glossary', pushed: sync.pushed, created: sync.created });
    }
  };
  await pushGlossary(state.locked);
  const requestOptions = await resolveRequestOptions(
    client,
    options.settings,
    state.locked?.id,
    signal,
  );
  const optionsOf = (group: JobGroup): TranslateOptions => {
    const own = requestOptions.get(group.locale)!;
    return {
      ...own,
      ...(own.glossaryId && state.locked ? { glossaryId: state.locked.id } : {}),
      ...(group.options.context ? { context: group.options.context } : {}),
    };
  };
  // The service no longer has the locked glossary (deleted, or a new local service): make it again.
  const recover = (groups: readonly JobGroup[]) => async (errors: readonly unknown[]) => {
    const id = state.locked?.id;
    if (!id || !errors.some((e) => e instanceof NotFoundError && e.message.includes(id))) return;
    await pushGlossary(undefined);
    for (const group of groups) group.options = optionsOf(group);
  };
  const limiter = createAdaptiveLimiter({ concurrency: options.concurrency });
  // One budget for every locale, taken from as texts are given to requests.
  const budget: CharacterBudget | undefined =
    options.maxCharacters === undefined ? undefined : { remaining: options.maxCharacters };
  return {
    async send(queue, groups, onParked) {
      for (const group of groups) group.options = optionsOf(group);
      await queue.send(memory, {
        client,
        schedule: onParked ? parkingSchedule(limiter.schedule, onParked) : limiter.schedule,
        ...(signal ? { signal } : {}),
        ...(options.halted ? { halted: options.halted } : {}),
        ...(budget ? { maxCharacters: budget } : {}),
        onBatch: (event) => options.onEvent?.({ type: 'batch', ...event }),
        recover: recover(groups),
      });
    },
  };
}
