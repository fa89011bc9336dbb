import { pseudoEngine } from '@transloom/server';
import { describe, expect, it } from 'vitest';
import { assembleTranslation, unitForms } from '../pipeline/unit-forms.js';
import { createProject } from '../project/create-project.js';
import { MarkupMismatchError } from '../segments/render-segment.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { loadDocument } from './load-document.js';

const STRONG = '<x id="START_TAG_STRONG" ctype="x-strong" equiv-text="&lt;strong&gt;"/>';
const CLOSE = '<x id="CLOSE_TAG_STRONG" ctype="x-strong" equiv-text="&lt;/strong&gt;"/>';
const BREAK = '<x id="LINE_BREAK" ctype="lb" equiv-text="&lt;br/&gt;"/>';
const SOURCE12 = `Press ${STRONG}Save${CLOSE} or ${STRONG}Cancel${CLOSE}.${BREAK}Then${BREAK}go.`;

const xliff12 = (target = '') => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="confirm" datatype="html">
        <source>${SOURCE12}</source>${target}
      </trans-unit>
    </body>
  </file>
</xliff>
`;

const PC = (id: string, text: string) =>
  `<pc id="${id}" equivStart="START_TAG_STRONG" equivEnd="CLOSE_TAG_STRONG" type="fmt" dispStart="&lt;strong&gt;" dispEnd="&lt;/strong&gt;">${text}</pc>`;
const PH = (id: string) => `<ph id="${id}" equiv="LINE_BREAK" type="fmt" disp="&lt;br/&gt;"/>`;
const xliff2 = (target = '') => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">
  <file id="ngi18n" original="ng.template">
    <unit id="confirm">
      <segment>
        <source>Press ${PC('0', 'Save')} or ${PC('1', 'Cancel')}.${PH('2')}Then${PH('3')}go.</source>${target}
      </segment>
    </unit>
  </file>
</xliff>
`;

const CASES = [
  { name: 'XLIFF 1.2', path: 'messages.xlf', content: xliff12(), repeated: [STRONG, CLOSE, BREAK] },
  { name: 'XLIFF 2.0', path: 'messages.xlf', content: xliff2(), repeated: ['<pc ', '</pc>'] },
  {
    name: 'ICU',
    path: 'en.json',
    content: JSON.stringify({
      confirm: '{name} invited {name} twice,<br></br>then <b>a</b> and <b>b</b>',
    }),
    repeated: ['{name}', '<b>', '</b>'],
  },
  {
    name: 'i18next',
    path: 'en.json',
    content: JSON.stringify({ confirm: '{{name}} invited {{name}} twice.<br/>Then<br/>go.' }),
    repeated: ['{{name}}', '<br/>'],
  },
];

const count = (text: string, piece: string) => text.split(piece).length - 1;
// The answer of a service that keeps the markup but puts the last piece first.
const reorder = (text: string) => {
  const pieces = text.match(/<x id="\d+"\/>/g) ?? [];
  const last = pieces.at(-1);
  return last ? `${last}${text.replace(new RegExp(`${last}(?!.*${last})`), '')}` : text;
};

