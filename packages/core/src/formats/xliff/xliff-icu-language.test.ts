import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

// `n` selected twice: the second plural has no `=0`, so for 0 ICU takes the branch of 0's
// category in the message's language: French `one` ("fichier"), English `other` ("fichiers").
const FRENCH = '{n, plural, =0 {Aucun} other {#}} {n, plural, one {fichier} other {fichiers}}';
const ENGLISH = '{n, plural, =0 {No} other {#}} {n, plural, one {file} other {files}}';

const v12 = (languages: string, target = '') => `<?xml version="1.0"?>
<xliff version="1.2">
  <file ${languages} original="a" datatype="plaintext">
    <body>
      <trans-unit id="count"><source>${FRENCH}</source>${target}</trans-unit>
    </body>
  </file>
</xliff>
`;

const v2 = (srcLang: string) => `<?xml version="1.0"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="${srcLang}">
  <file id="f"><unit id="count"><segment><source>${FRENCH}</source></segment></unit></file>
</xliff>
`;

/** The sentence of the `=0` form of the document's one unit. */
function zeroForm(document: ReturnType<typeof loadDocument>): string | undefined {
  return document.units[0]!.plural?.variants.find((v) => v.keys.join() === '=0')?.segment;
}

describe("XLIFF ICU plurals in the file's languages", () => {
  it("1.2: an exact value takes the branch of its category in the file's source-language", () => {
    const document = loadDocument({ path: 'a.xlf', content: v12('source-language="fr"') });
    expect(zeroForm(document)).toBe('Aucun fichier');
  });

  it('2.0: srcLang names it, in the spelling Java and Symfony use too', () => {
    const document = loadDocument({ path: 'a.xlf', content: v2('fr_FR') });
    expect(document.format).toBe('xliff2');
    expect(zeroForm(document)).toBe('Aucun fichier');
  });

  it('a file that names no language (or not one) is in the locale it is read in', () => {
    for (const languages of ['', 'source-language="??"']) {
      const content = v12(languages);
      expect(zeroForm(loadDocument({ path: 'a.xlf', content, sourceLocale: 'fr' }))).toBe(
        'Aucun fichier',
      );
      expect(zeroForm(loadDocument({ path: 'a.xlf', content, sourceLocale: 'en' }))).toBe(
        'Aucun fichiers',
      );
    }
  });

  it("a translation read from its targets is in the file's target-language", () => {
    const content = v12(
      'source-language="en" target-language="fr"',
      `<target state="translated">${FRENCH}</target>`,
    ).replace(`<source>${FRENCH}`, `<source>${ENGLISH}`);
    const source = loadDocument({ path: 'a.fr.xlf', content });
    expect(zeroForm(source)).toBe('No files');
    const target = loadDocument({
      path: 'a.fr.xlf',
      content,
      sourceLocale: 'fr',
      options: { segmentsFrom: 'target' },
    });
    expect(zeroForm(target)).toBe('Aucun fichier');
  });
});
