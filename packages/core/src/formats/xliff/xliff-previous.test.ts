import { describe, expect, it } from 'vitest';
import type { UnitTranslation } from '../format-adapter.js';
import { loadDocument } from '../load-document.js';

/** Renders `source` in German over `previous`, the German file as it is now, as the main job does. */
function renderOver(
  source: string,
  previous: string,
  translations: Readonly<Record<string, UnitTranslation>>,
): string {
  const document = loadDocument({ path: 'messages.xlf', content: source });
  const before = loadDocument({
    path: 'messages.de.xlf',
    content: previous,
    format: document.format,
    sourceLocale: 'de',
    options: { ...document.options, locale: 'de', segmentsFrom: 'target' },
  });
  return document.render(translations, { targetLocale: 'de', previous: before });
}

const v12 = (units: string) => `<?xml version="1.0"?>
<xliff version="1.2">
  <file source-language="en" original="a" datatype="plaintext">
    <body>
${units}
    </body>
  </file>
</xliff>
`;

describe('XLIFF 1.2 rendered over its target file', () => {
  const segmented = v12(`      <trans-unit id="tu">
        <source>Open it. Save it.</source>
        <seg-source><mrk mid="1" mtype="seg">Open it.</mrk> <mrk mid="2" mtype="seg">Save it.</mrk></seg-source>
      </trans-unit>`);
  const german = { 'tu#1': 'Öffnen.', 'tu#2': 'Speichern.' };

  it('a segmented target keeps its state while every segment keeps its text', () => {
    const first = loadDocument({ path: 'messages.xlf', content: segmented }).render(german, {
      targetLocale: 'de',
    });
    expect(first).toContain('<target state="translated"><mrk mid="1"');
    const reviewed = first.replace('state="translated"', 'state="signed-off"');
    expect(renderOver(segmented, reviewed, german)).toBe(reviewed);
    const changed = renderOver(segmented, reviewed, { ...german, 'tu#2': 'Sichern.' });
    expect(changed).toContain(
      '<target state="translated"><mrk mid="1" mtype="seg">Öffnen.</mrk> <mrk mid="2" mtype="seg">Sichern.</mrk></target>',
    );
  });

  it('an id written twice (as Angular repeats a message) pairs each place with its own', () => {
    const unit = (n: number, target: string) =>
      `      <trans-unit id="more"><source>Learn more <x id="I" equiv-text="#${n}"/></source>${target}</trans-unit>`;
    const source = v12(`${unit(5, '')}\n${unit(15, '')}`);
    const previous = v12(
      `${unit(5, '<target state="translated">Mehr <x id="I" equiv-text="#5"/></target>')}\n${unit(15, '<target state="final">Mehr <x id="I" equiv-text="#15"/></target>')}`,
    );
    const out = renderOver(source, previous, { more: 'Mehr <x id="1"/>' });
    expect(out).toContain('<target state="translated">Mehr <x id="I" equiv-text="#5"/></target>');
    expect(out).toContain('<target state="final">Mehr <x id="I" equiv-text="#15"/></target>');
  });

  it('a state that says there is no translation yet becomes translated, whatever the text', () => {
    const source = v12('      <trans-unit id="a"><source>Hello</source></trans-unit>');
    const previous = v12(
      '      <trans-unit id="a"><source>Hello</source><target state="needs-translation" state-qualifier="id-match">Hallo</target></trans-unit>',
    );
    expect(renderOver(source, previous, { a: 'Hallo' })).toContain(
      '<target state="translated">Hallo</target>',
    );
  });

  it('compares text, not spelling: references and literal characters are the same text', () => {
    const source = v12('      <trans-unit id="a"><source>Greetings</source></trans-unit>');
    const previous = v12(
      '      <trans-unit id="a"><source>Greetings</source>\n<target state="final">Gr&#252;&#223;e</target></trans-unit>',
    );
    expect(renderOver(source, previous, { a: 'Grüße' })).toContain(
      '<target state="final">Grüße</target>',
    );
  });

  it('a unit the target file does not have yet is translated, and a removed unit takes its notes along', () => {
    const kept = '      <trans-unit id="kept"><source>Keep</source>';
    const source = v12(
      `${kept}</trans-unit>\n      <trans-unit id="new"><source>New</source></trans-unit>`,
    );
    const previous = v12(
      `${kept}<target state="final">Behalten</target></trans-unit>\n      <trans-unit id="old" approved="yes"><source>Old</source><target state="final">Alt</target><note>Mine</note></trans-unit>`,
    );
    const out = renderOver(source, previous, { kept: 'Behalten', new: 'Neu' });
    // The unit both files have keeps the target file's state: the target file was read.
    expect(out).toContain('<target state="final">Behalten</target>');
    expect(out).toContain('<trans-unit id="new"><source>New</source>');
    expect(out).toContain('<target state="translated">Neu</target>');
    expect(out).not.toMatch(/Alt|Mine|approved/);
  });

  it('without a target file, a changed text is no longer approved; an unchanged one still is', () => {
    const source = v12(
      '      <trans-unit id="a" approved="yes"><source>Save</source><target state="final">Speichern</target></trans-unit>',
    );
    const document = loadDocument({ path: 'messages.xlf', content: source });
    expect(document.render({ a: 'Sichern' }, { targetLocale: 'de' })).toContain(
      '<trans-unit id="a"><source>Save</source><target state="translated">Sichern</target>',
    );
    expect(document.render({ a: 'Speichern' }, { targetLocale: 'de' })).toContain(
      '<trans-unit id="a" approved="yes"><source>Save</source><target state="final">Speichern</target>',
    );
  });

  it("notes of the source's own kind are the source's; notes about the target follow its text", () => {
    const source = v12(`      <trans-unit id="a">
        <source>Save</source>
        <note>Toolbar button</note>
      </trans-unit>
      <trans-unit id="b">
        <source>Open</source>
        <note>Menu item</note>
      </trans-unit>`);
    const previous = v12(`      <trans-unit id="a">
        <source>Save</source>
        <target state="final">Speichern</target>
        <note>Toolbar button</note>
        <note>Button in the toolbar</note>
        <note annotates="target">Imperative, as elsewhere</note>
      </trans-unit>
      <trans-unit id="b">
        <source>Open</source>
        <target state="final">Öffnen</target>
        <note>Menu item</note>
        <note annotates="target">Checked</note>
      </trans-unit>`);
    const out = renderOver(source, previous, { a: 'Speichern', b: 'Aufmachen' });
    expect(out).toContain(`<trans-unit id="a">
        <source>Save</source>
        <target state="final">Speichern</target>
        <note>Toolbar button</note>
        <note annotates="target">Imperative, as elsewhere</note>
      </trans-unit>`);
    expect(out).toContain(`<trans-unit id="b">
        <source>Open</source>
        <target state="translated">Aufmachen</target>
        <note>Menu item</note>
      </trans-unit>`);
  });
});

