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
      // Queued behind the slow task on the one worker; its own work takes a few milliseconds.
      const quick = pool.run('prepareGlossary', {
        body: {
          json: {
            name: 'small',
            dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'a\tb' }],
          },
        },
        shape: 'create',
      });
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
    } finally {
      await pool.close();
    }
  }, 60_000);

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
