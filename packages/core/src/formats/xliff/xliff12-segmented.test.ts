import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

// As Okapi and memoQ write it: the source whole, then segmented in <seg-source>.
const okapi = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:okp="okapi-framework:xliff-extensions">
  <file original="guide.html" source-language="en" target-language="fr" datatype="html">
    <body>
      <trans-unit id="tu1">
        <source xml:lang="en">Open the file. Then press <g id="1">Save</g>.</source>
        <seg-source><mrk mid="0" mtype="seg">Open the file.</mrk> <mrk mid="1" mtype="seg">Then press <g id="1">Save</g>.</mrk></seg-source>
        <note>Toolbar help</note>
      </trans-unit>
      <trans-unit id="tu2">
        <source xml:lang="en">One. Two.</source>
        <seg-source><mrk mid="a" mtype="seg">One.</mrk> <mrk mid="b" mtype="seg">Two.</mrk></seg-source>
        <target xml:lang="fr"><mrk mid="a" mtype="seg">Un.</mrk> <mrk mid="b" mtype="seg">Deux.</mrk></target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

describe('segmented XLIFF 1.2 (<seg-source>)', () => {
  const document = loadDocument({ path: 'guide.xlf', content: okapi });

  it('reads each <mrk mtype="seg"> as its own unit, with the unit id and the mid', () => {
    expect(document.units.map((u) => [u.id, u.segment, u.context])).toEqual([
      ['tu1#0', 'Open the file.', 'Toolbar help'],
      ['tu1#1', 'Then press <g id="1">Save</g>.', 'Toolbar help'],
      ['tu2#a', 'One.', undefined],
      ['tu2#b', 'Two.', undefined],
    ]);
  });

  it('writes the target after <seg-source>, segmented like it', () => {
    const out = document.render(
      { 'tu1#0': 'Ouvrez le fichier.', 'tu1#1': 'Puis appuyez sur <g id="1">Enregistrer</g>.' },
      { targetLocale: 'fr' },
    );
    expect(out).toContain(
      `<seg-source><mrk mid="0" mtype="seg">Open the file.</mrk> <mrk mid="1" mtype="seg">Then press <g id="1">Save</g>.</mrk></seg-source>
        <target xml:lang="fr" state="translated"><mrk mid="0" mtype="seg">Ouvrez le fichier.</mrk> <mrk mid="1" mtype="seg">Puis appuyez sur <g id="1">Enregistrer</g>.</mrk></target>
        <note>Toolbar help</note>`,
    );
  });

  it('fills an untranslated segment with its source, and edits an existing segmented target per segment', () => {
    const out = document.render(
      { 'tu1#1': 'Dann <g id="1">Speichern</g>.', 'tu2#b': 'Zwei.' },
      {
        targetLocale: 'de',
      },
    );
    expect(out).toContain(
      '<target xml:lang="de" state="translated"><mrk mid="0" mtype="seg">Open the file.</mrk> <mrk mid="1" mtype="seg">Dann <g id="1">Speichern</g>.</mrk></target>',
    );
    expect(out).toContain(
      '<target xml:lang="de" state="translated"><mrk mid="a" mtype="seg">Un.</mrk> <mrk mid="b" mtype="seg">Zwei.</mrk></target>',
    );
  });

  it('reads a translated file back per segment', () => {
    const out = document.render(
      { 'tu1#0': 'Ouvrez le fichier.', 'tu1#1': 'Puis <g id="1">Enregistrer</g>.' },
      { targetLocale: 'fr' },
    );
    const again = loadDocument({
      path: 'guide.xlf',
      content: out,
      options: { segmentsFrom: 'target' },
    });
    expect(again.units.map((u) => [u.id, u.segment])).toEqual([
      ['tu1#0', 'Ouvrez le fichier.'],
      ['tu1#1', 'Puis <g id="1">Enregistrer</g>.'],
      ['tu2#a', 'Un.'],
      ['tu2#b', 'Deux.'],
    ]);
  });

  it('refuses two segments with the same mid in one unit', () => {
    const twice = okapi.replace(
      '<mrk mid="b" mtype="seg">Two.</mrk></seg-source>',
      '<mrk mid="a" mtype="seg">Two.</mrk></seg-source>',
    );
    expect(() => loadDocument({ path: 'guide.xlf', content: twice })).toThrow(FormatError);
  });
});