const v2 = (units: string) => `<?xml version="1.0"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">
  <file id="f">
${units}
  </file>
</xliff>
`;

describe('XLIFF 2.0 rendered over its target file', () => {
  it('a unit keeps a reviewed state only while all its segments keep their text', () => {
    const source = v2(`    <unit id="u">
      <segment id="s1"><source>One.</source></segment>
      <segment id="s2"><source>Two.</source></segment>
    </unit>`);
    const previous = v2(`    <unit id="u">
      <notes><note appliesTo="target">Counted</note></notes>
      <segment id="s1" state="final"><source>One.</source><target>Eins.</target></segment>
      <segment id="s2" state="reviewed" subState="x:ok"><source>Two.</source><target>Zwei.</target></segment>
    </unit>`);
    const same = renderOver(source, previous, { 'u#s1': 'Eins.', 'u#s2': 'Zwei.' });
    expect(same).toContain('<segment id="s1" state="final">');
    expect(same).toContain('<segment id="s2" state="reviewed" subState="x:ok">');
    expect(same).toContain('<notes><note appliesTo="target">Counted</note></notes>');
    const changed = renderOver(source, previous, { 'u#s1': 'Eins.', 'u#s2': 'Zwo.' });
    expect(changed).toContain('<segment id="s1" state="final">');
    expect(changed).toContain('<segment id="s2" state="translated">');
    expect(changed).not.toContain('Counted');
  });

  it('puts a note of their own in <notes> before <originalData>, or in place of an empty <notes/>', () => {
    const source = v2(`    <unit id="a">
      <originalData><data id="d1">&lt;br/&gt;</data></originalData>
      <segment><source>Line<ph id="1" dataRef="d1"/></source></segment>
    </unit>
    <unit id="b">
      <notes/>
      <segment><source>Other</source></segment>
    </unit>`);
    const previous = v2(`    <unit id="a">
      <notes>
        <note category="review">Keep the break</note>
      </notes>
      <originalData><data id="d1">&lt;br/&gt;</data></originalData>
      <segment state="final"><source>Line<ph id="1" dataRef="d1"/></source>
      <target>Zeile<ph id="1" dataRef="d1"/></target></segment>
    </unit>
    <unit id="b">
      <notes><note>Mine</note></notes>
      <segment state="final"><source>Other</source>
      <target>Andere</target></segment>
    </unit>`);
    const out = renderOver(source, previous, {
      a: 'Zeile<x id="1"/>',
      b: 'Andere',
    });
    expect(out).toBe(previous);
  });
});
