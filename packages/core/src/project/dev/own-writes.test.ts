import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createOwnWrites } from './own-writes.js';

const dir = await mkdtemp(join(tmpdir(), 'transloom-own-writes-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it("knows the session's own write by its bytes, and a person's later edit as theirs", async () => {
  const file = join(dir, 'de.json');
  const own = createOwnWrites();
  await writeFile(file, '{ "a": "Hallo" }\n');
  own.record(file);
  await own.settled();
  // A watcher may report one write more than once.
  expect(await own.isOurs(file)).toBe(true);
  expect(await own.isOurs(file)).toBe(true);
  await writeFile(file, '{ "a": "Servus" }\n');
  expect(await own.isOurs(file)).toBe(false);
  // The record is gone: the session's old text saved again by a person is theirs too.
  await writeFile(file, '{ "a": "Hallo" }\n');
  expect(await own.isOurs(file)).toBe(false);
  expect(await own.isOurs(join(dir, 'never-written.json'))).toBe(false);
});

it('reads what was written at once, so a later change is not taken for the write', async () => {
  const file = join(dir, 'fr.json');
  const own = createOwnWrites();
  await writeFile(file, 'one');
  own.record(file);
  await own.settled();
  await writeFile(file, 'two');
  expect(await own.isOurs(file)).toBe(false);
});

it("takes the engine's hash of what it wrote, so an edit made before any read is still a person's", async () => {
  const file = join(dir, 'ja.json');
  const own = createOwnWrites();
  await writeFile(file, 'written');
  const hash = createHash('sha256').update('written').digest('hex').slice(0, 16);
  // A person saves before the session looked at the file: the record is the engine's hash.
  await writeFile(file, 'edited');
  own.record(file, hash);
  expect(await own.isOurs(file)).toBe(false);
  await writeFile(file, 'written');
  own.record(file, hash);
  expect(await own.isOurs(file)).toBe(true);
});
