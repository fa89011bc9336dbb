import { describe, expect, it } from 'vitest';
import { testProject, testService } from '../../test-support/test-project.js';

const v12 = (bSource: string, cNote: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app.html">
    <body>
      <trans-unit id="a">
        <source>Save your changes</source>
      </trans-unit>
      <trans-unit id="b">
        <source>${bSource}</source>
      </trans-unit>
      <trans-unit id="c">
        <source>Close the window</source>
        <note from="description">${cNote}</note>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

const v2 = (bSource: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">
  <file id="f">
    <unit id="a">
      <segment>
        <source>Save your changes</source>
      </segment>
    </unit>
    <unit id="b">
      <notes>
        <note category="description">A button</note>
      </notes>
      <segment>
        <source>${bSource}</source>
      </segment>
    </unit>
    <unit id="c">
      <segment>
        <source>Close the window</source>
      </segment>
    </unit>
  </file>
</xliff>
`;

/** The text of the unit `id` in a rendered file, from its start tag to its end tag. */
function unitOf(xml: string, element: string, id: string): string {
  const start = xml.indexOf(`<${element} id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  return xml.slice(start, xml.indexOf(`</${element}>`, start));
}

/** Replaces `from` by `to` inside the unit `id`, failing when it is not there. */
function editUnit(xml: string, element: string, id: string, from: RegExp, to: string): string {
  const unit = unitOf(xml, element, id);
  const edited = unit.replace(from, to);
  expect(edited).not.toBe(unit);
  return xml.replace(unit, edited);
}

describe("a reviewer's work in an XLIFF target through the main job", async () => {
  const server = await testService();
  const sent = () =>
    server
      .faults!.requests.splice(0)
      .filter((r) => r.path === '/v2/translate')
      .reduce((n, r) => n + (r.texts ?? 0), 0);

  it('1.2: a final target, its qualifier, approval and notes stay while its text does', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locale/messages.xlf', target: 'locale/messages.{locale}.xlf' }],
      }),
      'locale/messages.xlf': v12('Open the file', 'A button'),
    });
    await project.run(server);
    const path = 'locale/messages.de.xlf';
    let german = await project.read(path);
    expect(unitOf(german, 'trans-unit', 'a')).toMatch(/<target state="translated">/);

    // A reviewer signs off a and b, and writes notes of their own.
    for (const id of ['a', 'b']) {
      german = editUnit(
        german,
        'trans-unit',
        id,
        /<target state="translated">/,
        '<target state="final" state-qualifier="exact-match">',
      );
      german = german.replace(`<trans-unit id="${id}">`, `<trans-unit id="${id}" approved="yes">`);
      german = editUnit(
        german,
        'trans-unit',
        id,
        /<\/target>/,
        '</target>\n        <note from="reviewer">Checked with legal</note>\n        <note annotates="target">Formal register</note>',
      );
    }
    await project.write(path, german);
    // b's source changes, and so does the description of c.
    await project.write('locale/messages.xlf', v12('Open the folder', 'The close button'));
    sent();
    const second = await project.run(server);
    expect(sent()).toBe(1);
    expect(second.locales.de!.changed).toBe(1);
    const after = await project.read(path);

    // a: the same text, everything the reviewer set stays as they wrote it.
    expect(unitOf(after, 'trans-unit', 'a')).toBe(unitOf(german, 'trans-unit', 'a'));
    // b: a new text is translated, no longer approved; a note on the old text goes with it,
    // the reviewer's other note stays.
    const b = unitOf(after, 'trans-unit', 'b');
    expect(b).toMatch(/<trans-unit id="b">\s*<source>Open the folder<\/source>/);
    expect(b).toMatch(/<target state="translated">[^<]+<\/target>/);
    expect(b).not.toContain('Formal register');
    expect(b).toContain('<note from="reviewer">Checked with legal</note>');
    // c: the description is the source's, not kept from the old target beside the new one.
    const c = unitOf(after, 'trans-unit', 'c');
    expect(c).toContain('<note from="description">The close button</note>');
    expect(c).not.toContain('A button');

    const third = await project.run(server);
    expect(sent()).toBe(0);
    expect(third.files.written).toEqual([]);
    expect(third.files.upToDate).toBe(1);
    expect(await project.read(path)).toBe(after);
    expect((await project.run(server, { mode: 'check' })).files.outdated).toEqual([]);
  });

  it('2.0: a reviewed segment and its subState stay while its text does', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locale/messages.xlf', target: 'locale/messages.{locale}.xlf' }],
      }),
      'locale/messages.xlf': v2('Open the file'),
    });
    await project.run(server);
    const path = 'locale/messages.de.xlf';
    let german = await project.read(path);
    expect(unitOf(german, 'unit', 'a')).toContain('<segment state="translated">');

    german = editUnit(
      german,
      'unit',
      'a',
      /<segment state="translated">/,
      '<segment state="reviewed" subState="acme:checked">',
    );
    german = editUnit(
      german,
      'unit',
      'a',
      /<unit id="a">/,
      '<unit id="a">\n      <notes>\n        <note appliesTo="target" category="review">Short on purpose</note>\n      </notes>',
    );
    german = editUnit(
      german,
      'unit',
      'b',
      /<segment state="translated">/,
      '<segment state="final">',
    );
    german = editUnit(
      german,
      'unit',
      'b',
      /<\/note>/,
      '</note>\n        <note category="review">Ask the designer</note>',
    );
    german = editUnit(
      german,
      'unit',
      'c',
      /<segment state="translated">/,
      '<segment state="final">',
    );
    await project.write(path, german);
    await project.write('locale/messages.xlf', v2('Open the folder'));
    sent();
    await project.run(server);
    expect(sent()).toBe(1);
    const after = await project.read(path);

    expect(unitOf(after, 'unit', 'a')).toBe(unitOf(german, 'unit', 'a'));
    expect(unitOf(after, 'unit', 'c')).toBe(unitOf(german, 'unit', 'c'));
    const b = unitOf(after, 'unit', 'b');
    expect(b).toContain('<segment state="translated">');
    expect(b).toContain('<note category="description">A button</note>');
    expect(b).toContain('<note category="review">Ask the designer</note>');

    const third = await project.run(server);
    expect(sent()).toBe(0);
    expect(third.files.written).toEqual([]);
    expect(third.files.upToDate).toBe(1);
    expect(await project.read(path)).toBe(after);
  });
});
