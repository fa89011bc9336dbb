import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { pluralRules } from '../../plurals/plural-rules.js';
import type { Original } from '../../segments/segment-markup.js';
import type { Selector } from '../format-adapter.js';

/** A piece of one expanded form of a message. */
export type IcuPart =
  | { kind: 'text'; value: string }
  | { kind: 'placeholder'; original: Original; numberOf?: number }
  | { kind: 'open'; open: Original; close: Original }
  | { kind: 'close' };

/** One form of a message being expanded: its key per selector index, and its parts so far. */
export interface IcuPartial {
  keys: Map<number, string>;
  parts: IcuPart[];
  /** Selector indexes whose key some occurrence on this form's path has a branch of its own for. */
  written?: Set<number>;
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
 * gives "# file", as the message itself would show them. A form whose key no occurrence on
 * its path wrote (the same argument in two branches of another selector, with other keys in
 * each) says nothing the fallback form does not, and is left out.
 */
export class IcuExpander {
  readonly selectors: Array<Selector & { key: string; keys: string[] }> = [];
  /** Literal text -> its spelling in the message, where the two differ (filled while collecting selectors). */
  readonly literals = new Map<string, string>();

  constructor(
    private readonly message: string,
    private readonly sentinels: ReadonlyMap<string, IcuPart[]> | undefined,
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

  /** The forms of a whole message: one per combination of keys that its branches write. */
  expandMessage(elements: readonly MessageFormatElement[]): IcuPartial[] {
    this.collect(elements);
    const forms = this.expand(elements, undefined, [{ keys: new Map(), parts: [] }]);
    return forms.filter((form) => [...form.keys.keys()].every((i) => form.written?.has(i)));
  }

  /**
   * Records how the message spells a run of literal text where its text differs (quoted
   * syntax, `''`), so a translation that keeps the text can keep its spelling. Split where
   * the text holds sentinels, as the segment is.
   */
  private spelling(run: readonly MessageFormatElement[]): void {
    const first = run[0]!.location;
    const last = run.at(-1)!.location;
    if (!first || !last) return;
    const raw = this.message.slice(first.start.offset, last.end.offset);
    const value = run.map((e) => (e.type === TYPE.literal ? e.value : '')).join('');
    if (raw === value) return;
    const sentinels = this.sentinels?.size
      ? new RegExp(`[${[...this.sentinels.keys()].join('')}]`)
      : undefined;
    const raws = sentinels ? raw.split(sentinels) : [raw];
    const values = sentinels ? value.split(sentinels) : [value];
    if (raws.length !== values.length) return;
    values.forEach((v, i) => {
      if (v !== '' && v !== raws[i]) this.literals.set(v, raws[i]!);
    });
  }

  /** Registers every selector with the keys of all its occurrences, in document order. */
  private collect(elements: readonly MessageFormatElement[]): void {
    let run: MessageFormatElement[] = [];
    for (const element of [...elements, undefined]) {
      if (element?.type === TYPE.literal) {
        run.push(element);
        continue;
      }
      if (run.length > 0) this.spelling(run);
      run = [];
      if (!element) break;
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

  private literal(value: string): IcuPart[] {
    if (!this.sentinels) return [{ kind: 'text', value }];
    const parts: IcuPart[] = [];
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

  private expand(
    elements: readonly MessageFormatElement[],
    plural: number | undefined,
    start: IcuPartial[],
  ): IcuPartial[] {
    let partials = start;
    const append = (parts: IcuPart[]) => {
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
          const next: IcuPartial[] = [];
          for (const partial of partials) {
            // A selector met before on this path has its key already: this occurrence follows it.
            const fixed = partial.keys.get(index);
            for (const key of fixed === undefined ? selector.keys : [fixed]) {
              const branch = this.branch(element, key);
              if (!branch) continue;
              const written = new Set(partial.written);
              if (Object.hasOwn(element.options, key)) written.add(index);
              const branchStart: IcuPartial = {
                keys: new Map(partial.keys).set(index, key),
                parts: [...partial.parts],
                written,
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
