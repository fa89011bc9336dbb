import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { chunkLines, chunkText } from '../chunk-text.js';
import { dictionaryVersion } from '../hashing.js';
import { openSqlite, type SqliteConnection } from './sqlite-connection.js';
import { openDatabase, SCHEMA_MIGRATIONS } from './sqlite-database.js';
import { SqliteGlossaryStore as GlossaryStore } from './sqlite-glossary-store.js';

const decoder = new TextDecoder();
const text = (chunks: readonly Uint8Array[]) => chunks.map((c) => decoder.decode(c)).join('\n');
const chunkRows = (db: SqliteConnection) =>
  (db.prepare('SELECT COUNT(*) AS n FROM text_chunks').get() as { n: number }).n;

async function until(condition: () => boolean): Promise<void> {
  const since = performance.now();
  while (!condition() && performance.now() - since < 10_000) await sleep(10);
}

describe('dictionary text in chunks', () => {
  it('splits text into chunks of whole lines that join back to it', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Wort ${i}\tmot ${'é'.repeat(i % 7)}`);
    const chunks = chunkLines(lines, 4096);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((c) => c.byteLength <= 4096)).toBe(true);
    expect(text(chunks)).toBe(lines.join('\n'));
    // A line longer than the limit is a chunk of its own, never cut.
    const long = 'x'.repeat(10_000);
    expect(chunkLines(['a', long, 'b'], 4096).map((c) => c.byteLength)).toEqual([1, 10_000, 1]);
    expect(chunkText('')).toEqual([]);
  });

  it('keeps a chunk set no row names only while it is held, then sweeps it', async () => {
    const db = openDatabase(':memory:');
    const store = new GlossaryStore(db);
    const set = await store.chunks.write(chunkText('a\tb\nc\td'));
    const reading = store.chunks.read(set);
    store.chunks.settle(set);
    await sleep(50);
    // Still held by the reader that was handed it.
    expect(text(await readAll(reading))).toBe('a\tb\nc\td');
    store.chunks.sweepSoon();
    await until(() => chunkRows(db) === 0);
    expect(chunkRows(db)).toBe(0);
    await store.close();
    db.close();
  });

  it('sweeps the chunks of a replaced or deleted dictionary, never those in use', async () => {
    const db = openDatabase(':memory:');
    const store = new GlossaryStore(db);
    const dictionary = (tsv: string) => ({
      sourceLang: 'en',
      targetLang: 'de',
      chunks: chunkText(tsv, 8),
      entryCount: tsv.split('\n').length,
      version: dictionaryVersion(tsv),
    });
    await store.create('g', 'G', [dictionary('one\teins\ntwo\tzwei')], new Date());
    await store.update('g', { dictionary: dictionary('three\tdrei') });
    const stored = (await store.dictionaryText('g', 'en', 'de'))!;
    await until(() => chunkRows(db) === 1);
    expect(text(await store.chunks.readAll(stored.chunkSet))).toBe('three\tdrei');
    expect(await store.delete('g')).toBe(true);
    await until(() => chunkRows(db) === 0);
    expect(chunkRows(db)).toBe(0);
    await store.close();
    db.close();
  });

  it('moves the dictionaries of an older database into chunks when it opens', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'transloom-chunks-')), 'service.db');
    const tsv = Array.from({ length: 40_000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    const old = openSqlite(path);
    // The database as it was before the step that moves dictionaries into chunks.
    const before = SCHEMA_MIGRATIONS.findIndex(
      (step) => typeof step === 'function' && step.name === 'storeDictionaryChunks',
    );
    for (const step of SCHEMA_MIGRATIONS.slice(0, before)) {
      if (typeof step === 'string') old.exec(step);
      else step(old);
    }
    old.pragma(`user_version = ${before}`);
    old
      .prepare(
        "INSERT INTO glossaries (glossary_id, name, creation_time, seq) VALUES ('g', 'G', '2026-01-01T00:00:00.000Z', 1)",
      )
      .run();
    old
      .prepare(
        `INSERT INTO glossary_dictionaries (glossary_id, source_lang, target_lang, seq, entries, entry_count, version)
         VALUES ('g', 'en', 'de', 1, ?, 40000, ?)`,
      )
      .run(tsv, dictionaryVersion(tsv));
    old.close();

    const db = openDatabase(path);
    const store = new GlossaryStore(db);
    const stored = (await store.dictionaryText('g', 'en', 'de'))!;
    const chunks = await store.chunks.readAll(stored.chunkSet);
    expect(chunks.length).toBeGreaterThan(1);
    expect(text(chunks)).toBe(tsv);
    expect(stored).toMatchObject({ entryCount: 40_000, version: dictionaryVersion(tsv) });
    expect(db.prepare('SELECT entries FROM glossary_dictionaries').get()).toEqual({ entries: '' });
    await store.close();
    db.close();
  });
});

async function readAll(chunks: AsyncGenerator<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}
