import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { UsageError } from '@transloom/client/errors';
import { type Diagnostic, FormatError, optionError } from '../../document/diagnostics.js';
import { type Edit, spliceEdits } from '../../document/splice-edits.js';
import { PLURAL_CATEGORIES } from '../../plurals/plural-categories.js';
import { renderSegment } from '../../segments/render-segment.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type {
  AdapterUnit,
  FormatAdapter,
  ParsedFile,
  UnitTranslation,
  Variant,
} from '../format-adapter.js';
import { IcuSyntaxError, icuToSegments, parseIcu } from '../icu/icu-to-segments.js';
import { renderIcu } from '../icu/render-icu.js';
import { verifyIcu } from '../icu/verify-icu.js';
import { isUnchanged } from '../unchanged-translation.js';
import { duplicateUnitIds } from './duplicate-unit-ids.js';
import {
  DEFAULT_I18NEXT_SYNTAX,
  type I18nextSyntax,
  i18nextToSegment,
} from './i18next-to-segments.js';
import {
  detectJsonStringStyle,
  encodeJsonString,
  type JsonMessage,
  type JsonStringStyle,
  keyPathSeparator,
  readJsonCatalog,
} from './json-messages.js';
import { jsonSpec } from './json-spec.js';
import { omitProperties } from './omit-properties.js';
import { findPluralGroups, type PluralGroup } from './plural-groups.js';

/** Message syntax of a catalog. */
export type JsonSyntax = 'i18next' | 'icu';

interface JsonParsed extends ParsedFile {
  messages: JsonMessage[];
  /** ICU messages parsed while detecting the syntax, reused by extraction. */
  icu: Map<string, MessageFormatElement[]>;
  syntax: JsonSyntax;
  i18next: I18nextSyntax;
  style: JsonStringStyle;
  pluralSeparator: string;
  /** What joins nested keys in unit ids. */
  pathSeparator: string;
  icuTags: boolean;
  /** The catalog's locale (plural groups: a lone `_other` is one where the locale has one form). */
  locale: string;
}

interface JsonUnit extends AdapterUnit {
  message: JsonMessage;
  group?: PluralGroup;
  /** ICU literal text -> its spelling in the message, where the two differ. */
  literals?: ReadonlyMap<string, string>;
}

const ICU_HINT =
  /\{\s*[\p{L}\p{N}_$]+\s*,\s*(?:plural|select|selectordinal|number|date|time)\s*[,}]|\{[\p{L}_$][\p{L}\p{N}_$]*\}/u;

/**
 * Guesses the message syntax. `$t(` means i18next. Otherwise ICU when every message with
 * braces parses as ICU and some look like ICU (`{x}`, `{x, plural, ...}`); `{{x}}` can be
 * ICU too (an argument inside a branch), so the parser decides, not the braces.
 */
export function detectJsonSyntax(
  messages: readonly JsonMessage[],
  parsed: Map<string, MessageFormatElement[]> = new Map(),
): JsonSyntax {
  let icu = 0;
  for (const { value, context } of messages) {
    if (value.includes('$t(')) return 'i18next';
    if (context !== undefined) icu++;
    if (!value.includes('{')) continue;
    try {
      if (!parsed.has(value)) parsed.set(value, parseIcu(value, true));
    } catch {
      return 'i18next';
    }
    if (ICU_HINT.test(value)) icu++;
  }
  return icu > 0 ? 'icu' : 'i18next';
}

function option<T>(options: Readonly<Record<string, unknown>>, name: string, fallback: T): T {
  const value = options[name];
  return value === undefined ? fallback : (value as T);
}

// One unit for an i18next plural group (`items_one`, `items_other`...): a variant per form,
// the `count` argument its selector.
function pluralUnit(
  parsed: JsonParsed,
  message: JsonMessage,
  group: PluralGroup,
  where: { line: number; column: number },
): JsonUnit {
  const builder = new SegmentBuilder();
  const numberIds = new Set<string>();
  const variants: Variant[] = group.members.map(({ message: member, category }) => {
    const byArgument = i18nextToSegment(member.value, builder, parsed.i18next);
    for (const id of byArgument.get('count') ?? []) numberIds.add(id);
    return { keys: [category], segment: builder.take() };
  });
  const base =
    message.parentPath === ''
      ? group.base
      : `${message.parentPath}${parsed.pathSeparator}${group.base}`;
  return {
    // `items` may be a key of its own beside `items_one`/`items_other` (i18next's fallback).
    id: `${base}#${group.ordinal ? 'ordinal' : 'plural'}`,
    segment: variants.find((v) => v.keys[0] === 'other')!.segment,
    plural: {
      selectors: [
        {
          argument: 'count',
          type: group.ordinal ? 'selectordinal' : 'plural',
          numberIds: [...numberIds],
        },
      ],
      variants,
    },
    path: base,
    ...where,
    markup: builder.markup(),
    message,
    group,
  };
}

