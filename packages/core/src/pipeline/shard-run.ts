import { MemoryUnavailableError } from '../memory/redis-translation-store.js';
import { type Shard, shardOf } from '../memory/shard-of.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { JobQueue } from './job-queue.js';
import type { RunReport } from './run-report.js';

/**
 * One shard's part of a locale, after the memory was looked up: of the texts still missing
 * (deduplicated over the whole project), only those whose key falls in the shard stay to be
 * sent; the others are left to the other shards, untold. A sharded run's answers go only to
 * the shared memory, so one whose shared memory does not answer sends nothing: the error it
 * returns ends the run before anything is billed.
 */
export function shardRun(
  queue: JobQueue,
  shard: Shard,
  memory: TranslationMemory,
  report: RunReport,
): MemoryUnavailableError | undefined {
  const problem = memory.unavailable?.();
  if (problem)
    return new MemoryUnavailableError(
      `a sharded run needs the shared translation memory: ${problem}`,
    );
  const others = queue.retain((key) => shardOf(key, shard.count) === shard.index);
  if (report.shard) report.shard.others += others;
  return undefined;
}
