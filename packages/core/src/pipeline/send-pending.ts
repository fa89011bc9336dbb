import { createAdaptiveLimiter, NotFoundError } from '@transloom/client';
import type { ProjectGlossary } from '../glossary/load-glossary.js';
import { syncGlossary } from '../glossary/sync-glossary.js';
import type { RunEvent, ServiceConnection } from '../project/project-types.js';
import type { JobGroup, JobQueue } from './job-queue.js';
import type { LocaleSettings } from './locale-settings.js';
import type { LockedGlossary } from './lock-file.js';
import { resolveRequestOptions } from './request-options.js';
import type { TranslationMemory } from './translation-memory.js';

/** The glossary as the service has it, updated as it is pushed (kept even when sending fails). */
export interface GlossaryState {
  locked: LockedGlossary | undefined;
  /** Target locales whose dictionary was sent. */
  pushed: string[];
}

/** Options of {@link sendPending}. */
export interface SendPendingOptions {
  connection: ServiceConnection;
  queue: JobQueue;
  memory: TranslationMemory;
  groups: JobGroup[];
  settings: LocaleSettings[];
  glossary: ProjectGlossary | undefined;
  glossaryState: GlossaryState;
  glossaryName: string;
  concurrency: number;
  maxCharacters?: number;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/**
 * The part of a run that talks to the service: pushes the glossary if its content changed,
 * fills in each group's request options (style lists found by name or id), and sends the
 * queue's open texts; a glossary the service lost is made again before the second attempt.
 */
export async function sendPending(options: SendPendingOptions): Promise<void> {
  const { connection, queue, memory, groups, glossary, glossaryState: state, signal } = options;
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
  for (const group of groups) {
    group.options = {
      ...requestOptions.get(group.locale)!,
      ...(group.options.context ? { context: group.options.context } : {}),
    };
  }
  // The service no longer has the locked glossary (deleted, or a new local service): make it again.
  const recover = async (errors: readonly unknown[]) => {
    const id = state.locked?.id;
    if (!id || !errors.some((e) => e instanceof NotFoundError && e.message.includes(id))) return;
    await pushGlossary(undefined);
    for (const group of groups) {
      if (group.options.glossaryId)
        group.options = { ...group.options, glossaryId: state.locked!.id };
    }
  };
  await queue.send(memory, {
    client,
    schedule: createAdaptiveLimiter({ concurrency: options.concurrency }).schedule,
    ...(signal ? { signal } : {}),
    ...(options.maxCharacters !== undefined ? { maxCharacters: options.maxCharacters } : {}),
    onBatch: (event) => options.onEvent?.({ type: 'batch', ...event }),
    recover,
  });
}
