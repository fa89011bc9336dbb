import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoEngine } from '@transloom/server';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import type { FormatName } from '../formats/registry.js';
import { type TestProject, testProject, testService } from '../test-support/test-project.js';

// A target holds only verified translations or what a person wrote: every way a run can end
// early (frozen, a refused answer, an interruption) leaves no source text in a target.

const KEYS = 240;
const catalog = () =>
  `${JSON.stringify(
    Object.fromEntries(
      Array.from({ length: KEYS }, (_, i) => [`key${i}`, `Message number ${i} for {{name}}`]),
    ),
    null,
    2,
  )}\n`;
const xliff12 = (units: number) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app">
    <body>
${Array.from(
  { length: units },
  (_, i) =>
    `      <trans-unit id="u${i}"><source>Unit <x id="START_TAG_STRONG"/>${i}<x id="CLOSE_TAG_STRONG"/> of the app</source></trans-unit>`,
).join('\n')}
    </body>
  </file>
</xliff>
`;
const xliff2 = (units: number) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">
  <file id="f1">
${Array.from(
  { length: units },
  (_, i) => `    <unit id="v${i}"><segment><source>Version two unit ${i}</source></segment></unit>`,
).join('\n')}
  </file>
</xliff>
`;
const page = (n: number) =>
  `# Page ${n}\n\n${Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of page ${n}, with *emphasis*.`).join('\n\n')}\n`;
const html = (n: number) =>
  `<!doctype html>\n<html lang="en"><body>\n${Array.from({ length: 10 }, (_, i) => `<p>Block ${i} of document ${n}.</p>`).join('\n')}\n</body></html>\n`;

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de', 'fr'],
  files: [
    { source: 'locales/{locale}/app.json' },
    { source: 'xliff/messages.xlf', target: 'xliff/messages.{locale}.xlf' },
    { source: 'xliff/app.xlf2', target: 'xliff/app.{locale}.xlf2' },
    { source: 'docs/*.md', target: 'i18n/{locale}/{path}' },
    { source: 'pages/*.html', target: 'pages/{locale}/{path}' },
  ],
});

const SOURCES: Record<string, string> = {
  'locales/en/app.json': catalog(),
  'xliff/messages.xlf': xliff12(60),
  'xliff/app.xlf2': xliff2(60),
  ...Object.fromEntries(Array.from({ length: 4 }, (_, n) => [`docs/page${n}.md`, page(n)])),
  ...Object.fromEntries(Array.from({ length: 3 }, (_, n) => [`pages/doc${n}.html`, html(n)])),
};

const TARGETS: Array<{ source: string; target: (l: string) => string; format?: FormatName }> = [
  { source: 'locales/en/app.json', target: (l) => `locales/${l}/app.json` },
  { source: 'xliff/messages.xlf', target: (l) => `xliff/messages.${l}.xlf` },
  { source: 'xliff/app.xlf2', target: (l) => `xliff/app.${l}.xlf2` },
  ...Array.from({ length: 4 }, (_, n) => ({
    source: `docs/page${n}.md`,
    target: (l: string) => `i18n/${l}/page${n}.md`,
  })),
  ...Array.from({ length: 3 }, (_, n) => ({
    source: `pages/doc${n}.html`,
    target: (l: string) => `pages/${l}/doc${n}.html`,
  })),
];

async function bytes(root: string, path: string): Promise<string | undefined> {
  return readFile(join(root, path), 'utf8').catch(() => undefined);
}

/**
 * Units of every target whose text is the source's (the pseudo engine changes every text, so
 * any is a copy), and (with `wholePages`, for pages made from the current sources) the pages
 * written although some block is missing.
 */
async function copiedUnits(project: TestProject, wholePages = true): Promise<string[]> {
  const found: string[] = [];
  for (const { source, target } of TARGETS) {
    const sourceDoc = loadDocument({ path: source, content: await project.read(source) });
    const bySourcePath = new Map(sourceDoc.units.map((u) => [u.path, u.segment]));
    for (const locale of ['de', 'fr']) {
      const text = await bytes(project.root, target(locale));
      if (text === undefined) continue;
      const doc = loadDocument({
        path: target(locale),
        content: text,
        format: sourceDoc.format,
        sourceLocale: locale,
        options: sourceDoc.format.startsWith('xliff') ? { segmentsFrom: 'target' } : {},
      });
      for (const unit of doc.units)
        if (bySourcePath.get(unit.path) === unit.segment)
          found.push(`${target(locale)}: ${unit.path}`);
      if (
        wholePages &&
        sourceDoc.kind === 'document' &&
        doc.units.length !== sourceDoc.units.length
      )
        found.push(`${target(locale)}: ${doc.units.length} of ${sourceDoc.units.length} blocks`);
    }
  }
  return found;
}

describe('what a target holds when a run does not finish', async () => {
  const server = await testService();
  const sentTexts = () =>
    server
      .faults!.requests.splice(0)
      .filter((r) => r.path === '/v2/translate')
      .reduce((n, r) => n + (r.texts ?? 0), 0);

  it('an interrupted cold run writes no source text, at any point; the next run finishes it and pays only for the rest', async () => {
    // The texts a complete run sends, to know what an interrupted one saved.
    const whole = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES });
    sentTexts();
    const full = await whole.run(server);
    const total = sentTexts();
    expect(full.failures).toEqual([]);
    let batches = 0;
    await (await testProject({ 'transloom.config.json': CONFIG, ...SOURCES })).run(server, {
      onEvent: (e) => void (e.type === 'batch' && batches++),
    });
    expect(batches).toBeGreaterThan(8);

    for (const stopAfter of [0, 1, 2, 3, 5, Math.floor(batches / 2), batches - 1]) {
      const project = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES });
      const controller = new AbortController();
      let seen = 0;
      if (stopAfter === 0) controller.abort(new Error('interrupted'));
      sentTexts();
      const stopped = await project
        .run(server, {
          signal: controller.signal,
          onEvent: (e) => {
            if (e.type === 'batch' && ++seen === stopAfter)
              controller.abort(new Error('interrupted'));
          },
        })
        .then(
          () => undefined,
          (error: Error) => error,
        );
      expect(stopped?.message, `stopped after ${stopAfter} batches`).toBe('interrupted');
      const before = sentTexts();
      expect(await copiedUnits(project), `stopped after ${stopAfter} batches`).toEqual([]);
      // The next run finishes the job, sending what the first did not save.
      const rest = await project.run(server);
      expect(rest.failures).toEqual([]);
      const after = sentTexts();
      expect(after).toBeLessThanOrEqual(total);
      // At most the requests in flight (4, of up to 50 texts) were lost.
      expect(before + after).toBeLessThanOrEqual(total + 4 * 50);
      expect(await copiedUnits(project)).toEqual([]);
      const check = await project.run(server, { mode: 'check' });
      expect(check.pending).toEqual([]);
      for (const { target } of TARGETS)
        expect(await bytes(project.root, target('de')), target('de')).toBe(
          await bytes(whole.root, target('de')),
        );
    }
  }, 120_000);

  it("prose changed before a run that stops early stays due: the next run translates it, none is taken for a person's", async () => {
    // Every block of every page changes, so every block gets a new id (prose ids follow content).
    const changed = Object.fromEntries(
      Array.from({ length: 4 }, (_, n) => [
        `docs/page${n}.md`,
        page(n).replaceAll('emphasis*.', 'emphasis*, now longer.').replace('# Page', '# The page'),
      ]),
    );
    const fresh = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES, ...changed });
    await fresh.run(server);
    for (const stop of ['interrupted', 'one locale']) {
      const project = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES });
      await project.run(server);
      for (const [path, text] of Object.entries(changed)) await project.write(path, text);
      if (stop === 'interrupted') {
        // Stopped after the first answered batch: most blocks are not translated yet.
        const controller = new AbortController();
        await project
          .run(server, {
            signal: controller.signal,
            onEvent: (e) => void (e.type === 'batch' && controller.abort(new Error('stop'))),
          })
          .catch(() => undefined);
      } else {
        await project.run(server, { locales: ['de'] });
      }
      const check = await project.run(server, { mode: 'check' });
      expect(check.locales.fr!.kept, stop).toBe(0);
      expect(check.pending.length, stop).toBeGreaterThan(0);
      const rest = await project.run(server);
      expect(rest.failures, stop).toEqual([]);
      for (const locale of ['de', 'fr']) expect(rest.locales[locale]!.kept, stop).toBe(0);
      for (const n of [0, 1, 2, 3])
        for (const locale of ['de', 'fr'])
          expect(await bytes(project.root, `i18n/${locale}/page${n}.md`), `${stop} ${locale}`).toBe(
            await bytes(fresh.root, `i18n/${locale}/page${n}.md`),
          );
    }
  });

  it('a frozen run writes nothing: no target, no lock, not what the memory has', async () => {
    const project = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES });
    await project.run(server);
    const files = async () =>
      Promise.all(
        [...TARGETS.flatMap((t) => [t.target('de'), t.target('fr')]), 'transloom.lock'].map((p) =>
          bytes(project.root, p),
        ),
      );
    const before = await files();
    await project.write(
      'locales/en/app.json',
      catalog().replace(
        '"key0": "Message number 0 for {{name}}"',
        '"key0": "Changed", "extra": "New key"',
      ),
    );
    await project.write('docs/page0.md', `${page(0)}\nA new closing paragraph.\n`);
    sentTexts();
    const run = await project.run(server, { mode: 'frozen' });
    expect(sentTexts()).toBe(0);
    expect(run.files.written).toEqual([]);
    expect(run.failures.every((f) => f.reason === 'frozen')).toBe(true);
    const failed = new Set(run.failures.map((f) => `${f.locale} ${f.file} ${f.unit}`));
    for (const locale of ['de', 'fr']) {
      expect(failed).toContain(`${locale} locales/en/app.json extra`);
      expect(failed).toContain(`${locale} locales/en/app.json key0`);
      expect(run.failures.some((f) => f.locale === locale && f.file === 'docs/page0.md')).toBe(
        true,
      );
    }
    expect(await files()).toEqual(before);
  });

  it('units the service never answers right are left out of catalogs, and pages stay as they were', async () => {
    // An engine whose answers to texts saying "broken" lose their markup.
    const breaking = await testService({
      engine: {
        ...pseudoEngine,
        name: 'breaking',
        translate: async (input) =>
          (await pseudoEngine.translate(input)).map((t, i) =>
            input.texts[i]!.includes('broken') ? t.replace(/<[^>]*>/g, '') : t,
          ),
      },
    });
    const project = await testProject({ 'transloom.config.json': CONFIG, ...SOURCES });
    await project.run(breaking);
    const targets = async () =>
      Object.fromEntries(
        await Promise.all(
          TARGETS.map(async (t) => [t.target('de'), await bytes(project.root, t.target('de'))]),
        ),
      );
    const before = await targets();
    // One new failing unit in each file, and one new good one.
    await project.write(
      'locales/en/app.json',
      catalog().replace('{\n', '{\n  "bad": "A broken {{name}}",\n  "good": "A good one",\n'),
    );
    await project.write(
      'xliff/messages.xlf',
      xliff12(60).replace(
        '    </body>',
        '      <trans-unit id="bad"><source>A broken <x id="PH"/> unit</source></trans-unit>\n      <trans-unit id="good"><source>A fine unit</source></trans-unit>\n    </body>',
      ),
    );
    await project.write(
      'docs/page1.md',
      page(1).replace('Paragraph 3', 'A broken `code` paragraph.\n\nParagraph 3'),
    );
    await project.write(
      'pages/doc1.html',
      html(1).replace('<p>Block 2', '<p>A broken <b>bold</b> block.</p>\n<p>Block 2'),
    );
    const run = await project.run(breaking);
    expect(run.failures.map((f) => `${f.locale} ${f.file} ${f.reason}`).sort()).toEqual(
      ['docs/page1.md', 'locales/en/app.json', 'pages/doc1.html', 'xliff/messages.xlf']
        .flatMap((file) => [`de ${file} verification`, `fr ${file} verification`])
        .sort(),
    );
    const after = await targets();
    const de = JSON.parse(after['locales/de/app.json']!);
    expect(de.bad).toBeUndefined();
    expect(de.good).toMatch(/^\[/);
    expect(Object.keys(de)).toHaveLength(KEYS + 1);
    // The key the run could not translate is simply absent; the rest of the file as before.
    expect(after['locales/de/app.json']).toBe(
      before['locales/de/app.json']!.replace('{\n', `{\n  "good": ${JSON.stringify(de.good)},\n`),
    );
    const xlf = after['xliff/messages.de.xlf']!;
    expect(xlf).toMatch(
      /<trans-unit id="bad"><source>A broken <x id="PH"\/> unit<\/source><\/trans-unit>/,
    );
    expect(xlf).toMatch(/<trans-unit id="good"><source>A fine unit<\/source>\s*<target[^>]*>\[/);
    // The pages with a block that failed keep their previous version; the others are as they were.
    expect(after['i18n/de/page1.md']).toBe(before['i18n/de/page1.md']);
    expect(after['pages/de/doc1.html']).toBe(before['pages/de/doc1.html']);
    expect(await copiedUnits(project, false)).toEqual([]);
    // A new page with a failing block is not made yet.
    await project.write('docs/page9.md', '# New\n\nA broken `page`.\n\nFine text.\n');
    const next = await project.run(breaking);
    expect(next.failures.some((f) => f.file === 'docs/page9.md')).toBe(true);
    expect(await bytes(project.root, 'i18n/de/page9.md')).toBeUndefined();
    // The lock still says the failed units are to do: check agrees with translate.
    const check = await project.run(breaking, { mode: 'check' });
    expect(check.pending.map((p) => `${p.locale} ${p.file}`)).toEqual(
      expect.arrayContaining(['de docs/page1.md', 'de locales/en/app.json', 'de docs/page9.md']),
    );
  });

  it('a catalog with no unit translated is not created, and a source target of an XLIFF unit is not copied', async () => {
    const refusing = await testService({
      engine: {
        ...pseudoEngine,
        name: 'refusing',
        translate: (input) => input.texts.map(() => ''),
      },
    });
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [
          { source: 'locales/{locale}.json' },
          { source: 'translations/messages.en.xlf', target: 'translations/messages.{locale}.xlf' },
        ],
      }),
      'locales/en.json': '{ "a": "Hello <b>there</b>", "b": { "c": "Nested <i>text</i>" } }\n',
      // Symfony's layout: the source file has targets (the same text).
      'translations/messages.en.xlf': `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="en" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="k1" resname="k1">
        <source>Save <g id="1">now</g></source>
        <target>Save <g id="1">now</g></target>
      </trans-unit>
    </body>
  </file>
</xliff>
`,
    });
    const run = await project.run(refusing);
    expect(run.failures).toHaveLength(3);
    expect(await bytes(project.root, 'locales/de.json')).toBeUndefined();
    expect(await bytes(project.root, 'translations/messages.de.xlf')).toBeUndefined();
  });
});
