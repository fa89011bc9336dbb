import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { pluralRules } from '../../plurals/plural-rules.js';
import type { Original, SegmentBuilder } from '../../segments/segment-markup.js';
import type { PluralStructure, Selector } from '../format-adapter.js';

/** A piece of one expanded form of a message. */
export type IcuPart =
  | { kind: 'text'; value: string }
  | { kind: 'placeholder'; original: Original; numberOf?: number }
  | { kind: 'open'; open: Original; close: Original }
  | { kind: 'close' };

type Part = IcuPart;

interface Partial {
  keys: Map<number, string>;
  parts: Part[];
}

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
}

/** Thrown for a message that is not valid ICU MessageFormat. */
export class IcuSyntaxError extends Error {
  override readonly name = 'IcuSyntaxError';
  /** 0-based offset of the problem in the message. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** Parses with locations; without tags when tag parsing fails (a literal `<` in text). */
export function parseIcu(message: string, tags = true): MessageFormatElement[] {
  try {
    return parse(message, { captureLocation: true, ignoreTag: !tags, requiresOtherClause: false });
  } catch (error) {
    if (tags) {
      try {
        return parse(message, {
          captureLocation: true,
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

type SelectorElement = Extract<MessageFormatElement, { type: TYPE.plural | TYPE.select }>;

function selectorType(element: SelectorElement): Selector['type'] {
  if (element.type === TYPE.select) return 'select';
  return element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
}

/**
 * Expands a message into one sentence per combination of selector keys.
 *
 * A selector written twice on the same argument (`{n, plural, =0 {No} other {#}} {n, plural,
 * one {file} other {files}}`) is one choice, since both see the same value: it becomes one
 * selector whose keys are all the keys of its occurrences, and for each key every occurrence
 * takes the branch ICU would take for a value with that key (its own branch of that key, else
 * for `=n` the branch of n's category, else `other`). So `=0` gives "No files" and `one`
 * gives "# file", as the message itself would show them.
 */
class Expander {
  readonly selectors: Array<Selector & { key: string; keys: string[] }> = [];

  constructor(
    private readonly message: string,
    private readonly sentinels: ReadonlyMap<string, Part[]> | undefined,
    private readonly locale: string,
  ) {}

  private raw(element: MessageFormatElement): string {
    const location = element.location;
    return location ? this.message.slice(location.start.offset, location.end.offset) : '';
  }

  private selectorKey(element: SelectorElement): string {
    const offset = element.type === TYPE.plural ? element.offset : 0;
    return `${element.value}\u0000${selectorType(element)}\u0000${offset}`;
  }

  /** Registers every selector with the keys of all its occurrences, in document order. */
  collect(elements: readonly MessageFormatElement[]): void {
    for (const element of elements) {
      if (element.type === TYPE.tag) this.collect(element.children);
      if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
      const key = this.selectorKey(element);
      let selector = this.selectors.find((s) => s.key === key);
      if (!selector) {
        const offset = element.type === TYPE.plural ? element.offset : 0;
        selector = {
          key,
          keys: [],
          argument: element.value,
          type: selectorType(element),
          ...(offset ? { offset } : {}),
          numberIds: [],
        };
        this.selectors.push(selector);
      }
      for (const [option, { value }] of Object.entries(element.options)) {
        if (!selector.keys.includes(option)) selector.keys.push(option);
        this.collect(value);
      }
    }
  }

  // The branch an occurrence takes for a key of its selector, as ICU would choose it.
  private branch(element: SelectorElement, key: string): MessageFormatElement[] | undefined {
    const { options } = element;
    if (Object.hasOwn(options, key)) return options[key]!.value;
    if (element.type === TYPE.plural && key.startsWith('=')) {
      const type = element.pluralType === 'ordinal' ? 'ordinal' : 'cardinal';
      const category = pluralRules(this.locale, type).select(Number(key.slice(1)) - element.offset);
      if (Object.hasOwn(options, category)) return options[category]!.value;
    }
    return Object.hasOwn(options, 'other') ? options.other!.value : undefined;
  }

  private literal(value: string): Part[] {
    if (!this.sentinels) return [{ kind: 'text', value }];
    const parts: Part[] = [];
    let text = '';
    for (const ch of value) {
      const replacement = this.sentinels.get(ch);
      if (!replacement) {
        text += ch;
        continue;
      }
      if (text) parts.push({ kind: 'text', value: text });
      text = '';
      parts.push(...replacement);
    }
    if (text) parts.push({ kind: 'text', value: text });
    return parts;
  }

  expand(
    elements: readonly MessageFormatElement[],
    plural: number | undefined,
    start: Partial[],
  ): Partial[] {
    let partials = start;
    const append = (parts: Part[]) => {
      for (const p of partials) p.parts.push(...parts);
    };
    for (const element of elements) {
      switch (element.type) {
        case TYPE.literal:
          append(this.literal(element.value));
          break;
        case TYPE.pound:
          append([
            {
              kind: 'placeholder',
              original: '#',
              ...(plural === undefined ? {} : { numberOf: plural }),
            },
          ]);
          break;
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          append([{ kind: 'placeholder', original: this.raw(element) }]);
          break;
        case TYPE.tag:
          append([{ kind: 'open', open: `<${element.value}>`, close: `</${element.value}>` }]);
          partials = this.expand(element.children, plural, partials);
          for (const p of partials) p.parts.push({ kind: 'close' });
          break;
        case TYPE.select:
        case TYPE.plural: {
          const key = this.selectorKey(element);
          const index = this.selectors.findIndex((s) => s.key === key);
          const selector = this.selectors[index]!;
          const next: Partial[] = [];
          for (const partial of partials) {
            // A selector met before on this path has its key already: this occurrence follows it.
            const fixed = partial.keys.get(index);
            for (const key of fixed === undefined ? selector.keys : [fixed]) {
              const branch = this.branch(element, key);
              if (!branch) continue;
              const branchStart: Partial = {
                keys: new Map(partial.keys).set(index, key),
                parts: [...partial.parts],
              };
              next.push(
                ...this.expand(branch, selector.type === 'select' ? plural : index, [branchStart]),
              );
            }
          }
          partials = next;
          break;
        }
      }
    }
    return partials;
  }
}

const ARGUMENT = /^\{\s*([\p{L}\p{N}_$]+)\s*(?:,\s*number\b[^}]*)?\}$/u;

// `#`, and `{count}` or `{count, number}` where a plural selects on `count`, print the number.
function numberOf(
  part: Extract<Part, { kind: 'placeholder' }>,
  plurals: ReadonlyMap<string, number>,
): number | undefined {
  if (part.numberOf !== undefined) return part.numberOf;
  if (typeof part.original !== 'string') return undefined;
  const match = ARGUMENT.exec(part.original);
  return match ? plurals.get(match[1]!) : undefined;
}

function emit(
  builder: SegmentBuilder,
  parts: Part[],
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
  const expander = new Expander(message, options.sentinels, options.locale ?? 'en');
  expander.collect(elements);
  const variants = expander.expand(elements, undefined, [{ keys: new Map(), parts: [] }]);
  const numberIds = new Map<number, Set<string>>();
  const plurals = new Map<string, number>();
  expander.selectors.forEach((s, i) => {
    if (s.type !== 'select') plurals.set(s.argument, i);
  });
  if (expander.selectors.length === 0) {
    emit(builder, variants[0]!.parts, numberIds, plurals);
    return { segment: builder.take() };
  }
  const built = variants.map((variant) => {
    emit(builder, variant.parts, numberIds, plurals);
    return {
      keys: expander.selectors.map((_, i) => variant.keys.get(i) ?? '*'),
      segment: builder.take(),
    };
  });
  const selectors: Selector[] = expander.selectors.map(
    ({ key: _key, keys: _keys, ...selector }, i) => ({
      ...selector,
      numberIds: [...(numberIds.get(i) ?? [])],
    }),
  );
  const other = built.find((v) => v.keys.every((k) => k === 'other' || k === '*')) ?? built.at(-1)!;
  return { segment: other.segment, plural: { selectors, variants: built } };
}
