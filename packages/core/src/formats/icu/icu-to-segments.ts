import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { TransloomError } from '@transloom/client/errors';
import { compareSelectorKeys } from '../../plurals/selector-key-order.js';
import type { SegmentBuilder } from '../../segments/segment-markup.js';
import type { PluralStructure, Selector } from '../format-adapter.js';
import { IcuExpander, type IcuPart } from './icu-expander.js';

export type { IcuPart } from './icu-expander.js';

/** Options of {@link icuToSegments}. */
export interface IcuOptions {
  /** Parse `<b>..</b>` rich-text tags (default true). */
  tags?: boolean;
  /**
   * Text of literals may hold sentinel characters standing for markup of the surrounding
   * format (XLIFF inline elements); this turns each into parts.
   */
  sentinels?: ReadonlyMap<string, IcuPart[]>;
  /** The message already parsed (with locations), to skip parsing it again. */
  elements?: MessageFormatElement[];
  /** The message's language, whose plural rules pick a branch for an exact value (default `en`). */
  locale?: string;
}

/** The segment of a message without selectors, or the structure of a plural/select one. */
export interface IcuContent {
  segment: string;
  plural?: PluralStructure;
  /** Literal text -> its spelling in the message, where the two differ (quoted or `''`). */
  literals?: ReadonlyMap<string, string>;
}

/** Thrown for a message that is not valid ICU MessageFormat. */
export class IcuSyntaxError extends TransloomError {
  override readonly name = 'IcuSyntaxError';
  /** 0-based offset of the problem in the message. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super('TRANSLOOM_ICU_SYNTAX', message, { kind: 'user' });
    this.offset = offset;
  }
}

/** Parses (with locations unless told not to); without tags when tag parsing fails (a literal `<` in text). */
export function parseIcu(message: string, tags = true, locations = true): MessageFormatElement[] {
  try {
    return parse(message, {
      captureLocation: locations,
      ignoreTag: !tags,
      requiresOtherClause: false,
    });
  } catch (error) {
    if (tags) {
      try {
        return parse(message, {
          captureLocation: locations,
          ignoreTag: true,
          requiresOtherClause: false,
        });
      } catch {
        // Report the first error.
      }
    }
    const location = (error as { location?: { start: { offset: number } } }).location;
    throw new IcuSyntaxError(
      `invalid ICU message: ${(error as Error).message}`,
      location?.start.offset ?? 0,
    );
  }
}

/** Whether a message has plural, selectordinal or select anywhere. */
export function hasSelectors(elements: readonly MessageFormatElement[]): boolean {
  return elements.some(
    (e) =>
      e.type === TYPE.plural ||
      e.type === TYPE.select ||
      (e.type === TYPE.tag && hasSelectors(e.children)),
  );
}

const ARGUMENT = /^\{\s*([\p{L}\p{N}_$]+)\s*(?:,\s*number\b[^}]*)?\}$/u;

// `#`, and `{count}` or `{count, number}` where a plural selects on `count`, print the number.
function numberOf(
  part: Extract<IcuPart, { kind: 'placeholder' }>,
  plurals: ReadonlyMap<string, number>,
): number | undefined {
  if (part.numberOf !== undefined) return part.numberOf;
  if (typeof part.original !== 'string') return undefined;
  const match = ARGUMENT.exec(part.original);
  return match ? plurals.get(match[1]!) : undefined;
}

function emit(
  builder: SegmentBuilder,
  parts: IcuPart[],
  numberIds: Map<number, Set<string>>,
  plurals: ReadonlyMap<string, number>,
): void {
  for (const part of parts) {
    if (part.kind === 'text') builder.text(part.value);
    else if (part.kind === 'placeholder') {
      const id = builder.placeholder(part.original);
      const selector = numberOf(part, plurals);
      if (selector !== undefined) {
        const ids = numberIds.get(selector) ?? new Set<string>();
        ids.add(id);
        numberIds.set(selector, ids);
      }
    } else if (part.kind === 'open') builder.open(part.open, part.close);
    else builder.close();
  }
}

/**
 * Turns an ICU message into segment markup. Arguments, `#` and formatted values become
 * placeholders, rich-text tags become pairs. A message with plural or select is expanded into
 * full sentences, one per combination of branches, so each form is translated whole.
 */
export function icuToSegments(
  message: string,
  builder: SegmentBuilder,
  options: IcuOptions = {},
): IcuContent {
  const elements = options.elements ?? parseIcu(message, options.tags ?? true);
  const expander = new IcuExpander(message, options.sentinels, options.locale ?? 'en');
  const variants = expander.expandMessage(elements);
  const numberIds = new Map<number, Set<string>>();
  const plurals = new Map<string, number>();
  expander.selectors.forEach((s, i) => {
    if (s.type !== 'select') plurals.set(s.argument, i);
  });
  const literals = expander.literals.size > 0 ? { literals: expander.literals } : {};
  if (expander.selectors.length === 0) {
    emit(builder, variants[0]!.parts, numberIds, plurals);
    return { segment: builder.take(), ...literals };
  }
  const built = variants.map((variant) => {
    emit(builder, variant.parts, numberIds, plurals);
    return {
      keys: expander.selectors.map((_, i) => variant.keys.get(i) ?? '*'),
      segment: builder.take(),
    };
  });
  // Forms in the order their keys are written ({@link compareSelectorKeys}), a select's keys in
  // the order they first appear: a message read back from what was written for these forms
  // then lists them as they are (ids were given in the order the message has them).
  built.sort((a, b) => {
    for (let i = 0; i < expander.selectors.length; i++) {
      const [ka, kb] = [a.keys[i]!, b.keys[i]!];
      if (ka === kb) continue;
      if (ka === '*' || kb === '*') return ka === '*' ? -1 : 1;
      const selector = expander.selectors[i]!;
      if (selector.type !== 'select') return compareSelectorKeys(ka, kb, false);
      const rank = (k: string) =>
        k === 'other' ? Number.MAX_SAFE_INTEGER : selector.keys.indexOf(k);
      return rank(ka) - rank(kb);
    }
    return 0;
  });
  const selectors: Selector[] = expander.selectors.map(
    ({ key: _key, keys: _keys, ...selector }, i) => ({
      ...selector,
      numberIds: [...(numberIds.get(i) ?? [])],
    }),
  );
  const other = built.find((v) => v.keys.every((k) => k === 'other' || k === '*')) ?? built.at(-1)!;
  return { segment: other.segment, plural: { selectors, variants: built }, ...literals };
}
