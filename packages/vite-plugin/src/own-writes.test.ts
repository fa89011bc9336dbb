import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createOwnWrites } from './own-writes.js';

const dir = await mkdtemp(join(tmpdir(), 'transloom-own-writes-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it("knows the plugin's own write by its bytes, and a person's later edit as theirs", async () => {
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
  // The record is gone: the plugin's old text saved again by a person is theirs too.
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
