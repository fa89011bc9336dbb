import { describe, expect, it } from 'vitest';
import { testProject, testService } from '../test-support/test-project.js';

// Units are named by their key, never by their text: when two units share a source text
// (and so one translation), a person's edit of one belongs to that one alone.

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [
    { source: 'locales/{locale}.json' },
    { source: 'messages.xlf', target: 'messages.{locale}.xlf' },
    { source: 'docs/*.md', target: 'i18n/{locale}/{path}' },
    { source: 'page.html', target: 'page.{locale}.html' },
  ],
});

const CATALOG = `${JSON.stringify(
  {
    x: 'Cancel',
    y: 'Cancel',
    z: 'Save',
    a_one: '{{count}} file',
    a_other: '{{count}} files',
    b_one: '{{count}} file',
    b_other: '{{count}} files',
  },
  null,
  2,
)}\n`;
const XLIFF = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app">
    <body>
      <trans-unit id="first"><source>Cancel</source></trans-unit>
      <trans-unit id="second"><source>Cancel</source></trans-unit>
      <trans-unit id="third"><source>Save</source></trans-unit>
    </body>
  </file>
</xliff>
`;
const DOC = '# Title\n\nCancel\n\nSome text.\n\nCancel\n';
const HTML =
  '<!doctype html>\n<html lang="en"><body>\n<p>Cancel</p>\n<p>Some text.</p>\n<p>Cancel</p>\n</body></html>\n';

describe('units that share a source text', async () => {
  const server = await testService();

  it('keep a person’s edit of one of them, in every format, and report nothing for the other', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en.json': CATALOG,
      'messages.xlf': XLIFF,
      'docs/intro.md': DOC,
      'page.html': HTML,
    });
    await project.run(server);
    const json = JSON.parse(await project.read('locales/de.json'));
    expect(json.x).toBe(json.y);
    // A person edits the first of each pair.
    json.x = 'Abbrechen';
    json.a_other = '{{count}} Dateien';
    await project.write('locales/de.json', `${JSON.stringify(json, null, 2)}\n`);
    const xlf = await project.read('messages.de.xlf');
    const firstTarget = /<trans-unit id="first">[\s\S]*?<target[^>]*>([^<]*)<\/target>/.exec(xlf)!;
    await project.write(
      'messages.de.xlf',
      xlf.replace(firstTarget[0], firstTarget[0].replace(`>${firstTarget[1]}<`, '>Abbrechen<')),
    );
    const md = await project.read('i18n/de/intro.md');
    const cancel = md.split('\n\n')[1]!;
    expect(md.split('\n\n')[3]).toBe(`${cancel}\n`);
    await project.write('i18n/de/intro.md', md.replace(cancel, 'Abbrechen'));
    const html = await project.read('page.de.html');
    const p = /<p>([^<]*)<\/p>/.exec(html)!;
    await project.write('page.de.html', html.replace(p[0], '<p>Abbrechen</p>'));
    const edited = {
      json: await project.read('locales/de.json'),
      xlf: await project.read('messages.de.xlf'),
      md: await project.read('i18n/de/intro.md'),
      html: await project.read('page.de.html'),
    };

    const status = await project.run(server, { mode: 'check', parseAll: true });
    expect(status.pending).toEqual([]);
    expect(status.locales.de).toMatchObject({ new: 0, changed: 0, kept: 5 });
    const again = await project.run(server);
    expect(again.locales.de).toMatchObject({ translated: 0, reused: 0, kept: 5 });
    expect(await project.read('locales/de.json')).toBe(edited.json);
    expect(await project.read('messages.de.xlf')).toBe(edited.xlf);
    expect(await project.read('i18n/de/intro.md')).toBe(edited.md);
    expect(await project.read('page.de.html')).toBe(edited.html);

    // The source of the other key changes: only that one is translated again; the edit stays.
    await project.write('locales/en.json', CATALOG.replace('"y": "Cancel"', '"y": "Cancel now"'));
    const changed = await project.run(server);
    // Only the catalog is read again: the other files match the lock, and their people's
    // texts count as kept from it (two in the catalog, one in each other file).
    expect(changed.locales.de).toMatchObject({ translated: 1, kept: 5 });
    expect(changed.files.upToDate).toBe(3);
    const after = JSON.parse(await project.read('locales/de.json'));
    expect(after.x).toBe('Abbrechen');
    expect(after.y).not.toBe(json.y);
    expect(after.a_other).toBe('{{count}} Dateien');
    expect(after.b_other).not.toBe('{{count}} Dateien');
  });
});
