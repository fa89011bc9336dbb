import { createClient, QuotaExceededError } from '@transloom/client';
import { pseudoEngine } from '@transloom/server';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { createTranslationMemory, type TranslationStore } from '../memory/translation-memory.js';
import { TEST_KEY, testService } from '../test-support/test-project.js';
import { type FailureReason, type JobGroup, JobQueue } from './job-queue.js';
import { type UnitForm, unitForms } from './unit-forms.js';

const group: JobGroup = {
  key: 'g-de',
  locale: 'de',
  options: { targetLang: 'DE', sourceLang: 'EN', tagHandling: 'xml' },
};
type Result = { segment: string } | { error: string; reason: FailureReason };

function memoryStore() {
  const entries = new Map<string, string>();
  const store: TranslationStore = {
    getMany: async (keys) =>
      new Map(keys.filter((k) => entries.has(k)).map((k) => [k, entries.get(k)!])),
    putMany: async (list) => {
      for (const [k, v] of list) entries.set(k, v);
    },
  };
  return { entries, memory: createTranslationMemory({ store }) };
}

function formsOf(text: string): UnitForm[] {
  return unitForms(
    loadDocument({ path: 'a.json', content: JSON.stringify({ k: text }) }).units[0]!,
    'en',
    'de',
  );
}

function queueWith(texts: string[]): { queue: JobQueue; results: Result[] } {
  const queue = new JobQueue();
  const results: Result[] = [];
  texts.forEach((text, i) => {
    queue.add(group, '', {
      form: formsOf(text)[0]!,
      settle: (r) => {
        results[i] = r;
      },
    });
  });
  return { queue, results };
}

describe('JobQueue', async () => {
  const server = await testService();
  const client = createClient({ apiKey: TEST_KEY, serverUrl: server.url, maxRetries: 0 });
  const send = { client, schedule: pLimit(2) };
  const translateLog = () =>
    server.faults!.requests.splice(0).filter((r) => r.path === '/v2/translate');

  it('sends a text shared by several units once, and stores the checked answer', async () => {
    translateLog();
    const { queue, results } = queueWith(['Hello {{name}}', 'Bye', 'Hello {{name}}']);
    const { entries, memory } = memoryStore();
    await queue.send(memory, send);
    expect(translateLog().map((r) => r.texts)).toEqual([2]);
    expect(results).toEqual([
      { segment: '[Ĥéļļö] <x id="1"/>' },
      { segment: '[Ɓýé]' },
      { segment: '[Ĥéļļö] <x id="1"/>' },
    ]);
    expect(entries.size).toBe(2);
    // A second queue finds both in the memory and sends nothing.
    const again = queueWith(['Hello {{name}}', 'Bye']);
    expect(await again.queue.lookup(memory)).toBe(2);
    expect(again.queue.pending()).toEqual([]);
    expect(translateLog()).toEqual([]);
  });

  it('sends an answer with broken markup again (three attempts in all), and never hands out or stores a broken one', async () => {
    translateLog();
    server.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 1);
    const once = queueWith(['Open <1>the file</1>']);
    const first = memoryStore();
    await once.queue.send(first.memory, send);
    expect(once.results).toEqual([{ segment: '[Öþéñ <g id="1">ţĥé ƒíļé</g> ~]' }]);
    expect(translateLog()).toHaveLength(2);

    server.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 2);
    const twice = queueWith(['Keep <1>it</1>']);
    await twice.queue.send(memoryStore().memory, send);
    expect(twice.results).toEqual([{ segment: '[Ķééþ <g id="1">íţ</g>]' }]);
    expect(translateLog()).toHaveLength(3);

    server.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 3);
    const thrice = queueWith(['Save <1>now</1>']);
    const third = memoryStore();
    await thrice.queue.send(third.memory, send);
    expect(thrice.results).toEqual([
      { error: 'tags differ: expected [1], got [1-mangled]', reason: 'verification' },
    ]);
    expect(translateLog()).toHaveLength(3);
    expect(third.entries.size).toBe(0);
  });

  it('stops at the budget before sending more characters than allowed', async () => {
    translateLog();
    const { queue, results } = queueWith(['One two three', 'Four five six seven', 'Eight']);
    await queue.send(memoryStore().memory, { ...send, maxCharacters: 20 });
    expect(results.map((r) => ('reason' in r ? r.reason : 'ok'))).toEqual(['ok', 'budget', 'ok']);
  });

  it('ends every group at a 456 and leaves the rest for fail()', async () => {
    server.faults!.arm({ kind: '456', path: '/v2/translate' }, 1);
    const { queue, results } = queueWith(['Alpha', 'Beta']);
    await expect(queue.send(memoryStore().memory, send)).rejects.toBeInstanceOf(QuotaExceededError);
    queue.fail('quota', 'not sent: the quota is reached (456)');
    expect(results.map((r) => ('reason' in r ? r.reason : 'ok'))).toEqual(['quota', 'quota']);
  });

  it('sends a plural form whose answer lost its number again with its placeholder', async () => {
    // An engine that spells 1 as a word, as a real one may.
    const words = await testService({
      engine: {
        ...pseudoEngine,
        name: 'words',
        translate: (input) => input.texts.map((t) => t.replace(/^1 /, 'one ')),
      },
    });
    const queue = new JobQueue();
    const forms = unitForms(
      loadDocument({
        path: 'a.json',
        content: JSON.stringify({ f_one: '{{count}} file', f_other: '{{count}} files' }),
      }).units[0]!,
      'en',
      'de',
    );
    const results: Result[] = [];
    forms.forEach((form, i) => {
      queue.add(group, '', {
        form,
        settle: (r) => {
          results[i] = r;
        },
      });
    });
    await queue.send(memoryStore().memory, {
      client: createClient({ apiKey: TEST_KEY, serverUrl: words.url }),
      schedule: pLimit(1),
    });
    expect(results).toEqual([{ segment: '<x id="1"/> file' }, { segment: '<x id="1"/> files' }]);
  });
});
