import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoEngine } from '@transloom/server';
import { describe, expect, it } from 'vitest';
import { requestsTo, testProject, testService } from '../test-support/test-project.js';

const CATALOGS = { source: 'locales/{locale}/*.json' };
const DOCS = { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' };
const config = (extra: Record<string, unknown> = {}, files: object[] = [CATALOGS]) =>
  JSON.stringify({ sourceLocale: 'en', targetLocales: ['de', 'ja'], files, ...extra });
const CATALOG = JSON.stringify(
  {
    hello: 'Hello {{name}}',
    bye: 'Goodbye',
    files_one: '{{count}} file',
    files_other: '{{count}} files',
  },
  null,
  2,
);
const DOC = '# Welcome\n\nFirst paragraph.\n\nSecond paragraph with `code`.\n';

describe('translateProject', async () => {
  const server = await testService();
  const translated = () =>
    server
      .faults!.requests.splice(0)
      .filter((r) => r.path === '/v2/translate')
      .reduce((n, r) => n + (r.texts ?? 0), 0);

  it('sends a plural form whose answer lost its number again with its placeholder, through the whole run', async () => {
    // An engine that spells 1 as a word, as a real one may.
    const words = await testService({
      engine: {
        ...pseudoEngine,
        name: 'words',
        translate: (input) => input.texts.map((t) => t.replace(/^1 /, 'eine ')),
      },
    });
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
      'locales/en/common.json': JSON.stringify({
        f_one: '{{count}} file',
        f_other: '{{count}} files',
      }),
    });
    const run = await project.run(words);
    expect(run.failures).toEqual([]);
    expect(JSON.parse(await project.read('locales/de/common.json'))).toEqual({
      f_one: '{{count}} file',
      f_other: '{{count}} files',
    });
  });

  it('starts another locale while an earlier one only waits out a refusal, so the waits overlap', async () => {
    // An engine that takes 150 ms per request, 600 ms for the one with the last entry, and says
    // when each ran.
    const spans: Array<{ lang: string; start: number; end: number }> = [];
    const slow = await testService({
      engine: {
        ...pseudoEngine,
        name: 'slow',
        async translate(input) {
          const start = performance.now();
          const last = input.texts.some((t) => t.includes('Entry number 549'));
          await new Promise((resolve) => setTimeout(resolve, last ? 600 : 150));
          const out = await pseudoEngine.translate(input);
          spans.push({ lang: input.targetLang.toUpperCase(), start, end: performance.now() });
          return out;
        },
      },
    });
    // Eleven requests per locale; the first one of the run is refused with Retry-After: 3.
    const keys = Object.fromEntries(
      Array.from({ length: 550 }, (_, i) => [`k${i}`, `Entry number ${i}`]),
    );
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de', 'fr', 'ja'],
        files: [CATALOGS],
      }),
      'locales/en/common.json': JSON.stringify(keys),
    });
    slow.faults!.arm({ kind: '429', path: '/v2/translate', retryAfter: 3 }, 1);
    const run = await project.run(slow);
    expect(run.failures).toEqual([]);
    expect(spans).toHaveLength(3 * 11);
    const of = (lang: string) => spans.filter((s) => s.lang === lang);
    const firstJapanese = Math.min(...of('JA').map((s) => s.start));
    // German's refused request waits alone while French is at work: Japanese starts in French's
    // tail, before French's last answer and before German's request is sent again. With two
    // locales held at once, Japanese would wait for French to end.
    expect(firstJapanese).toBeLessThan(Math.max(...of('FR').map((s) => s.end)));
    expect(firstJapanese).toBeLessThan(Math.max(...of('DE').map((s) => s.start)));
  });

  it('writes each target as soon as its last unit is settled, while a request of its locale waits', async () => {
    const catalog = (word: string) =>
      JSON.stringify(
        Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, `${word} ${i}`])),
      );
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [CATALOGS],
      }),
      // One request each.
      'locales/en/a.json': catalog('Alpha'),
      'locales/en/b.json': catalog('Beta'),
    });
    // Whichever request comes first is refused and sent again two seconds later.
    server.faults!.arm({ kind: '429', path: '/v2/translate', retryAfter: 2 }, 1);
    const written: number[] = [];
    const run = await project.run(server, {
      onEvent: (event) => {
        if (event.type === 'written') written.push(performance.now());
      },
    });
    expect(run.failures).toEqual([]);
    expect(run.files.written).toHaveLength(2);
    // The other file did not wait for the refused request.
    expect(written[1]! - written[0]!).toBeGreaterThan(1500);
  });

  it('sends nothing on a second run and reads no file it need not parse', async () => {
    const project = await testProject({
      'transloom.config.json': config({}, [CATALOGS, DOCS]),
      'locales/en/common.json': CATALOG,
      'docs/intro.md': DOC,
    });
    await project.run(server);
    server.faults!.requests.length = 0;
    const second = await project.run(server);
    expect(requestsTo(server)).toBe(0);
    expect(second.files).toMatchObject({ total: 2, upToDate: 2, written: [] });
    // Counted from the lock: three catalog units and three Markdown blocks.
    expect(second.locales.de!.unchanged).toBe(6);
  });

  it('finds each translation again when a paragraph is inserted above it', async () => {
    const project = await testProject({
      'transloom.config.json': config({}, [DOCS]),
      'docs/intro.md': DOC,
    });
    await project.run(server);
    const before = await project.read('i18n/de/intro.md');
    translated();
    await project.write(
      'docs/intro.md',
      DOC.replace('# Welcome\n\n', '# Welcome\n\nA new first paragraph.\n\n'),
    );
    const run = await project.run(server);
    expect(translated()).toBe(2); // the new paragraph, once per locale
    expect(run.locales.de).toMatchObject({ translated: 1, unchanged: 3, kept: 0 });
    const after = await project.read('i18n/de/intro.md');
    for (const line of before.split('\n').filter((l) => l.startsWith('[')))
      expect(after).toContain(line);
  });

  it("recognises its own text when a run stopped before writing the lock, instead of taking it for a person's", async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    await rm(join(project.root, 'transloom.lock'));
    translated();
    const run = await project.run(server);
    expect(translated()).toBe(0);
    expect(run.locales.de).toMatchObject({ kept: 0, unchanged: 3 });
    expect(await project.read('transloom.lock')).not.toContain(':h');
  });

  it('adopts translations a project already had as a person’s and sends only what is missing', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
      // `bye` left as the source, beside a translated key: a person's choice, kept too.
      'locales/de/common.json': JSON.stringify(
        { hello: 'Hallo {{name}}', bye: 'Goodbye' },
        null,
        2,
      ),
    });
    translated();
    // No record of Transloom's is here yet: what the target holds is of unknown origin, kept.
    const first = await project.run(server);
    expect(first.locales.de).toMatchObject({ kept: 0, unknown: 2, translated: 1 });
    expect(first.unknown.map((u) => u.unit).sort()).toEqual(['bye', 'hello']);
    // A person says they are theirs (`transloom adopt --accept`): kept as a person's from then on.
    const adopted = await project.run(server, { adopt: () => true });
    expect(adopted.locales.de).toMatchObject({ kept: 2, unknown: 0, translated: 0 });
    const after = await project.run(server, { force: true });
    expect(after.locales.de).toMatchObject({ kept: 2, unknown: 0 });
    expect(JSON.parse(await project.read('locales/de/common.json'))).toMatchObject({
      hello: 'Hallo {{name}}',
      bye: 'Goodbye',
    });
  });

  it("moves a person's text with its key when they correct their own text again and rename the key in one change", async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': JSON.stringify({ nine: 'Text nine', ten: 'Text ten' }, null, 2),
    });
    await project.run(server);
    const german = JSON.parse(await project.read('locales/de/common.json'));
    await project.write(
      'locales/de/common.json',
      JSON.stringify({ ...german, nine: 'Von Hand 0' }, null, 2),
    );
    expect((await project.run(server)).locales.de!.kept).toBe(1);
    // Their text corrected again, and the key renamed in the source, before any run.
    await project.write(
      'locales/de/common.json',
      JSON.stringify({ ...german, nine: 'Von Hand 2' }, null, 2),
    );
    await project.write(
      'locales/en/common.json',
      JSON.stringify({ renamed: 'Text nine', ten: 'Text ten' }, null, 2),
    );
    const moved = await project.run(server);
    expect(moved.locales.de).toMatchObject({ kept: 1, translated: 0, reused: 0 });
    expect(JSON.parse(await project.read('locales/de/common.json')).renamed).toBe('Von Hand 2');
  });

  it('keeps a text the committed lock found of unknown origin so when the lock is deleted', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
      'locales/de/common.json': JSON.stringify({ hello: 'Hallo {{name}}' }, null, 2),
    });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
        cwd: project.root,
      });
    git('init', '-q');
    expect((await project.run(server)).unknown.map((u) => `${u.locale} ${u.unit}`)).toEqual([
      'de hello',
    ]);
    git('add', '-A');
    git('commit', '-qm', 'found');
    await rm(join(project.root, 'transloom.lock'));
    await rm(join(project.root, '.transloom'), { recursive: true, force: true });
    // git's history of the lock is whole, and its line says no one knew who wrote it.
    const again = await project.run(server);
    expect(again.unknown.map((u) => `${u.locale} ${u.unit}`)).toEqual(['de hello']);
    expect(again.locales.de!.kept).toBe(0);
  });

  it("never takes a text for a person's because its records are gone: deleted lock and history, outside git", async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    const machine = JSON.parse(await project.read('locales/de/common.json'));
    await rm(join(project.root, 'transloom.lock'));
    await rm(join(project.root, '.transloom'), { recursive: true, force: true });
    const found = await project.run(server);
    expect(found.locales.de).toMatchObject({ kept: 0, unknown: 3 });
    // Its source changes: the text found is due a review (stale), not silently current.
    const source = JSON.parse(CATALOG);
    source.bye = 'Goodbye forever';
    await project.write('locales/en/common.json', JSON.stringify(source, null, 2));
    const checked = await project.run(server, { mode: 'check' });
    expect(checked.stale.map((s) => [s.locale, s.unit, s.origin]).sort()).toEqual([
      ['de', 'bye', 'unknown'],
      ['ja', 'bye', 'unknown'],
    ]);
    expect(checked.locales.de!.kept).toBe(0);
    expect(JSON.parse(await project.read('locales/de/common.json'))).toEqual(machine);
  });

  it('removes from every target what the source no longer has', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    await project.write(
      'locales/en/common.json',
      JSON.stringify({ hello: 'Hello {{name}}' }, null, 2),
    );
    const run = await project.run(server);
    expect(run.locales.de!.removed).toBe(2);
    expect(Object.keys(JSON.parse(await project.read('locales/de/common.json')))).toEqual([
      'hello',
    ]);
    expect(await project.read('transloom.lock')).not.toContain('"bye"');
  });

  it('translates only the locales asked for and keeps the lock records of the others', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    await project.write('locales/en/common.json', CATALOG.replace('Goodbye', 'Farewell'));
    const run = await project.run(server, { locales: ['ja'] });
    expect(Object.keys(run.locales)).toEqual(['ja']);
    expect(run.locales.ja!.translated).toBe(1);
    expect(await project.read('transloom.lock')).toMatch(
      /unit "locales\/en\/common.json" "bye" \w+ de=\w+:\w+ ja=/,
    );
    const rest = await project.run(server);
    expect(rest.locales.de!.translated).toBe(1);
    expect(rest.locales.ja!.translated).toBe(0);
    await expect(project.run(server, { locales: ['jp'] })).rejects.toThrow(
      "'jp' is not a target locale; did you mean 'ja'?",
    );
    // The call's option is wrong, not the configuration, and core names no host's flag for it.
    await expect(project.run(server, { locales: ['jp'] })).rejects.toMatchObject({
      name: 'UsageError',
      kind: 'user',
      message: expect.not.stringContaining('--'),
    });
  });

  it('re-sends everything with force, keeping people’s text, and overwrites it only when asked', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    await project.write(
      'locales/de/common.json',
      (await project.read('locales/de/common.json')).replace('[Ĝööðƀýé]', 'Tschüss'),
    );
    translated();
    const forced = await project.run(server, { force: true });
    expect(forced.locales.de).toMatchObject({ kept: 1, translated: 2 });
    expect(forced.locales.de!.reused).toBe(0);
    expect(JSON.parse(await project.read('locales/de/common.json')).bye).toBe('Tschüss');
    const overwritten = await project.run(server, { overwriteEdits: true });
    expect(overwritten.locales.de).toMatchObject({ kept: 0, reused: 1 });
    expect(JSON.parse(await project.read('locales/de/common.json')).bye).toBe('[Ĝööðƀýé]');
  });

  it('writes nothing in frozen mode, not even what the memory has, and reports every unit to do', async () => {
    const project = await testProject({
      'transloom.config.json': config(),
      'locales/en/common.json': CATALOG,
    });
    await project.run(server);
    await rm(join(project.root, 'locales/de'), { recursive: true });
    await project.write('locales/en/common.json', CATALOG.replace('Goodbye', 'See you'));
    const ja = await project.read('locales/ja/common.json');
    const lock = await project.read('transloom.lock');
    translated();
    const run = await project.run(server, { mode: 'frozen' });
    expect(translated()).toBe(0);
    expect(run.locales.de).toMatchObject({ reused: 0, failed: 3 });
    expect(run.failures.map((f) => [f.locale, f.unit, f.reason])).toEqual([
      ['de', 'hello', 'frozen'],
      ['de', 'bye', 'frozen'],
      ['ja', 'bye', 'frozen'],
      ['de', 'files#plural', 'frozen'],
    ]);
    expect(run.files.written).toEqual([]);
    await expect(project.read('locales/de/common.json')).rejects.toThrow(/ENOENT/);
    expect(await project.read('locales/ja/common.json')).toBe(ja);
    expect(await project.read('transloom.lock')).toBe(lock);
  });

  it('sends each unit’s notes as context with the unit strategy', async () => {
    const contexts: Array<string | null> = [];
    const recording = await testService({
      engine: {
        ...pseudoEngine,
        name: 'recording',
        translate(input) {
          contexts.push(input.context);
          return pseudoEngine.translate(input);
        },
      },
    });
    const project = await testProject({
      'transloom.config.json': config({
        context: 'unit',
        files: [{ source: 'messages.json', target: 'messages.{locale}.json' }],
      }),
      'messages.json': JSON.stringify({
        save: { string: 'Save', description: 'Button that stores the draft' },
        open: { string: 'Open', description: 'Menu entry' },
      }),
    });
    await project.run(recording);
    // One request per context and locale: texts with different notes cannot share one.
    expect(contexts.sort()).toEqual([
      'Button that stores the draft',
      'Button that stores the draft',
      'Menu entry',
      'Menu entry',
    ]);
    expect(JSON.parse(await project.read('messages.de.json')).save.string).toBe('[Šáṽé]');
  });

  it('stops at maxCharacters, writes what it has, and says why', async () => {
    const project = await testProject({
      'transloom.config.json': config({ maxCharacters: 40 }),
      'locales/en/common.json': CATALOG,
    });
    const run = await project.run(server);
    expect(run.stopped).toBe('budget');
    expect(run.billedCharacters).toBeLessThanOrEqual(40);
    expect(run.failures.every((f) => f.reason === 'budget')).toBe(true);
  });
});

