import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';
import { EngineLoadError, loadEngine } from './load-engine.js';

const dir = await mkdtemp(join(tmpdir(), 'transloom-engine-'));
const modulePath = join(dir, 'reverse-engine.mjs');
await writeFile(
  modulePath,
  `export function createEngine() {
     return {
       name: 'reverse',
       translate: (input) => input.texts.map((t) => [...t].reverse().join('') + ' @' + input.targetLang + (input.context ? ' ctx' : '')),
     };
   }`,
);

describe('engines', () => {
  it('serves translations from a user module given by path', async () => {
    const t = await startTestServer({ engine: modulePath });
    const res = await t.call('POST', '/v2/translate', {
      json: { text: ['abc', 'hello'], target_lang: 'FR', source_lang: 'EN', context: 'menu' },
    });
    expect(res.body.translations.map((x: { text: string }) => x.text)).toEqual([
      'cba @FR ctx',
      'olleh @FR ctx',
    ]);
    // Without rephrase(), text improvement returns the texts unchanged.
    const improved = await t.call('POST', '/v2/write/rephrase', {
      json: { text: ['Keep me as I am.'], target_lang: 'en-US' },
    });
    expect(improved.body.improvements[0].text).toBe('Keep me as I am.');
  });

  it('returns texts unchanged with the identity engine', async () => {
    const t = await startTestServer({ engine: 'identity' });
    const text = 'Hello <b>{{name}}</b>';
    const res = await t.call('POST', '/v2/translate', {
      json: { text: [text], target_lang: 'DE', tag_handling: 'xml' },
    });
    expect(res.body.translations[0].text).toBe(text);
  });

  it('refuses modules that are missing or are not engines', async () => {
    await expect(loadEngine(join(dir, 'missing.mjs'))).rejects.toBeInstanceOf(EngineLoadError);
    const notEngine = join(dir, 'not-engine.mjs');
    await writeFile(notEngine, 'export default { name: "x" };');
    await expect(loadEngine(notEngine)).rejects.toThrow(/translate\(\)/);
  });

  it('answers 500 without details when an engine throws, and keeps serving', async () => {
    const errors: unknown[] = [];
    const t = await startTestServer({
      engine: {
        name: 'broken',
        translate: () => {
          throw new Error('model offline');
        },
      },
      onInternalError: (e) => errors.push(e),
    });
    const before = (await t.call('GET', '/v2/usage')).body.character_count;
    const res = await t.call('POST', '/v2/translate', { json: { text: ['x'], target_lang: 'DE' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expect(errors).toHaveLength(1);
    // A failed request is not billed.
    expect((await t.call('GET', '/v2/usage')).body.character_count).toBe(before);
  });
});
