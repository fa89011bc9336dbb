import { readdirSync, readFileSync } from 'node:fs';
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

// The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19).
function threadNiceness(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(tid, Number(fields[16]));
    } catch {}
  }
  return out;
}

describe('WorkPool', () => {
  it.runIf(process.platform === 'linux')(
    "runs its workers' threads at a lower priority than the event loop's",
    async () => {
      const before = threadNiceness();
      const pool = new WorkPool({ size: 2 });
      try {
        await Promise.all([
          pool.run('detect', { texts: ['Der schnelle braune Fuchs springt'] }),
          pool.run('detect', { texts: ['The quick brown fox jumps'] }),
        ]);
        const own = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16];
        const added = [...threadNiceness()].filter(([tid]) => !before.has(tid));
        const lowered = added.filter(([, nice]) => nice > Number(own));
        // Each worker lowers its own JavaScript thread (not the threads V8 starts for it).
        expect(lowered.length).toBeGreaterThanOrEqual(2);
      } finally {
        await pool.close();
      }
    },
  );

  it('stops only the task that overran: the one queued behind it runs in a new worker', async () => {
    const pool = new WorkPool({ size: 1, taskTimeoutMs: 300 });
    try {
      const raw = fullGlossaryBody();
      const slow = pool.run(
        'prepareGlossary',
        { body: { raw: [raw], type: 'json' }, shape: 'create' },
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
        { body: { raw: [small], type: 'json' }, shape: 'create' },
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