describe.each(CASES)('a placeholder written twice in $name', ({ path, content, repeated }) => {
  const doc = loadDocument({ path, content });
  const unit = doc.units[0]!;
  const [form] = unitForms(unit, 'en', 'de');

  it('is sent as two placeholders with their own ids', () => {
    const ids = [...form!.text.matchAll(/<(?:x|g) id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(4);
  });

  it('fails an answer that drops one of the two', () => {
    const dropped = form!.text.replace(/<x id="\d+"\/>(?!.*<x id)/, '');
    expect(dropped).not.toBe(form!.text);
    expect(form!.restore(dropped)).toMatchObject({ error: expect.stringMatching(/differ/) });
    const unpaired = form!.text.replace(/<g id="(\d+)">([^<]*)<\/g>/, '$2');
    if (unpaired !== form!.text)
      expect(form!.restore(unpaired)).toMatchObject({ error: expect.stringMatching(/differ/) });
  });

  it('writes both back, each with its own bytes, from an answer that keeps both', () => {
    const restored = form!.restore(reorder(form!.text));
    if (!('segment' in restored)) throw new Error(restored.error);
    const translation = assembleTranslation([form!], [restored.segment]);
    expect(doc.verify(unit.id, translation, { targetLocale: 'de' })).toBeUndefined();
    const output = doc.render({ [unit.id]: translation }, { targetLocale: 'de' });
    // An XLIFF file keeps its source beside the new target; a catalog's value is replaced.
    const copies = path.endsWith('.xlf') ? 2 : 1;
    for (const piece of repeated)
      expect(count(output, piece), piece).toBe(copies * count(content, piece));
  });
});

describe('an XLIFF target that lost one of two equal placeholders', () => {
  it.each([
    [
      '1.2',
      xliff12(
        `\n        <target>Drücken Sie ${STRONG}Speichern oder Abbrechen${CLOSE}.${BREAK}Dann${BREAK}los.</target>`,
      ),
    ],
    [
      '2.0',
      xliff2(
        `\n        <target>Drücken Sie ${PC('0', 'Speichern oder Abbrechen')}.${PH('2')}Dann${PH('3')}los.</target>`,
      ),
    ],
  ])('is not the text of its unit (%s)', (_version, content) => {
    const source = loadDocument({ path: 'messages.xlf', content });
    const target = loadDocument({
      path: 'messages.de.xlf',
      content,
      options: { ...source.options, locale: 'de', segmentsFrom: 'target' },
    });
    expect(() => source.textFrom('confirm', target, 'confirm')).toThrow(MarkupMismatchError);
  });
});

describe('repeated placeholders through the main job', async () => {
  const server = await testService();
  // A service that loses the last placeholder of a text that has two of the same.
  const lossy = await testService({
    engine: {
      ...pseudoEngine,
      name: 'lossy',
      translate: (input) => input.texts.map((t) => t.replace(/<x id="\d+"\/>(?!.*<x id)/, '')),
    },
  });
  const config = JSON.stringify({
    sourceLocale: 'en',
    targetLocales: ['de'],
    files: [{ source: 'messages.xlf', target: 'messages.{locale}.xlf' }],
  });

  it('fails the unit when the answer drops one, and writes both when it keeps them', async () => {
    const project = await testProject({
      'transloom.config.json': config,
      'messages.xlf': xliff12(),
    });
    const broken = await createProject({
      cwd: project.root,
      service: { url: lossy.url, apiKey: TEST_KEY },
    });
    const failed = await broken.translate();
    await broken.close();
    expect(failed.failures.map((f) => [f.unit, f.reason])).toEqual([['confirm', 'verification']]);
    // Its one unit failed: the target file is not made.
    await expect(project.read('messages.de.xlf')).rejects.toThrow(/ENOENT/);

    const engine = await createProject({
      cwd: project.root,
      service: { url: server.url, apiKey: TEST_KEY },
    });
    const run = await engine.translate();
    expect(run.failures).toEqual([]);
    const german = await project.read('messages.de.xlf');
    const target = /<target[^>]*>([\s\S]*?)<\/target>/.exec(german)![1]!;
    for (const piece of [STRONG, CLOSE, BREAK]) expect(count(target, piece), piece).toBe(2);
    const status = await engine.status();
    expect(status.pending).toEqual([]);
    await engine.close();
  });

  it("keeps a target that lost one of two pairs as it is (never Transloom's to rewrite), and names it", async () => {
    const lost = `\n        <target>Drücken Sie ${STRONG}Speichern oder Abbrechen${CLOSE}.${BREAK}Dann${BREAK}los.</target>`;
    const project = await testProject({
      'transloom.config.json': config,
      'messages.xlf': xliff12(),
      'messages.de.xlf': xliff12(lost),
    });
    const engine = await createProject({
      cwd: project.root,
      service: { url: server.url, apiKey: TEST_KEY },
    });
    const run = await engine.translate();
    await engine.close();
    // No record says who wrote it (a first run): kept, of unknown origin, not translated over.
    expect(run.locales.de).toMatchObject({ kept: 0, unknown: 1, translated: 0 });
    expect(run.diagnostics.map((d) => [d.file, d.rule])).toEqual([
      ['messages.de.xlf', 'unlike-source'],
    ]);
    // Their target as they wrote it (the file only says its language now).
    expect(await project.read('messages.de.xlf')).toContain(lost);
  });
});