/**
 * i18next and ICU JSON catalogs, nested or flat, including FormatJS's
 * `{ id: { string, description } }`. Translated strings replace the original string
 * literals only, so key order, indentation, escaping style, non-string values and the final
 * newline stay as they were. i18next plural groups are one unit; rendering writes exactly
 * the target locale's forms (`_few` and `_many` for Polish, only `_other` for Japanese).
 */
export const jsonAdapter: FormatAdapter<JsonParsed, JsonUnit> = {
  ...jsonSpec,

  detected: (parsed) => ({ syntax: parsed.syntax }),

  // A target's texts that stay are copied from it byte for byte (see `RenderContext.asItIs`).
  usesPreviousTarget: true,

  parse(file, options) {
    const keySeparator = option<unknown>(options, 'keySeparator', '.');
    if (keySeparator !== false && (typeof keySeparator !== 'string' || keySeparator === '')) {
      throw optionError(
        file.path,
        'json-options',
        `option keySeparator must be a non-empty string or false, got ${JSON.stringify(keySeparator)}`,
      );
    }
    const catalog = readJsonCatalog(file, { keySeparator });
    const syntax = option<JsonSyntax | 'auto'>(options, 'syntax', 'auto');
    const interpolation = option<Partial<I18nextSyntax>>(options, 'interpolation', {});
    const icu = new Map<string, MessageFormatElement[]>();
    const detected = syntax === 'auto' ? detectJsonSyntax(catalog.messages, icu) : syntax;
    return {
      file,
      warnings: [],
      messages: catalog.messages,
      syntax: detected,
      icu,
      i18next: { ...DEFAULT_I18NEXT_SYNTAX, ...interpolation },
      style: detectJsonStringStyle(file.text),
      pluralSeparator: option(options, 'pluralSeparator', '_'),
      pathSeparator: keyPathSeparator(keySeparator),
      icuTags: option(options, 'icuTags', true),
      locale: option(options, 'locale', 'en'),
    };
  },

  extract(parsed) {
    const { file } = parsed;
    const groups =
      parsed.syntax === 'i18next'
        ? findPluralGroups(parsed.messages, parsed.pluralSeparator, parsed.locale)
        : new Map<JsonMessage, PluralGroup>();
    const units: JsonUnit[] = [];
    const done = new Set<PluralGroup>();
    const errors: Diagnostic[] = [];
    for (const message of parsed.messages) {
      const where = file.position(message.valueStart);
      const group = groups.get(message);
      if (group) {
        if (done.has(group)) continue;
        done.add(group);
        units.push(pluralUnit(parsed, message, group, where));
        continue;
      }
      const builder = new SegmentBuilder();
      let content: Pick<JsonUnit, 'segment' | 'plural' | 'literals'>;
      if (parsed.syntax === 'icu') {
        try {
          const elements = parsed.icuTags ? parsed.icu.get(message.value) : undefined;
          content = icuToSegments(message.value, builder, {
            tags: parsed.icuTags,
            locale: parsed.locale,
            ...(elements ? { elements } : {}),
          });
        } catch (error) {
          if (!(error instanceof IcuSyntaxError)) throw error;
          errors.push({
            file: file.path,
            ...where,
            rule: 'icu-syntax',
            severity: 'error',
            message: `${message.path}: ${error.message}`,
          });
          continue;
        }
      } else {
        i18nextToSegment(message.value, builder, parsed.i18next);
        content = { segment: builder.take() };
      }
      units.push({
        id: message.path,
        ...content,
        ...(message.context ? { context: message.context } : {}),
        path: message.path,
        ...where,
        markup: builder.markup(),
        message,
      });
    }
    errors.push(...duplicateUnitIds(file, units));
    if (errors.length > 0) throw new FormatError(file.path, errors);
    return units;
  },

  apply(parsed, units, translations, context) {
    const edits: Edit[] = [];
    const holders = (unit: JsonUnit) =>
      unit.group
        ? unit.group.members.map((m) => m.message.propertyStart)
        : [unit.message.propertyStart];
    // Units without a translation leave their keys out of the target (the application falls
    // back to the source for a missing key); keys that go with them are left out too.
    let gone: (unit: JsonUnit) => boolean = () => false;
    if (context.untranslated === 'omit') {
      const missing = new Set<number>();
      for (const unit of units)
        if (!translations.has(unit.id)) for (const offset of holders(unit)) missing.add(offset);
      if (missing.size > 0) {
        const omission = omitProperties(parsed.file.text, missing);
        edits.push(...omission.edits);
        gone = (unit) => holders(unit).some((offset) => omission.isGone(offset));
      }
    }
    const literal = (original: unknown) => original as string;
    // The string literals of the target as it is, by key path: a text that stays keeps them.
    let literals: Map<string, string> | undefined;
    const previousLiterals = () => {
      literals ??= new Map(
        (context.previous?.messages ?? []).map((m) => [
          m.path,
          context.previous!.file.text.slice(m.valueStart, m.valueEnd),
        ]),
      );
      return literals;
    };
    const writeValue = (unit: JsonUnit, translation: UnitTranslation): string =>
      parsed.syntax === 'icu'
        ? renderIcu(translation, unit, {
            encode: (s) => s,
            original: literal,
            isIcuSyntax: () => true,
            tags: parsed.icuTags,
          })
        : renderSegment(translation as string, unit.markup, { text: (t) => t, original: literal });
    for (const unit of units) {
      const translation = translations.get(unit.id);
      if (gone(unit)) {
        context.omitted?.add(unit.id);
        continue;
      }
      if (translation === undefined || isUnchanged(unit, translation)) continue;
      const asItIs = context.asItIs?.has(unit.id) ? previousLiterals().get(unit.id) : undefined;
      if (asItIs !== undefined && !unit.group) {
        edits.push({
          start: unit.message.valueStart,
          end: unit.message.valueEnd,
          render: () => asItIs,
        });
        continue;
      }
      if (unit.group) {
        edits.push(...groupEdits(parsed, unit, translation));
        continue;
      }
      const value = writeValue(unit, translation);
      edits.push({
        start: unit.message.valueStart,
        end: unit.message.valueEnd,
        render: () => encodeJsonString(value, parsed.style),
      });
    }
    return edits;
  },

  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },

  verify(parsed, unit, translation, context) {
    if (parsed.syntax !== 'icu' || unit.group || isUnchanged(unit, translation)) return undefined;
    return verifyIcu(translation, unit, {
      isIcuSyntax: () => true,
      tags: parsed.icuTags,
      sourceLocale: context.sourceLocale,
      targetLocale: context.targetLocale,
    });
  },
};

