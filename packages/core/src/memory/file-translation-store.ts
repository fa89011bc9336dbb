import { type FileHandle, mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { groupBy } from '../collections/group-by.js';
import { diskWriteError } from '../errors/disk-write-error.js';
import type { TranslationStore } from './translation-memory.js';

// 16 shards by the key's first hex digit: few enough that a lookup reads few files.
function shardOf(key: string): string {
  return (key[0] ?? '0').toLowerCase();
}

const JOURNAL = 'journal.jsonl';

// The entries of a JSON Lines file that are in `wanted` (all when absent); later lines win.
// The file is read as bytes (outside the JavaScript heap) and only the lines whose key is
// wanted are decoded and parsed: a lookup reads every shard its keys fall in, and in a big
// run those hold every locale's answers, most of them for other keys.
async function readEntries(
  path: string,
  wanted: ReadonlySet<string> | undefined,
  into: Map<string, string>,
): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    const key = wanted && end > start ? lineKey(bytes, start, end) : undefined;
    if (end > start && (!wanted || key === undefined || wanted.has(key))) {
      let entry: unknown;
      try {
        entry = JSON.parse(bytes.toString('utf8', start, end));
      } catch {
        entry = undefined; // a torn line from an interrupted append
      }
      if (
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'string' &&
        (!wanted || wanted.has(entry[0]))
      )
        into.set(entry[0], entry[1]);
    }
    start = end + 1;
  }
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

// The key of a line `["key",...` read from its bytes without parsing the line; undefined when
// the line does not start so or its key has an escape (then the line is parsed to tell).
function lineKey(bytes: Buffer, start: number, end: number): string | undefined {
  if (bytes[start] !== 0x5b || bytes[start + 1] !== QUOTE) return undefined;
  const close = bytes.indexOf(QUOTE, start + 2);
  if (close === -1 || close >= end) return undefined;
  const backslash = bytes.indexOf(BACKSLASH, start + 2);
  if (backslash !== -1 && backslash < close) return undefined;
  return bytes.toString('utf8', start + 2, close);
}

/** Bytes a journal may reach before its entries are moved into the shards. */
const JOURNAL_LIMIT = 1 << 20;

/**
 * The default store: 16 JSON Lines shards under `directory`, chosen by the key's first hex
 * digit, and a journal. Each batch is one append to the journal (one write per batch, however
 * many shards its keys fall in), so a run killed mid-write loses at most the batch being
 * written and leaves at most a torn last line, which reading skips. When the journal passes
 * 1 MiB, and when a store that wrote is closed, its entries are moved into the shards (one
 * append per shard), so a lookup reads only the shards its keys fall in and a small journal.
 * A journal left by a killed run is read, and moved by the next store that writes.
 */
export function createFileTranslationStore(directory: string): TranslationStore {
  let made: Promise<unknown> | undefined;
  let journal: Promise<FileHandle> | undefined;
  let journalBytes = 0;
  // What the journal holds, kept to move into the shards without reading it back.
  let journaled: Array<readonly [string, string]> = [];
  // Appends and moves one after another: a move must not lose a batch appended meanwhile.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };
  // Moves the journal's entries into the shards, then empties it. A kill before it is emptied
  // leaves the entries in both places, which reads the same.
  const fold = async (entries: ReadonlyArray<readonly [string, string]>) => {
    await Promise.all(
      [...groupBy(entries, ([key]) => shardOf(key))].map(async ([shard, list]) => {
        const handle = await openForAppend(join(directory, `${shard}.jsonl`));
        try {
          await handle.write(list.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
        } finally {
          await handle.close();
        }
      }),
    );
    if (journal) await (await journal).truncate(0);
    else await rm(join(directory, JOURNAL), { force: true });
    journalBytes = 0;
    journaled = [];
  };
  // A journal left by a killed run, read once when this store first writes or closes.
  const leftovers = async (): Promise<Array<readonly [string, string]>> => {
    const entries = new Map<string, string>();
    await readEntries(join(directory, JOURNAL), undefined, entries);
    return [...entries];
  };
  // One append of a batch to the journal, which is folded into the shards when it grows.
  const append = async (entries: ReadonlyArray<readonly [string, string]>) => {
    made ??= mkdir(directory, { recursive: true });
    await made;
    if (!journal) {
      journaled = await leftovers();
      journal = openForAppend(join(directory, JOURNAL));
      journalBytes = (await (await journal).stat()).size;
    }
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    await (await journal).write(text);
    journalBytes += Buffer.byteLength(text);
    journaled.push(...entries);
    if (journalBytes > JOURNAL_LIMIT) await fold(journaled);
  };
  return {
    async getMany(keys) {
      await queue;
      const found = new Map<string, string>();
      const wanted = new Set(keys);
      // One shard at a time: each is read whole, and a big memory's shards add up.
      for (const shard of groupBy(keys, shardOf).keys())
        await readEntries(join(directory, `${shard}.jsonl`), wanted, found);
      // The journal is newer than every shard.
      await readEntries(join(directory, JOURNAL), wanted, found);
      return found;
    },
    putMany(entries) {
      if (entries.length === 0) return Promise.resolve();
      return serial(async () => {
        try {
          await append(entries);
        } catch (error) {
          // A full disk is the user's to fix, named as the file that could not grow.
          throw diskWriteError(error, join(directory, JOURNAL)) ?? error;
        }
      });
    },
    close() {
      return serial(async () => {
        const handle = journal;
        // A store that only read moves nothing: a check or status writes nothing, and never
        // folds a journal another run may be appending to; the next run that writes moves it.
        if (!handle) return;
        try {
          await fold(journaled);
        } catch (error) {
          // A full disk: the journal keeps every entry (torn shard lines are skipped when read),
          // so nothing is lost, and the next close moves them.
          if (!diskWriteError(error, directory)) throw error;
          await (await handle).close();
          journal = undefined;
          return;
        }
        journal = undefined;
        await (await handle).close();
        await rm(join(directory, JOURNAL), { force: true });
      });
    },
  };
}

// Opens a file for appending; a torn last line left by a killed run is ended first, so it
// cannot swallow the next entry.
async function openForAppend(path: string): Promise<FileHandle> {
  const handle = await open(path, 'a+');
  const { size } = await handle.stat();
  if (size > 0) {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) await handle.write('\n');
  }
  return handle;
}
