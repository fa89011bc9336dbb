import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite-connection.js';
import { openDatabase } from './sqlite-database.js';
import { availableSqliteDrivers, loadSqliteDriver } from './sqlite-driver.js';

const tempDb = async () => join(await mkdtemp(join(tmpdir(), 'transloom-sqlite-')), 'x.db');

describe('SQLite driver', () => {
  it("is Node's own node:sqlite where this Node has it, else the port with its prebuilt binary", () => {
    const drivers = availableSqliteDrivers();
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const builtin = major > 23 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13);
    expect(loadSqliteDriver().name).toBe(builtin ? 'node:sqlite' : '@photostructure/sqlite');
    // Node 20 has only the port (installed as an optional dependency, nothing compiled).
    if (!builtin) expect(drivers).toEqual(['@photostructure/sqlite']);
  });
});

describe.each(availableSqliteDrivers())('SQLite connection through %s', (driver) => {
  it('commits a transaction, rolls back one that throws, and a nested one to its savepoint', () => {
    const db = openSqlite(':memory:', { driver });
    expect(db.driver).toBe(driver);
    db.exec('CREATE TABLE t (v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const values = () =>
      (db.prepare('SELECT v FROM t ORDER BY rowid').all() as { v: string }[]).map((r) => r.v);

    expect(db.transaction((v: string) => insert.run(v).changes)('a')).toBe(1);
    expect(() =>
      db.transaction(() => {
        insert.run('b');
        throw new Error('stop');
      })(),
    ).toThrow('stop');
    db.transaction(() => {
      insert.run('c');
      expect(() =>
        db.transaction(() => {
          insert.run('d');
          throw new Error('inner');
        })(),
      ).toThrow('inner');
      db.transaction(() => insert.run('e'))();
    })();
    expect(values()).toEqual(['a', 'c', 'e']);
    // An async function would let other work into the transaction: refused and undone.
    expect(() =>
      db.transaction(async () => {
        insert.run('f');
      })(),
    ).toThrow(/must not be async/);
    expect(values()).toEqual(['a', 'c', 'e']);
    db.close();
    db.close();
    expect(db.isOpen).toBe(false);
  });

  it('reads pragmas, BLOBs as bytes, no row as undefined', () => {
    const db = openSqlite(':memory:', { driver });
    db.exec('PRAGMA user_version = 7; CREATE TABLE b (data BLOB)');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('user_version')).toEqual([{ user_version: 7 }]);
    const bytes = new TextEncoder().encode('Grüße\tgreetings');
    db.prepare('INSERT INTO b (data) VALUES (?)').run(bytes);
    const row = db.prepare('SELECT data FROM b').get() as { data: Uint8Array };
    expect(new Uint8Array(row.data)).toEqual(bytes);
    expect(db.prepare('SELECT data FROM b WHERE rowid = 99').get()).toBeUndefined();
    db.close();
  });

  it('opens a file another connection writes, read-only when asked', async () => {
    const path = await tempDb();
    const writer = openDatabase(path);
    writer.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run();
    const reader = openSqlite(path, { readOnly: true, driver });
    expect(reader.prepare('SELECT value FROM meta').get()).toEqual({ value: 'v' });
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(() => reader.exec("INSERT INTO meta (key, value) VALUES ('x', 'y')")).toThrow(
      /readonly/,
    );
    reader.close();
    writer.close();
  });
});
