import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UnitTranslation } from '../formats/format-adapter.js';
import { type LocDocument, loadDocument } from '../formats/load-document.js';
import type { FormatName } from '../formats/registry.js';
import { decodeXmlText } from '../formats/xliff/xml-tree.js';
import { alignTarget } from '../pipeline/align-target.js';
import { translationHash } from '../pipeline/translation-hash.js';
import { assembleTranslation, type UnitForm, unitForms } from '../pipeline/unit-forms.js';
import { compareSegmentMarkup, mapSegmentText } from '../segments/parse-segment.js';

/** One document the suite runs against. */
export interface ConformanceCase {
  /** A name for the test output. */
  name: string;
  /** The path given to `loadDocument` (its extension picks the format). */
  path: string;
  content: Uint8Array;
  format?: FormatName;
  options?: Readonly<Record<string, unknown>>;
  /** A golden file for the pseudo translation into German (written when UPDATE_GOLDEN is set). */
  golden?: string;
}

// biome-ignore format: a lookup table reads best as a table
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', A: 'Á', E: 'É', I: 'Í', O: 'Ö', U: 'Ü', n: 'ñ', c: 'ç', s: 'š' };

/** A deterministic pseudo translation of a segment: accented, bracketed, markup untouched. */
export function pseudo(segment: string): string {
  const accented = mapSegmentText(segment, (t) =>
    t.replace(/[aeiouAEIOUncs]/g, (ch) => ACCENTS[ch]!),
  );
  return `⟦${accented}⟧`;
}

/** Pseudo translations of every unit sent (every variant of plural units; derived ones are not). */
export function pseudoTranslations(document: LocDocument): Map<string, UnitTranslation> {
  return new Map(
    document.units
      .filter((u) => !u.derived)
      .map((u): [string, UnitTranslation] => [
        u.id,
        u.plural
          ? {
              variants: u.plural.variants.map((v) => ({
                keys: v.keys,
                segment: pseudo(v.segment),
              })),
            }
          : pseudo(u.segment),
      ]),
  );
}

// The pseudo translation of a form as the pipeline restores it (with its placeholders when the
// number it was sent with is not found again).
function pseudoForm(form: UnitForm): string {
  const restored = form.restore(pseudo(form.text));
  if ('segment' in restored) return restored.segment;
  const again = form.fallback?.restore(pseudo(form.fallback.text));
  if (again && 'segment' in again) return again.segment;
  throw new Error(`${form.text}: ${'error' in restored ? restored.error : ''}`);
}

/** Pseudo translations of every unit for `locale`, built from the forms the pipeline sends. */
export function pseudoFormTranslations(
  document: LocDocument,
  locale: string,
): Map<string, UnitTranslation> {
  return new Map(
    document.units
      .filter((u) => !u.derived)
      .map((unit): [string, UnitTranslation] => {
        const forms = unitForms(unit, document.sourceLocale, locale);
        return [unit.id, assembleTranslation(forms, forms.map(pseudoForm))];
      }),
  );
}

/** The translations that render a document's own text. */
export function identityTranslations(document: LocDocument): Map<string, UnitTranslation> {
  return new Map(
    document.units.map((u): [string, UnitTranslation] => [
      u.id,
      u.plural ? { variants: u.plural.variants } : u.segment,
    ]),
  );
}

const TARGET =
  /\r?\n[ \t]*<(?:\w+:)?target\b[^>]*\/>|\r?\n[ \t]*<((?:\w+:)?target)\b[^>]*>[\s\S]*?<\/\1>|<(?:\w+:)?target\b[^>]*\/>|<((?:\w+:)?target)\b[^>]*>[\s\S]*?<\/\2>/g;

// Inserts a unit before all others, in each format's own syntax.
function insertUnrelated(format: FormatName, text: string): string | undefined {
  const after = (pattern: RegExp, insert: string) => {
    const match = pattern.exec(text);
    return match
      ? text.slice(0, match.index + match[0].length) +
          insert +
          text.slice(match.index + match[0].length)
      : undefined;
  };
  switch (format) {
    case 'json':
      return text.trimStart().startsWith('{')
        ? after(/\{/, '"zz_inserted_unit": "An inserted sentence",')
        : undefined;
    case 'xliff12':
      return after(
        /<body[^>]*>/,
        '<trans-unit id="zz-inserted"><source>An inserted sentence</source></trans-unit>',
      );
    case 'xliff2':
      return after(
        /<file\b[^>]*>/,
        '<unit id="zz-inserted"><segment><source>An inserted sentence</source></segment></unit>',
      );
    case 'html':
      return (
        after(/<body[^>]*>/, '<p>An inserted sentence.</p>') ??
        `<p>An inserted sentence.</p>\n${text}`
      );
    case 'markdown':
    case 'mdx': {
      const frontMatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text);
      const at = frontMatter ? frontMatter[0].length : 0;
      return `${text.slice(0, at)}\nAn inserted sentence.\n\n${text.slice(at)}`;
    }
  }
}

