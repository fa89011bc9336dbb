import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ChunkReader } from '../glossary-store.js';
import { StoreClosedError } from '../store-closed-error.js';
import { prepared, type ServiceDatabase } from './sqlite-database.js';

/**
 * Big texts (a dictionary holds up to 10 MB) stored as numbered chunks of a few hundred KB,
 * so that no single SQLite call on the event loop writes or reads all of it. A text is written
 * as a new chunk set, one chunk per transaction with the event loop free in between, and
 * becomes visible only when the row that names the set is committed; a set no row names (a
 * write cut short by a crash, or a replaced text) is swept the same way, a chunk at a time.
 */
export class SqliteChunkStore implements ChunkReader {
  /** Sets being written or read: a sweep leaves them alone. */
  private readonly busy = new Map<string, number>();
  private sweeping: Promise<void> | null = null;
  private dirty = false;
  private closed = false;

  constructor(
    private readonly db: ServiceDatabase,
    /** SQL that lists every chunk set a row names (one column, `chunk_set`). */
    private readonly referencedSql: string,
  ) {}

  private hold(set: string): void {
    this.busy.set(set, (this.busy.get(set) ?? 0) + 1);
  }

  private release(set: string): void {
    const count = (this.busy.get(set) ?? 1) - 1;
    if (count <= 0) this.busy.delete(set);
    else this.busy.set(set, count);
  }

  /**
   * Writes `chunks` as a new set and returns its id, held until {@link settle} is called (a
   * row naming it must be committed by then, or the set is swept).
   */
  async write(chunks: readonly Uint8Array[]): Promise<string> {
    const set = randomUUID();
    this.hold(set);
    try {
      const insert = prepared(
        this.db,
        'INSERT INTO text_chunks (chunk_set, n, data) VALUES (?, ?, ?)',
      );
      for (const [n, chunk] of chunks.entries()) {
        if (this.closed) throw new StoreClosedError('The store is closed');
        insert.run(set, n, chunk);
        await yieldToEventLoop();
      }
      return set;
    } catch (error) {
      this.release(set);
      this.sweepSoon();
      throw error;
    }
  }

  /** Ends the hold {@link write} took; a set no row names is then swept. */
  settle(set: string): void {
    this.release(set);
    this.sweepSoon();
  }

  /**
   * Reads a set chunk by chunk, the event loop free between chunks. The set is held from this
   * call on (not from the first read), so a sweep cannot take it from a reader about to start.
   */
  read(set: string): AsyncGenerator<Buffer> {
    this.hold(set);
    const select = prepared(this.db, 'SELECT data FROM text_chunks WHERE chunk_set = ? AND n = ?');
    const release = () => this.release(set);
    return (async function* chunks() {
      try {
        for (let n = 0; ; n++) {
          const row = select.get(set, n) as { data: Uint8Array } | undefined;
          if (!row) return;
          // SQLite hands a BLOB over as a Uint8Array: a Buffer over the same bytes, no copy.
          yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
          await yieldToEventLoop();
        }
      } finally {
        release();
      }
    })();
  }

  /** Reads a whole set into a list of chunks (each a separate buffer, never one big one). */
  async readAll(set: string): Promise<Buffer[]> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(set)) chunks.push(chunk);
    return chunks;
  }

  /** Deletes the chunks of sets no row names, one chunk per step; one sweep runs at a time. */
  sweepSoon(): void {
    this.dirty = true;
    if (this.sweeping || this.closed) return;
    this.sweeping = (async () => {
      while (this.dirty && !this.closed) {
        this.dirty = false;
        await this.sweep();
      }
    })()
      // A failed sweep leaves chunks that the next one (or the next start) clears away.
      .catch(() => undefined)
      .finally(() => {
        this.sweeping = null;
        if (this.dirty) this.sweepSoon();
      });
  }

  private async sweep(): Promise<void> {
    const orphans = prepared(
      this.db,
      `SELECT DISTINCT chunk_set FROM text_chunks WHERE chunk_set NOT IN (${this.referencedSql})`,
    );
    const remove = prepared(
      this.db,
      'DELETE FROM text_chunks WHERE rowid = (SELECT rowid FROM text_chunks WHERE chunk_set = ? LIMIT 1)',
    );
    await yieldToEventLoop();
    if (this.closed) return;
    const sets = (orphans.all() as Array<{ chunk_set: string }>)
      .map((r) => r.chunk_set)
      .filter((set) => !this.busy.has(set));
    for (const set of sets) {
      while (!this.closed && !this.busy.has(set) && remove.run(set).changes > 0)
        await yieldToEventLoop();
    }
  }

  /** Stops writes and sweeps; resolves once a running sweep has stopped. */
  async close(): Promise<void> {
    this.closed = true;
    await this.sweeping;
  }
}
