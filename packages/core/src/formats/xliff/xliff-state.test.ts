import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

const v2 = `<?xml version="1.0"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
  <file id="f">
    <unit id="final"><segment state="final"><source>Save</source><target>Speichern</target></segment></unit>
    <unit id="reviewed"><segment state="reviewed" subState="acme:checked"><source>Open</source><target>Öffnen</target></segment></unit>
    <unit id="changed"><segment state="final" subState="acme:signed"><source>Close</source><target>Schliesen</target></segment></unit>
    <unit id="initial"><segment state="initial"><source>Help</source><target xml:lang="fr">Hilfe</target></segment></unit>
    <unit id="new"><segment><source>Quit</source></segment></unit>
  </file>
</xliff>
`;

const v12 = `<?xml version="1.0"?>
<xliff version="1.2">
  <file source-language="en" target-language="fr" original="a" datatype="plaintext">
    <body>
      <trans-unit id="final"><source>Save</source><target state="final" xml:lang="fr">Speichern</target></trans-unit>
      <trans-unit id="signed"><source>Open</source><target state="signed-off" state-qualifier="exact-match">Öffnen</target></trans-unit>
      <trans-unit id="changed"><source>Close</source><target state="final" state-qualifier="exact-match" xml:lang='fr'>Schliesen</target></trans-unit>
      <trans-unit id="pending"><source>Help</source><target state="needs-translation">Hilfe</target></trans-unit>
      <trans-unit id="plain"><source>Back</source><target>Zurück</target></trans-unit>
    </body>
  </file>
</xliff>
`;

const german = {
  final: 'Speichern',
  reviewed: 'Öffnen',
  signed: 'Öffnen',
  changed: 'Schließen',
  initial: 'Hilfe',
  pending: 'Hilfe',
  plain: 'Zurück',
  new: 'Beenden',
};

describe('XLIFF states and languages of a rendered target', () => {
  it('2.0: keeps reviewed and final when the text is unchanged, and sets translated (dropping subState) when it changed', () => {
    const out = loadDocument({ path: 'a.xlf', content: v2 }).render(german, {
      targetLocale: 'de',
    });
    expect(out).toContain('<segment state="final"><source>Save</source><target>Speichern</target>');
    expect(out).toContain(
      '<segment state="reviewed" subState="acme:checked"><source>Open</source><target>Öffnen</target>',
    );
    expect(out).toContain(
      '<segment state="translated"><source>Close</source><target>Schließen</target>',
    );
    // `initial` means not translated yet: the text is now the translation.
    expect(out).toContain(
      '<segment state="translated"><source>Help</source><target xml:lang="de">Hilfe</target>',
    );
    expect(out).toContain('<segment state="translated"><source>Quit</source>');
    expect(out).toContain('srcLang="en" trgLang="de"');
  });

  it('1.2: keeps final and signed-off when the text is unchanged, and sets translated (dropping state-qualifier) when it changed', () => {
    const out = loadDocument({ path: 'a.xlf', content: v12 }).render(german, {
      targetLocale: 'de',
    });
    expect(out).toContain('<target state="final" xml:lang="de">Speichern</target>');
    expect(out).toContain(
      '<target state="signed-off" state-qualifier="exact-match">Öffnen</target>',
    );
    expect(out).toContain('<target state="translated" xml:lang=\'de\'>Schließen</target>');
    expect(out).toContain('<target state="translated">Hilfe</target>');
    // No state and the same text: nothing to say, the target stays as it was.
    expect(out).toContain('<source>Back</source><target>Zurück</target>');
    expect(out).toContain('source-language="en" target-language="de"');
  });

  it('writes nothing but the languages when every translation is already there', () => {
    const document = loadDocument({ path: 'a.xlf', content: v12 });
    const out = document.render(
      { final: 'Speichern', signed: 'Öffnen', changed: 'Schliesen', pending: 'Hilfe' },
      { targetLocale: 'fr' },
    );
    expect(out).toBe(
      v12.replace('<target state="needs-translation">', '<target state="translated">'),
    );
  });
});