// Rewrites a plural group with the forms of the translation: the first member's property is
// replaced by all new forms (in CLDR order) and the other members are removed with the
// comma and whitespace before them.
function groupEdits(parsed: JsonParsed, unit: JsonUnit, translation: UnitTranslation): Edit[] {
  if (typeof translation === 'string') {
    throw new UsageError(`unit ${unit.id} is a plural group: give its forms as variants`);
  }
  const { file, style, pluralSeparator } = parsed;
  const group = unit.group!;
  const members = group.members.map((m) => m.message);
  const first = members[0]!;
  const colon = file.text.slice(first.keyEnd, first.valueStart);
  const gap = file.text.slice(first.gapStart, first.propertyStart);
  const separator = `,${gap.replace(/^\s*,/, '')}`;
  const forms = [...translation.variants].sort(
    (a, b) =>
      PLURAL_CATEGORIES.indexOf(a.keys[0] as never) - PLURAL_CATEGORIES.indexOf(b.keys[0] as never),
  );
  const block = forms
    .map((form) => {
      const key = `${group.base}${group.ordinal ? `${pluralSeparator}ordinal` : ''}${pluralSeparator}${form.keys[0]}`;
      const value = renderSegment(form.segment, unit.markup, {
        text: (t) => t,
        original: (o) => o as string,
      });
      return `${encodeJsonString(key, style)}${colon}${encodeJsonString(value, style)}`;
    })
    .join(separator);
  return [
    { start: first.propertyStart, end: first.valueEnd, render: () => block },
    ...members
      .slice(1)
      .map((member) => ({ start: member.gapStart, end: member.valueEnd, render: () => '' })),
  ];
}
