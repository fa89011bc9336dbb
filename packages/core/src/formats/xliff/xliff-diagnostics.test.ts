import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

function refusal(path: string, content: string): FormatError {
  try {
    loadDocument({ path, content });
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return error as FormatError;
  }
  throw new Error(`${path} loaded`);
}

describe('XLIFF diagnostics', () => {
  it('warns, with its position, about every bin-unit it skips', () => {
    const document = loadDocument({
      path: 'app.xlf',
      content: `<xliff version="1.2">
  <file source-language="en" original="app" datatype="plaintext">
    <body>
      <trans-unit id="a"><source>Text</source></trans-unit>
      <group id="images">
        <bin-unit id="logo" mime-type="image/png"><bin-source><external-file href="logo.png"/></bin-source></bin-unit>
      </group>
    </body>
  </file>
</xliff>`,
    });
    expect(document.units.map((u) => u.id)).toEqual(['a']);
    expect(document.warnings).toEqual([
      expect.objectContaining({
        file: 'app.xlf',
        line: 6,
        column: 9,
        rule: 'xliff-bin-unit-skipped',
        severity: 'warning',
      }),
    ]);
    expect(document.warnings[0]!.message).toContain('logo');
  });

  it('says nothing of a bin-unit in a group that is not translated, and reads a 1.2 unit that turns translation back on', () => {
    const document = loadDocument({
      path: 'app.xlf',
      content: `<xliff version="1.2">
  <file source-language="en" original="app" datatype="plaintext">
    <body>
      <group id="frozen" translate="no">
        <trans-unit id="a"><source>Frozen</source></trans-unit>
        <trans-unit id="b" translate="yes"><source>Open</source></trans-unit>
        <bin-unit id="logo" mime-type="image/png"><bin-source><external-file href="logo.png"/></bin-source></bin-unit>
      </group>
    </body>
  </file>
</xliff>`,
    });
    expect(document.units.map((u) => u.id)).toEqual(['b']);
    expect(document.warnings).toEqual([]);
  });

  it('refuses a 1.2 file whose unit id is used twice for different text, naming both places', () => {
    const error = refusal(
      'app.xlf',
      `<xliff version="1.2">
  <file source-language="en" original="app" datatype="plaintext">
    <body>
      <trans-unit id="title"><source>Home</source></trans-unit>
      <group id="g">
        <trans-unit id="title"><source>Settings</source></trans-unit>
      </group>
    </body>
  </file>
</xliff>`,
    );
    expect(error.diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([
      ['duplicate-unit-id', 4, 7],
      ['duplicate-unit-id', 6, 9],
    ]);
    expect(error.diagnostics[0]!.message).toContain('6:9');
    expect(error.diagnostics[1]!.message).toContain('4:7');
  });

  it('refuses a 2.0 file whose unit id is used twice', () => {
    const error = refusal(
      'app.xlf',
      `<xliff version="2.0" srcLang="en">
  <file id="f">
    <unit id="u"><segment><source>A</source></segment></unit>
    <unit id="u"><segment><source>B</source></segment></unit>
  </file>
</xliff>`,
    );
    expect(error.diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([
      ['duplicate-unit-id', 3, 5],
      ['duplicate-unit-id', 4, 5],
    ]);
  });

  it('accepts the same id twice for the same text (one translation is right for both), and in different files', () => {
    const document = loadDocument({
      path: 'app.xlf',
      content: `<xliff version="1.2">
  <file source-language="en" original="a" datatype="plaintext"><body>
    <trans-unit id="x"><source>Same</source></trans-unit>
    <trans-unit id="x"><source>Same</source></trans-unit>
  </body></file>
  <file source-language="en" original="b" datatype="plaintext"><body>
    <trans-unit id="x"><source>Other</source></trans-unit>
  </body></file>
</xliff>`,
    });
    expect(document.units.map((u) => u.id)).toEqual(['a#x', 'a#x', 'b#x']);
    const out = document.render({ 'a#x': 'Gleich', 'b#x': 'Anders' }, { targetLocale: 'de' });
    expect(out.match(/Gleich/g)).toHaveLength(2);
  });
});
