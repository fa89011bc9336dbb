import { UsageError } from '@transloom/client/errors';

/** One part of a sharded run: shard `index` (from 1) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The shard (from 1 to `count`) a memory key falls in. Keys are content hashes, so shards get
 * about as many texts each, and a text lands in the same shard in every job that plans it.
 */
export function shardOf(key: string, count: number): number {
  return (Number.parseInt(key.slice(0, 8), 16) % count) + 1;
}

/** Checks a shard; a UsageError names what is wrong. */
export function checkShard(shard: Shard): Shard {
  const { index, count } = shard;
  if (!Number.isSafeInteger(count) || count < 1 || count > 1024)
    throw new UsageError(`a shard count must be a whole number from 1 to 1024; got ${count}`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count)
    throw new UsageError(`a shard index must be a whole number from 1 to ${count}; got ${index}`);
  return shard;
}

/** Reads `i/n` (as in `--shard 2/4`). */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match)
    throw new UsageError(
      `a shard is written i/n, the shard's number from 1 and the number of shards (2/4); got '${text}'`,
    );
  return checkShard({ index: Number(match[1]), count: Number(match[2]) });
}
