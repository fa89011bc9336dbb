import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

// Symfony's XliffFileDumper: the key as source (and resname), the English text as target.
const icu = `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="en" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="Pd0nhUe" resname="app.login.title">
        <source>app.login.title</source>
        <target>Sign in</target>
      </trans-unit>
      <trans-unit id="x1Lq9bT" resname="app.login.welcome">
        <source>app.login.welcome</source>
        <target>Welcome back, {name}!</target>
      </trans-unit>
      <trans-unit id="b7WcEwr" resname="app.inbox.unread">
        <source>app.inbox.unread</source>
        <target>{count, plural, one {You have # new message} other {You have # new messages}}</target>
      </trans-unit>
      <trans-unit id="Kq0Zs3m" resname="app.login.terms">
        <source>app.login.terms</source>
        <target><![CDATA[Read the <b>terms</b> first, {name}.]]></target>
      </trans-unit>
      <trans-unit id="m2xX0aa" resname="app.untranslated">
        <source>app.untranslated</source>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

const classic = `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="en" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="1" resname="cart.summary">
        <source>cart.summary</source>
        <target>%count% items, total %total%</target>
      </trans-unit>
      <trans-unit id="2" resname="cart.count">
        <source>cart.count</source>
        <target>{0} Your cart is empty|{1} One item|]1,Inf[ %count% items</target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

const v2 = `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="en">
  <file id="messages.en">
    <unit id="Pd0nhUe" name="app.login.title">
      <segment>
        <source>app.login.title</source>
        <target>Sign in</target>
      </segment>
    </unit>
    <unit id="x1Lq9bT" name="app.login.welcome">
      <segment>
        <source>app.login.welcome</source>
        <target>Welcome back, {name}!</target>
      </segment>
    </unit>
  </file>
</xliff>
`;

describe("Symfony's layout (key as source, text as target)", () => {
  const path = 'translations/messages+intl-icu.en.xlf';
  const document = loadDocument({ path, content: icu });
  const byId = new Map(document.units.map((u) => [u.id, u]));

  it('reads the target as the text, with ICU arguments, plurals and CDATA HTML protected', () => {
    expect(byId.get('Pd0nhUe')!.segment).toBe('Sign in');
    expect(byId.get('x1Lq9bT')!.segment).toBe('Welcome back, <x id="1"/>!');
    expect(byId.get('b7WcEwr')!.plural?.variants).toEqual([
      { keys: ['one'], segment: 'You have <x id="1"/> new message' },
      { keys: ['other'], segment: 'You have <x id="1"/> new messages' },
    ]);
    expect(byId.get('Kq0Zs3m')!.segment).toBe('Read the <g id="1">terms</g> first, <x id="2"/>.');
  });

  it('does not send a key without text, and says so', () => {
    expect(byId.has('m2xX0aa')).toBe(false);
    expect(document.warnings).toEqual([
      expect.objectContaining({ rule: 'xliff-key-without-text', line: 21, column: 7 }),
    ]);
    expect(document.warnings[0]!.message).toContain('app.untranslated');
  });

  it('reports the layout so a translation is read the same way', () => {
    expect(document.options.text).toBe('target');
    expect(loadDocument({ path: 'other.xlf', content: classic }).options.text).toBe('target');
  });

  it('writes translations into <target>, keeping keys, arguments and markup', () => {
    const out = document.render(
      {
        Pd0nhUe: 'Anmelden',
        x1Lq9bT: 'Willkommen zurück, <x id="1"/>!',
        b7WcEwr: {
          variants: [
            { keys: ['one'], segment: 'Sie haben <x id="1"/> neue Nachricht' },
            { keys: ['other'], segment: 'Sie haben <x id="1"/> neue Nachrichten' },
          ],
        },
        Kq0Zs3m: 'Lesen Sie zuerst die <g id="1">Bedingungen</g>, <x id="2"/> &amp; Co.',
      },
      { targetLocale: 'de' },
    );
    expect(out).toContain('target-language="de"');
    expect(out).toContain(
      '<source>app.login.title</source>\n        <target state="translated">Anmelden</target>',
    );
    expect(out).toContain('<target state="translated">Willkommen zurück, {name}!</target>');
    expect(out).toContain(
      '<target state="translated">{count, plural, one {Sie haben # neue Nachricht} other {Sie haben # neue Nachrichten}}</target>',
    );
    expect(out).toContain(
      '<target state="translated"><![CDATA[Lesen Sie zuerst die <b>Bedingungen</b>, {name} & Co.]]></target>',
    );
    const again = loadDocument({ path, content: out, options: document.options });
    expect(again.units.find((u) => u.id === 'Pd0nhUe')!.segment).toBe('Anmelden');
    expect(again.units.find((u) => u.id === 'Kq0Zs3m')!.segment).toBe(
      'Lesen Sie zuerst die <g id="1">Bedingungen</g>, <x id="2"/> &amp; Co.',
    );
  });

  it("protects Symfony's %param% placeholders and plural intervals", () => {
    const units = loadDocument({ path: 'messages.en.xlf', content: classic }).units;
    expect(units.map((u) => u.segment)).toEqual([
      '<x id="1"/> items, total <x id="2"/>',
      '<x id="1"/> Your cart is empty|<x id="2"/> One item|<x id="3"/> <x id="4"/> items',
    ]);
  });

  it('reads XLIFF 2.0 written by Symfony (the key in name)', () => {
    const units = loadDocument({ path: 'messages+intl-icu.en.xlf', content: v2 }).units;
    expect(units.map((u) => u.segment)).toEqual(['Sign in', 'Welcome back, <x id="1"/>!']);
  });

  it("follows the `text` option: 'source' translates the keys", () => {
    const keys = loadDocument({ path, content: icu, options: { text: 'source' } });
    expect(keys.units[0]!.segment).toBe('app.login.title');
    expect(keys.options.text).toBe('source');
  });

  it('does not take a translation for the text when the id only happens to equal the source', () => {
    // Xcode: the English text is the id, the target is Italian.
    const xcode = `<xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="it" datatype="plaintext"><body>
<trans-unit id="Cancel" xml:space="preserve"><source>Cancel</source><target>Annulla</target></trans-unit>
<trans-unit id="Done" xml:space="preserve"><source>Done</source><target>Fine</target></trans-unit>
</body></file></xliff>`;
    const document = loadDocument({ path: 'it.xliff', content: xcode });
    expect(document.units.map((u) => u.segment)).toEqual(['Cancel', 'Done']);
    expect(document.options.text).toBe('source');
  });

  it('refuses an unknown value of the option', () => {
    expect(() => loadDocument({ path, content: icu, options: { text: 'keys' } })).toThrow(
      FormatError,
    );
  });
});
