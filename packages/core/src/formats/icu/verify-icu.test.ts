import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { assembleTranslation, unitForms } from '../../pipeline/unit-forms.js';
import { mapSegmentText } from '../../segments/parse-segment.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import { loadDocument } from '../load-document.js';
import { icuToSegments } from './icu-to-segments.js';
import { verifyIcuMessage } from './verify-icu.js';

const context = {
  isIcuSyntax: () => true,
  tags: true,
  sourceLocale: 'en',
  targetLocale: 'de',
};

function unitOf(message: string) {
  const builder = new SegmentBuilder();
  const content = icuToSegments(message, builder);
  return { ...content, markup: builder.markup() };
}

/** A document of one message, its translation into `locale` by `transform`, and what is written. */
function translate(message: string, locale: string, transform: (text: string) => string) {
  const doc = loadDocument({ path: 'en.json', content: JSON.stringify({ message }) });
  const unit = doc.units[0]!;
  const forms = unitForms(unit, 'en', locale);
  const segments = forms.map((form) => {
    const restored = form.restore(mapSegmentText(form.text, transform));
    if ('error' in restored) throw new Error(restored.error);
    return restored.segment;
  });
  const translation = assembleTranslation(forms, segments);
  const problem = doc.verify(unit.id, translation, { targetLocale: locale });
  const written = JSON.parse(doc.render({ [unit.id]: translation }, { targetLocale: locale }))
    .message as string;
  return { problem, written };
}

describe('verifyIcuMessage', () => {
  it('finds an argument read as quoted text', () => {
    const unit = unitOf("No results for ''{term}''");
    expect(unit.segment).toBe('No results for \'<x id="1"/>\'');
    const translation = 'Keine Ergebnisse für \'<x id="1"/>\'';
    // An apostrophe right before the argument starts a quote: the argument is text.
    expect(verifyIcuMessage("Keine Ergebnisse für '{term}'", translation, unit, context)).toBe(
      'the written message has the arguments [] where the translation has [{term}]',
    );
    expect(
      verifyIcuMessage("Keine Ergebnisse für ''{term}'", translation, unit, context),
    ).toBeUndefined();
  });

  it('finds text that reads differently, a missing form and a selector the source does not have', () => {
    const unit = unitOf('{n, plural, one {# file} other {# files}}');
    const translation = {
      variants: [
        { keys: ['one'], segment: '<x id="1"/> Datei' },
        { keys: ['other'], segment: '<x id="1"/> Dateien' },
      ],
    };
    expect(
      verifyIcuMessage('{n, plural, one {# Datei} other {# Dateien}}', translation, unit, context),
    ).toBeUndefined();
    expect(
      verifyIcuMessage(
        "{n, plural, one {# Datei's} other {# Dateien}}",
        translation,
        unit,
        context,
      ),
    ).toBe(
      'the written message (form one) reads "# of n Datei\'s" where the translation says "# of n Datei"',
    );
    expect(verifyIcuMessage('{n, plural, other {# Dateien}}', translation, unit, context)).toBe(
      'the written message has no form (form one)',
    );
    expect(
      verifyIcuMessage('{m, plural, one {# Datei} other {# Dateien}}', translation, unit, context),
    ).toBe('the written message selects on {m, plural}, which the source does not');
    // Polish needs few and many besides one and other.
    expect(
      verifyIcuMessage('{n, plural, one {# Datei} other {# Dateien}}', translation, unit, {
        ...context,
        targetLocale: 'pl',
      }),
    ).toBe('the translation has the forms [one; other] where pl needs [few; many; one; other]');
  });
});

describe('a translation as written', () => {
  const upper = (text: string) => text.toUpperCase();

  it('keeps every argument beside apostrophes, braces and hashes the translation brings', () => {
    const { problem, written } = translate(
      "No results for ''{term}'' in {n, plural, one {# folder} other {# folders}}",
      'pl',
      (text) => `'${text}' {#}`,
    );
    expect(problem).toBeUndefined();
    const format = new IntlMessageFormat(written, 'pl');
    expect(format.format({ term: 'cat', n: 5 })).toBe(
      "'No results for '' {#}cat'' in 5 folders' {#}",
    );
  });

  it('prints the number of a plural whose branch holds a select with `{n, number}`', () => {
    const message =
      '{n, plural, one {# new {kind, select, mail {mail} other {note}}} other {# new {kind, select, mail {mails} other {notes}}}}';
    const { problem, written } = translate(message, 'de', upper);
    expect(problem).toBeUndefined();
    expect(written).toContain('{n, number} NEW MAIL');
    expect(new IntlMessageFormat(written, 'de').format({ n: 1000, kind: 'mail' })).toBe(
      '1.000 NEW MAILS',
    );
  });

  it('fails a `#` that cannot print its number where it is written (a plural with an offset)', () => {
    const message =
      '{n, plural, offset:1 other {You and # others {kind, select, mail {wrote} other {replied}}}}';
    const { problem } = translate(message, 'de', upper);
    expect(problem).toBe(
      'the written message (form one mail) has the arguments [] where the translation has [# of n]',
    );
  });
});
