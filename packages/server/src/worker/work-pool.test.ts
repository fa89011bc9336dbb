import { MAX_DICTIONARY_BYTES } from '@transloom/client/wire';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { WorkPool } from './work-pool.js';
import { movable } from './work-tasks.js';

// A glossary body with a full dictionary: parsing and checking it takes a worker seconds.
function fullGlossaryBody(): Uint8Array {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; ; i++) {
    const line = `term${i}\tBegriff${i}`;
    if (bytes + line.length + 1 > MAX_DICTIONARY_BYTES) break;
    bytes += line.length + 1;
    lines.push(line);
  }
  return new TextEncoder().encode(
    JSON.stringify({
      name: 'full',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: lines.join('\n') }],
    }),
  );
}

describe('WorkPool', () => {
  it('stops only the task that overran: the one queued behind it runs in a new worker', async () => {
    const pool = new WorkPool({ size: 1, taskTimeoutMs: 300 });
    try {
      const raw = fullGlossaryBody();
      const slow = pool.run(
        'prepareGlossary',
        { body: { raw, type: 'json' }, shape: 'create' },
        { transfer: movable([raw]) },
      );
      const slowSettled = slow.then(
        () => null,
        (error: unknown) => error,
      );
      // Queued behind the slow task on the one worker, each a few milliseconds of work: one
      // sent on ahead to the worker (it moves no buffers), one that moves its body's buffer.
      const quick = pool.run('prepareGlossary', {
        body: {
          json: {
            name: 'small',
            dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'a\tb' }],
          },
        },
        shape: 'create',
      });
      const small = new TextEncoder().encode(
        JSON.stringify({
          name: 'moved',
          dictionaries: [{ source_lang: 'en', target_lang: 'it', entries: 'a\tb\nc\td' }],
        }),
      );
      const moved = pool.run(
        'prepareGlossary',
        { body: { raw: small, type: 'json' }, shape: 'create' },
        { transfer: movable([small]) },
      );
      const error = await slowSettled;
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(503);
      expect((error as HttpError).message).toContain('more than 0.3 s of work');
      const prepared = await quick;
      expect(prepared.name).toBe('small');
      expect(prepared.dictionaries[0]).toMatchObject({
        sourceLang: 'en',
        targetLang: 'fr',
        entryCount: 1,
      });
      expect((await moved).dictionaries[0]).toMatchObject({ targetLang: 'it', entryCount: 2 });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('runs the tasks of a worker one after the other, an asynchronous one too', async () => {
    const pool = new WorkPool({ size: 1 });
    try {
      // Detection loads its tables asynchronously the first time; the task behind it waits.
      const detected = pool.run('detect', { texts: ['Der schnelle braune Fuchs springt'] });
      const prepared = pool.run('prepareGlossary', {
        body: {
          json: {
            name: 'after',
            dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }],
          },
        },
        shape: 'create',
      });
      expect(await detected).toEqual(['DE']);
      expect((await prepared).name).toBe('after');
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('answers tasks still queued when it closes with a 503', async () => {
    const pool = new WorkPool({ size: 1 });
    const tasks = Array.from({ length: 3 }, (_, i) =>
      pool.run('prepareGlossary', {
        body: {
          json: {
            name: `g${i}`,
            dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }],
          },
        },
        shape: 'create',
      }),
    );
    const settled = Promise.allSettled(tasks);
    await pool.close();
    for (const result of await settled)
      expect(result).toMatchObject({ status: 'rejected', reason: { status: 503 } });
    await expect(pool.run('detect', { texts: ['hello'] })).rejects.toMatchObject({ status: 503 });
  });
});