describe('translateProject request options', async () => {
  const inputs: Array<{
    targetLang: string;
    formality: string;
    style: string | null;
    instructions: readonly string[];
  }> = [];
  const server = await testService({
    styleRules: [
      { style_id: 'st-house-de', name: 'House style', language: 'de' },
      { style_id: 'st-house-ja', name: 'Japanese house style', language: 'ja' },
    ],
    engine: {
      ...pseudoEngine,
      name: 'recording',
      translate(input) {
        inputs.push({
          targetLang: input.targetLang,
          formality: input.formality,
          style: input.style?.name ?? null,
          instructions: input.customInstructions,
        });
        return pseudoEngine.translate(input);
      },
    },
  });
  const catalog = JSON.stringify({ a: 'Save the file' });

  it('finds style lists by name or id, and sends formality only where the target has it', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de', 'ja', 'ko'],
        files: [{ source: 'locales/{locale}/*.json' }],
        formality: 'more',
        locales: {
          de: { style: 'House style', customInstructions: ['Use short sentences'] },
          ja: { style: 'st-house-ja' },
        },
      }),
      'locales/en/common.json': catalog,
    });
    inputs.length = 0;
    const run = await project.run(server);
    expect(run.failures).toEqual([]);
    expect(inputs.sort((a, b) => a.targetLang.localeCompare(b.targetLang))).toEqual([
      {
        targetLang: 'DE',
        formality: 'more',
        style: 'House style',
        instructions: ['Use short sentences'],
      },
      { targetLang: 'JA', formality: 'more', style: 'Japanese house style', instructions: [] },
      { targetLang: 'KO', formality: 'default', style: null, instructions: [] },
    ]);
  });

  it('refuses a style list that does not exist or is for another language, before sending any text', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
        style: 'Housestyle',
      }),
      'locales/en/common.json': catalog,
    });
    inputs.length = 0;
    await expect(project.run(server)).rejects.toThrow(
      "style 'Housestyle': no style rule list has that name or id; the service has: House style, Japanese house style",
    );
    await project.write(
      'transloom.config.json',
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
        style: 'st-house-ja',
      }),
    );
    await expect(project.run(server)).rejects.toThrow(
      "style 'st-house-ja' is for ja, but it is set for 'de'",
    );
    expect(inputs).toEqual([]);
    // Nothing was written: no target full of untranslated text, no lock.
    await expect(project.read('locales/de/common.json')).rejects.toThrow(/ENOENT/);
    await expect(project.read('transloom.lock')).rejects.toThrow(/ENOENT/);
  });
});