function xliffTargetsHoldSource(output: string): void {
  // A source and the target right after it (sources without a target are skipped).
  const pairs =
    /<(?:\w+:)?source\b[^>]*>((?:(?!<(?:\w+:)?source\b)[\s\S])*?)<\/(?:\w+:)?source>\s*<(?:\w+:)?target\b[^>]*>([\s\S]*?)<\/(?:\w+:)?target>/g;
  // Alternative translations (1.2 <alt-trans>) are the file's own suggestions, not its targets.
  const targets = output.replace(/<(?:\w+:)?alt-trans\b[\s\S]*?<\/(?:\w+:)?alt-trans>/g, '');
  for (const unit of targets.matchAll(pairs)) {
    const plain = (xml: string) =>
      decodeXmlText(xml.replace(/^<!\[CDATA\[|\]\]>$/g, ''))
        .replace(/\s+/g, ' ')
        .trim();
    expect(plain(unit[2]!)).toBe(plain(unit[1]!));
  }
}

/** Runs the conformance suite for every case. */
export function conformanceSuite(title: string, cases: readonly ConformanceCase[]): void {
  describe(title, () => {
    for (const c of cases) {
      describe(c.name, () => {
        const load = (content: string | Uint8Array) =>
          loadDocument({
            path: c.path,
            content,
            ...(c.format ? { format: c.format } : {}),
            ...(c.options ? { options: c.options } : {}),
          });
        const document = load(c.content);

        it('renders its own segments back: byte for byte, or for XLIFF targets filled with the source', () => {
          const output = document.render(identityTranslations(document), {
            targetLocale: document.sourceLocale,
          });
          if (document.format === 'xliff12' || document.format === 'xliff2') {
            expect(output.replace(TARGET, '')).toBe(document.file.text.replace(TARGET, ''));
            // In Symfony's layout the targets are the text: they come back as they were.
            if (document.options.text === 'target') expect(output).toBe(document.file.text);
            else xliffTargetsHoldSource(output);
          } else {
            expect(output).toBe(document.file.text);
            expect(document.encode(output)).toEqual(document.encode(document.file.text));
          }
        });

        it('extracts the same units after a round trip', () => {
          const output = document.render(identityTranslations(document), {
            targetLocale: document.sourceLocale,
          });
          const again = load(output);
          expect(again.units.map((u) => [u.id, u.segment])).toEqual(
            document.units.map((u) => [u.id, u.segment]),
          );
        });

        it('keeps every placeholder and tag through a pseudo translation, and the output parses', () => {
          const translations = pseudoTranslations(document);
          const output = document.render(translations, { targetLocale: 'de' });
          const xliff = document.format === 'xliff12' || document.format === 'xliff2';
          const again = xliff
            ? loadDocument({
                path: c.path,
                content: output,
                format: document.format,
                options: { ...c.options, segmentsFrom: 'target' },
              })
            : load(output);
          expect(again.units.length).toBe(document.units.length);
          again.units.forEach((unit, i) => {
            const source = document.units[i]!;
            const expected = translations.get(source.id)!;
            const problem = compareSegmentMarkup(source.segment, unit.segment);
            expect(problem, `${source.id}: ${unit.segment}`).toBeNull();
            if (typeof expected === 'string') expect(unit.segment, source.id).toBe(expected);
          });
          if (c.golden) {
            const bytes = Buffer.from(document.encode(output));
            if (process.env.UPDATE_GOLDEN || !existsSync(c.golden)) writeFileSync(c.golden, bytes);
            expect(
              bytes.equals(readFileSync(c.golden)),
              `${c.golden} differs; run with UPDATE_GOLDEN=1 after checking`,
            ).toBe(true);
          }
        });

        it('verifies a translation of the forms Polish needs, and reads it back as written', () => {
          const locale = 'pl';
          const translations = pseudoFormTranslations(document, locale);
          for (const [id, translation] of translations)
            expect(document.verify(id, translation, { targetLocale: locale }), id).toBeUndefined();
          const output = document.render(translations, { targetLocale: locale });
          const xliff = document.format === 'xliff12' || document.format === 'xliff2';
          const target = loadDocument({
            path: c.path,
            content: output,
            format: document.format,
            sourceLocale: locale,
            options: { ...document.options, locale, ...(xliff ? { segmentsFrom: 'target' } : {}) },
          });
          // What the pipeline plans from: the target's text of each unit, in the source's ids,
          // found by the hash the lock records of what was written; it must hash the same.
          const written = new Map(
            [...translations].map(([id, t]) => [id, translationHash(document.portable(id, t))]),
          );
          const { texts } = alignTarget(document, target, (id) => written.get(id));
          for (const [id, hash] of written) {
            const read = texts.get(id);
            expect(read && translationHash(document.portable(id, read)), id).toBe(hash);
          }
        });

        const inserted = insertUnrelated(document.format, document.file.text);
        it.skipIf(inserted === undefined)(
          'keeps ids when an unrelated unit is inserted before them',
          () => {
            const again = load(inserted!);
            const ids = new Map(again.units.map((u) => [u.id, u.segment]));
            for (const unit of document.units) expect(ids.get(unit.id), unit.id).toBe(unit.segment);
            expect(again.units.length).toBeGreaterThan(document.units.length);
          },
        );
      });
    }
  });
}
