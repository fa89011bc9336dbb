import { randomUUID } from 'node:crypto';
import type { ChunkReader } from '../glossary-store.js';
import { StoreClosedError } from '../store-closed-error.js';
import type { PgSession, PostgresDatabase } from './postgres-database.js';

/** How long a replaced set stays readable: a reader that started before the change finishes. */
const RETIRED_GRACE_MS = 10 * 60 * 1000;
/** A set no row ever named (a write cut short by a crash) is swept after this long. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** How often a replica sweeps. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Big texts as numbered chunks in PostgreSQL, written one statement per chunk (no call moves
 * a whole dictionary) and named by a row only once complete. Several replicas read and write
 * them, so no replica knows what another is reading: a set replaced or deleted is marked
 * retired and swept after a grace period, and a set no row names after an hour.
 */
export class PostgresChunkStore implements ChunkReader {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly db: PostgresDatabase) {
    this.timer = setInterval(() => this.sweepSoon(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Writes `chunks` as a new set (named by no row yet) and returns its id. */
  async write(chunks: readonly Uint8Array[]): Promise<string> {
    const set = randomUUID();
    await this.db.run('INSERT INTO chunk_sets (chunk_set, created_at) VALUES ($1, $2)', [
      set,
      Date.now(),
    ]);
    for (const [n, chunk] of chunks.entries()) {
      if (this.closed) throw new StoreClosedError('The store is closed');
      await this.db.run('INSERT INTO text_chunks (chunk_set, n, data) VALUES ($1, $2, $3)', [
        set,
        n,
        Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
      ]);
    }
    return set;
  }

  /** Marks sets no longer named by any row (in the transaction that stopped naming them). */
  async retire(tx: PgSession, sets: readonly string[]): Promise<void> {
    for (const set of sets)
      await tx.run('UPDATE chunk_sets SET retired_at = $2 WHERE chunk_set = $1', [set, Date.now()]);
  }

  read(set: string): AsyncGenerator<Buffer> {
    const db = this.db;
    return (async function* chunks() {
      for (let n = 0; ; n++) {
        const row = await db.row<{ data: Buffer }>(
          'SELECT data FROM text_chunks WHERE chunk_set = $1 AND n = $2',
          [set, n],
        );
        if (!row) return;
        yield row.data;
      }
    })();
  }

  async readAll(set: string): Promise<Buffer[]> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(set)) chunks.push(chunk);
    return chunks;
  }

  /** Starts a sweep after the running one. */
  sweepSoon(): void {
    if (this.closed) return;
    this.sweeping = this.sweeping.then(() => this.sweep()).catch(() => undefined);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    const sets = await this.db.rows<{ chunk_set: string }>(
      `SELECT chunk_set FROM chunk_sets
         WHERE (retired_at IS NOT NULL AND retired_at < $1)
            OR (retired_at IS NULL AND created_at < $2
                AND chunk_set NOT IN (SELECT chunk_set FROM glossary_dictionaries))`,
      [now - RETIRED_GRACE_MS, now - ORPHAN_AGE_MS],
    );
    for (const { chunk_set } of sets) {
      if (this.closed) return;
      await this.db.transaction(async (tx) => {
        await tx.run('DELETE FROM text_chunks WHERE chunk_set = $1', [chunk_set]);
        await tx.run('DELETE FROM chunk_sets WHERE chunk_set = $1', [chunk_set]);
      });
    }
  }

  /** Stops sweeping; resolves once a running sweep has stopped. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }
}
