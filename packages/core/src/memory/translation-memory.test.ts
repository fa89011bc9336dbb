import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileTranslationStore } from './file-translation-store.js';
import {
  createTranslationMemory,
  noTranslationStore,
  type TranslationStore,
} from './translation-memory.js';

describe('the translation memory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'transloom-tm-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps entries in 16 append-only shards across store instances', async () => {
    const path = join(dir, 'a');
    const store = createFileTranslationStore(path);
    await store.putMany([
      ['0abc', 'null'],
      ['f123', 'fünf'],
      ['0def', '<x id="1"/> Dateien'],
    ]);
    await store.putMany([['0abc', 'zero']]);
    await store.close!();
    expect((await readdir(path)).sort()).toEqual(['0.jsonl', 'f.jsonl']);
    const again = createFileTranslationStore(path);
    const found = await again.getMany(['0abc', '0def', 'f123', 'a000']);
    // A key written twice keeps its newest value.
    expect(found).toEqual(
      new Map([
        ['0abc', 'zero'],
        ['0def', '<x id="1"/> Dateien'],
        ['f123', 'fünf'],
      ]),
    );
  });

  it('skips a torn last line and starts the next entry on a new line', async () => {
    const path = join(dir, 'b');
    const store = createFileTranslationStore(path);
    await store.putMany([['1aaa', 'eins']]);
    await store.close!();
    // A run killed in mid-append leaves half a line.
    await appendFile(join(path, '1.jsonl'), '["1bbb","zw');
    const next = createFileTranslationStore(path);
    await next.putMany([['1ccc', 'drei']]);
    await next.close!();
    expect(await readFile(join(path, '1.jsonl'), 'utf8')).toBe(
      '["1aaa","eins"]\n["1bbb","zw\n["1ccc","drei"]\n',
    );
    expect(await createFileTranslationStore(path).getMany(['1aaa', '1bbb', '1ccc'])).toEqual(
      new Map([
        ['1aaa', 'eins'],
        ['1ccc', 'drei'],
      ]),
    );
  });

  it('appends each batch to one journal in one write, and moves it into the shards when closed', async () => {
    const path = join(dir, 'c');
    const store = createFileTranslationStore(path);
    // Keys of four shards in one batch: still one line group in one file.
    await store.putMany([
      ['0a', 'null'],
      ['5b', 'fünf'],
      ['ac', 'zehn'],
      ['fd', 'fünfzehn'],
    ]);
    await store.putMany([['0e', 'noch null']]);
    expect(await readdir(path)).toEqual(['journal.jsonl']);
    // Read before it is moved (a run killed now keeps everything).
    expect(await createFileTranslationStore(path).getMany(['5b', '0e'])).toEqual(
      new Map([
        ['5b', 'fünf'],
        ['0e', 'noch null'],
      ]),
    );
    await store.close!();
    expect((await readdir(path)).sort()).toEqual(['0.jsonl', '5.jsonl', 'a.jsonl', 'f.jsonl']);
    expect(await readFile(join(path, '0.jsonl'), 'utf8')).toBe(
      '["0a","null"]\n["0e","noch null"]\n',
    );
  });

  it('moves the journal into the shards once it passes 1 MiB, so lookups stay small', async () => {
    const path = join(dir, 'e');
    const store = createFileTranslationStore(path);
    const text = 'x'.repeat(1000);
    for (let batch = 0; batch < 30; batch++)
      await store.putMany(
        Array.from(
          { length: 50 },
          (_, i) => [`${(batch * 50 + i).toString(16).padStart(6, '0')}`, text] as const,
        ),
      );
    const files = await readdir(path);
    expect(files).toContain('0.jsonl');
    const { size } = await import('node:fs/promises').then((fs) =>
      fs.stat(join(path, 'journal.jsonl')),
    );
    expect(size).toBeLessThan(1 << 20);
    expect((await createFileTranslationStore(path).getMany(['000000', '0005db'])).size).toBe(2);
    await store.close!();
  });

  it('reads a journal a killed run left, newer than the shards, and the next store that writes moves it', async () => {
    const path = join(dir, 'd');
    const first = createFileTranslationStore(path);
    await first.putMany([['7a', 'alt']]);
    await first.close!();
    await appendFile(join(path, 'journal.jsonl'), '["7a","neu"]\n["7b","zw');
    const next = createFileTranslationStore(path);
    expect(await next.getMany(['7a', '7b'])).toEqual(new Map([['7a', 'neu']]));
    // A store that only read (a check, a status) writes nothing, and leaves the journal.
    await next.close!();
    expect((await readdir(path)).sort()).toEqual(['7.jsonl', 'journal.jsonl']);
    const writer = createFileTranslationStore(path);
    await writer.putMany([['7c', 'drei']]);
    await writer.close!();
    expect(await readdir(path)).toEqual(['7.jsonl']);
    expect(await createFileTranslationStore(path).getMany(['7a'])).toEqual(
      new Map([['7a', 'neu']]),
    );
  });

  it('answers repeated lookups from memory, asking the store only for what it has not seen', async () => {
    const asked: string[][] = [];
    const store: TranslationStore = {
      async getMany(keys) {
        asked.push([...keys]);
        return new Map(keys.filter((k) => k.startsWith('a')).map((k) => [k, `t-${k}`]));
      },
      async putMany() {},
    };
    const memory = createTranslationMemory({ store, maxEntries: 10 });
    expect(await memory.getMany(['a1', 'b1'])).toEqual(new Map([['a1', 't-a1']]));
    await memory.putMany([['c1', 'stored']]);
    expect(await memory.getMany(['a1', 'b1', 'c1'])).toEqual(
      new Map([
        ['a1', 't-a1'],
        ['c1', 'stored'],
      ]),
    );
    expect(asked).toEqual([['a1', 'b1'], ['b1']]);
  });

  it('keeps at most maxCharacters of keys and texts in memory', async () => {
    const asked: string[] = [];
    const store: TranslationStore = {
      async getMany(keys) {
        asked.push(...keys);
        return new Map(keys.map((k) => [k, `t-${k}`]));
      },
      async putMany() {},
    };
    const memory = createTranslationMemory({ store, maxCharacters: 20 });
    await memory.putMany([
      ['k1', 'aaaaaaaa'],
      ['k2', 'bbbbbbbb'],
      ['k3', 'cccccccc'],
    ]);
    await memory.getMany(['k1', 'k3']);
    // k1 was pushed out by k3 (each entry is 10 characters); k3 is still held.
    expect(asked).toEqual(['k1']);
  });

  it('keeps nothing when turned off', async () => {
    const memory = createTranslationMemory({ store: noTranslationStore });
    await memory.putMany([['a', 'b']]);
    expect(await noTranslationStore.getMany(['a'])).toEqual(new Map());
  });
});
