import { describe, expect, it } from 'vitest';
import { requestsTo, testProject, testService } from '../test-support/test-project.js';

const config = (files: object[]) =>
  JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files });
const CATALOGS = { source: 'locales/{locale}/*.json' };
const DOCS = { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' };
const json = (o: object) => `${JSON.stringify(o, null, 2)}\n`;
// A first run on a project that already has translations, after a person said the texts found
// are theirs (what `transloom adopt --accept` records): no record of Transloom's is here yet.
const ADOPTED = { adopt: () => true };

describe('adopting what people translated', async () => {
  const server = await testService();

  it('keeps a text a person left as the source ("GitHub") as theirs, and translates a catalog copied from its source', async () => {
    const project = await testProject({
      'transloom.config.json': config([CATALOGS]),
      'locales/en/app.json': json({ brand: 'GitHub', hotel: 'Hotel', greet: 'Good morning' }),
      'locales/de/app.json': json({ brand: 'GitHub', hotel: 'Hotel', greet: 'Guten Morgen' }),
      'locales/en/copied.json': json({ a: 'One thing', b: 'Two things' }),
      'locales/de/copied.json': json({ a: 'One thing', b: 'Two things' }),
    });
    const first = await project.run(server, ADOPTED);
    expect(first.failures).toEqual([]);
    expect(first.locales.de!.kept).toBe(3);
    expect(first.locales.de!.translated).toBe(2);
    // Listed, so a person sees which texts were taken for theirs because they equal the source.
    expect(first.sameAsSource.map((u) => `${u.file} ${u.unit}`).sort()).toEqual([
      'locales/en/app.json brand',
      'locales/en/app.json hotel',
    ]);
    expect(JSON.parse(await project.read('locales/de/app.json'))).toEqual({
      brand: 'GitHub',
      hotel: 'Hotel',
      greet: 'Guten Morgen',
    });
    const copied = JSON.parse(await project.read('locales/de/copied.json'));
    expect(copied.a).not.toBe('One thing');
    expect(copied.b).not.toBe('Two things');
    // Theirs from now on: a forced run leaves them too.
    server.faults!.requests.length = 0;
    const forced = await project.run(server, { force: true });
    expect(forced.locales.de!.kept).toBe(3);
    expect(JSON.parse(await project.read('locales/de/app.json')).brand).toBe('GitHub');
    expect(requestsTo(server, '/v2/translate')).toBeGreaterThan(0);
  });

  it("leaves a person's page that does not line up with its source as it is, and reports where it differs", async () => {
    const source =
      '# Guide\n\nFirst paragraph.\n\n```js\n// set it up\nsetup()\n```\n\nNew paragraph.\n';
    // Their code comment is translated, and the page lacks the source's last paragraph.
    const theirs = '# Anleitung\n\nErster Absatz.\n\n```js\n// einrichten\nsetup()\n```\n';
    const project = await testProject({
      'transloom.config.json': config([DOCS]),
      'docs/guide.md': source,
      'i18n/de/guide.md': theirs,
    });
    server.faults!.requests.length = 0;
    const run = await project.run(server);
    expect(requestsTo(server, '/v2/translate')).toBe(0);
    expect(await project.read('i18n/de/guide.md')).toBe(theirs);
    expect(run.notAligned).toEqual([
      {
        source: 'docs/guide.md',
        target: 'i18n/de/guide.md',
        locale: 'de',
        line: 6,
        column: 4,
        due: 1,
      },
    ]);
    expect(run.locales.de!.kept).toBe(2);
    expect(run.files.written).toEqual([]);
  });

  it("adopts a person's page that lines up with its source, then translates what the source adds into it", async () => {
    const project = await testProject({
      'transloom.config.json': config([DOCS]),
      'docs/guide.md': '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n',
      'i18n/de/guide.md': '# Anleitung\n\nErster Absatz.\n\nZweiter Absatz.\n',
    });
    const first = await project.run(server, ADOPTED);
    expect(first.notAligned).toEqual([]);
    expect(first.locales.de!.kept).toBe(3);
    expect(first.locales.de!.translated).toBe(0);
    await project.write(
      'docs/guide.md',
      '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird one.\n',
    );
    const second = await project.run(server);
    expect(second.notAligned).toEqual([]);
    expect(second.locales.de!.kept).toBe(3);
    expect(second.locales.de!.translated).toBe(1);
    const page = await project.read('i18n/de/guide.md');
    expect(page.startsWith('# Anleitung\n\nErster Absatz.\n\nZweiter Absatz.\n\n')).toBe(true);
    expect(page).not.toContain('Third one.');
  });
  it('translates an XLIFF unit whose state says it is not translated yet (a source copy), and keeps a term a person left as its source', async () => {
    const xliff = (lang: string, units: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" target-language="${lang}" datatype="plaintext" original="ng2.template">\n    <body>\n${units}    </body>\n  </file>\n</xliff>\n`;
    const unit = (id: string, source: string, target?: string, state?: string) =>
      `      <trans-unit id="${id}" datatype="html">\n        <source>${source}</source>\n${target === undefined ? '' : `        <target${state ? ` state="${state}"` : ''}>${target}</target>\n`}      </trans-unit>\n`;
    const project = await testProject({
      'transloom.config.json': config([
        { source: 'src/locale/messages.xlf', target: 'src/locale/messages.{locale}.xlf' },
      ]),
      'src/locale/messages.xlf': xliff(
        'en',
        unit('brand', 'GitHub') + unit('save', 'Save') + unit('new', 'Open the file'),
      ),
      'src/locale/messages.de.xlf': xliff(
        'de',
        unit('brand', 'GitHub', 'GitHub', 'translated') +
          unit('save', 'Save', 'Speichern', 'translated') +
          unit('new', 'Open the file', 'Open the file', 'new'),
      ),
    });
    const run = await project.run(server, ADOPTED);
    expect(run.failures).toEqual([]);
    expect(run.locales.de).toMatchObject({ kept: 2, translated: 1 });
    const german = await project.read('src/locale/messages.de.xlf');
    expect(german).toContain('<target state="translated">GitHub</target>');
    expect(german).toContain('<target state="translated">Speichern</target>');
    expect(german).not.toContain('<target state="new">');
    expect(german).not.toContain('>Open the file</target>');
  });

  it("writes a person's catalog texts back byte for byte: their placeholder spacing and escapes", async () => {
    const theirs =
      '{\n  "hello": "Hallo {{name }}",\n  "count": "{{count}} von {{ total }} in {{groupName }}",\n  "cafe": "Caf\\u00e9 \\"Blau\\""\n}\n';
    const project = await testProject({
      'transloom.config.json': config([CATALOGS]),
      'locales/en/app.json': json({
        hello: 'Hello {{name}}',
        count: '{{count}} of {{ total }} in {{groupName}}',
        cafe: 'Café "Blue"',
        added: 'Added later',
      }),
      'locales/de/app.json': theirs,
    });
    const run = await project.run(server, ADOPTED);
    expect(run.failures).toEqual([]);
    expect(run.locales.de).toMatchObject({ kept: 3, translated: 1 });
    const german = await project.read('locales/de/app.json');
    // Every line of theirs is as they wrote it; the new key comes after.
    expect(german.startsWith(theirs.slice(0, theirs.lastIndexOf('"\n}')))).toBe(true);
    expect(JSON.parse(german).added).not.toBe('Added later');
  });

  it("keeps a person's XLIFF targets byte for byte, and marks one whose source changed for review", async () => {
    const unit = (id: string, source: string, target?: string) =>
      `      <trans-unit id="${id}" datatype="html">\n        <source>${source}</source>\n${target === undefined ? '' : `        ${target}\n`}      </trans-unit>\n`;
    const file = (attributes: string, units: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file ${attributes}>\n    <body>\n${units}    </body>\n  </file>\n</xliff>\n`;
    const source = (close: string) =>
      file(
        'source-language="en" datatype="plaintext" original="ng2.template"',
        unit('save', ' Save the file ') +
          unit('open', 'Open <x id="INTERPOLATION" equiv-text="{{ name }}"/> now') +
          unit('close', close) +
          unit('added', 'Added later'),
      );
    const theirs = file(
      'source-language="en" target-language="de" datatype="plaintext" original="ng2.template"',
      unit('save', ' Save the file ', '<target state="final">Datei speichern</target>') +
        unit(
          'open',
          'Open <x id="INTERPOLATION" equiv-text="{{ name }}"/> now',
          '<target state="translated"><x id="INTERPOLATION" equiv-text="{{ name }}"/> jetzt öffnen</target>',
        ) +
        unit(
          'close',
          'Close',
          '<target state="signed-off" state-qualifier="exact-match">Schließen</target>',
        ),
    );
    const project = await testProject({
      'transloom.config.json': config([
        { source: 'src/locale/messages.xlf', target: 'src/locale/messages.{locale}.xlf' },
      ]),
      'src/locale/messages.xlf': source('Close'),
      'src/locale/messages.de.xlf': theirs,
    });
    const first = await project.run(server, ADOPTED);
    expect(first.failures).toEqual([]);
    expect(first.locales.de).toMatchObject({ kept: 3, translated: 1 });
    const german = await project.read('src/locale/messages.de.xlf');
    // Theirs as they wrote it (no source whitespace added, the file's attributes in their
    // order), with the new unit after it.
    const end = theirs.indexOf('    </body>');
    expect(german.startsWith(theirs.slice(0, end))).toBe(true);
    expect(german.slice(end)).toContain('<source>Added later</source>');

    await project.write('src/locale/messages.xlf', source('Close it'));
    const second = await project.run(server);
    expect(second.stale.map((e) => e.unit)).toEqual(['close']);
    const reviewed = await project.read('src/locale/messages.de.xlf');
    expect(reviewed).toContain('<target state="needs-review-translation">Schließen</target>');
    expect(reviewed).toContain('<target state="final">Datei speichern</target>');
  });

  it('takes on an Angular target whose repeated message (one id, one source) a person translated two ways', async () => {
    const unit = (id: string, source: string, target = '') =>
      `      <trans-unit id="${id}" datatype="html">\n        <source>${source}</source>\n${target}      </trans-unit>\n`;
    const file = (lang: string, units: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en"${lang} datatype="plaintext" original="ng2.template">\n    <body>\n${units}    </body>\n  </file>\n</xliff>\n`;
    const target = (t: string) => `        <target state="translated">${t}</target>\n`;
    const theirs = file(
      ' target-language="de"',
      unit('delete', 'Delete', target('Löschen')) +
        unit('keep', 'Keep', target('Behalten')) +
        unit('delete', 'Delete', target('Entfernen')),
    );
    const project = await testProject({
      'transloom.config.json': config([
        { source: 'src/locale/messages.xlf', target: 'src/locale/messages.{locale}.xlf' },
      ]),
      'src/locale/messages.xlf': file(
        '',
        unit('delete', 'Delete') + unit('keep', 'Keep') + unit('delete', 'Delete'),
      ),
      'src/locale/messages.de.xlf': theirs,
    });
    server.faults!.requests.length = 0;
    const run = await project.run(server, ADOPTED);
    expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(run.failures).toEqual([]);
    expect(requestsTo(server, '/v2/translate')).toBe(0);
    // Both of their texts stay where they wrote them.
    expect(await project.read('src/locale/messages.de.xlf')).toBe(theirs);
  });

  it("keeps a person's ICU message richer than its source (a plural the source lacks), and writes the rest of the file", async () => {
    const theirs =
      '{\n  "items": "{forCount, plural, =1 {Element löschen} other {# Elemente löschen}}",\n  "hello": "Hallo {name}",\n  "bye": "Tschüss!"\n}\n';
    const project = await testProject({
      'transloom.config.json': config([CATALOGS]),
      'locales/en/app.json': json({
        items: 'Delete the items',
        hello: 'Hello {name}',
        bye: 'Bye {name}',
        added: 'Added {thing}',
      }),
      'locales/de/app.json': theirs,
    });
    const run = await project.run(server, ADOPTED);
    expect(run.failures).toEqual([]);
    expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Their plural, and their greeting without the name: kept, each named where it is.
    expect(
      run.diagnostics
        .filter((d) => d.rule === 'unlike-source')
        .map((d) => [d.file, d.line, d.message.split(' ')[0]]),
    ).toEqual([
      ['locales/de/app.json', 2, "'items'"],
      ['locales/de/app.json', 4, "'bye'"],
    ]);
    expect(run.locales.de).toMatchObject({ kept: 3, translated: 1 });
    const german = await project.read('locales/de/app.json');
    expect(german.startsWith(theirs.slice(0, theirs.lastIndexOf('"\n}')))).toBe(true);
    expect(JSON.parse(german).added).toContain('{thing}');
    // Its source changes: still theirs, stale, the file still written.
    await project.write(
      'locales/en/app.json',
      json({
        items: 'Delete all items',
        hello: 'Hello {name}',
        bye: 'Bye {name}',
        added: 'Added {thing}',
      }),
    );
    const second = await project.run(server);
    expect(second.failures).toEqual([]);
    expect(second.stale.map((e) => e.unit)).toEqual(['items']);
    expect(JSON.parse(await project.read('locales/de/app.json')).items).toBe(
      '{forCount, plural, =1 {Element löschen} other {# Elemente löschen}}',
    );
  });
});
