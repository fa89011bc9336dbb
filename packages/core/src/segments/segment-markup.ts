/** Where an original piece of a file comes from: a range of the file's text, or literal text. */
import { InternalError } from '@transloom/client/errors';
export type Original = { readonly start: number; readonly end: number } | string;

/** What a unit's `<x>` and `<g>` ids stand for, so a translation can be written back exactly. */
export interface SegmentMarkup {
  /** `<x id>` -> the placeholder's original bytes. */
  readonly placeholders: ReadonlyMap<string, Original>;
  /** `<g id>` -> the original opening and closing markup. */
  readonly pairs: ReadonlyMap<string, { readonly open: Original; readonly close: Original }>;
}

/** Escapes text for segment markup: `&`, `<` and `>`. */
export function escapeSegmentText(text: string): string {
  return text.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
}

const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * Builds one unit's segment (or, for plural and select messages, its variants). Ids are
 * numbers; the n-th occurrence of the same original gets the same id in every variant, so a
 * placeholder keeps its id whichever form it appears in, and ids are unique within a segment.
 */
export class SegmentBuilder {
  private parts: string[] = [];
  private readonly stack: string[] = [];
  // Created on first use: most units of a catalog are plain text with no markup at all.
  private ids: Map<string, string> | undefined;
  private seen: Map<string, number> | undefined;
  private nextId = 1;
  private placeholders: Map<string, Original> | undefined;
  private pairs: Map<string, { open: Original; close: Original }> | undefined;

  /** @param source the file text ranges refer to */
  constructor(private readonly source = '') {}

  private textOf(original: Original): string {
    return typeof original === 'string'
      ? original
      : this.source.slice(original.start, original.end);
  }

  private idFor(key: string): string {
    this.seen ??= new Map();
    this.ids ??= new Map();
    const occurrence = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, occurrence);
    const full = `${key}\u0000${occurrence}`;
    let id = this.ids.get(full);
    if (id === undefined) {
      id = String(this.nextId++);
      this.ids.set(full, id);
    }
    return id;
  }

  /** Appends translatable text. */
  text(value: string): this {
    if (value !== '') this.parts.push(escapeSegmentText(value));
    return this;
  }

  /** Appends a placeholder for `original` and returns its id. */
  placeholder(original: Original): string {
    const id = this.idFor(`x\u0000${this.textOf(original)}`);
    this.placeholders ??= new Map();
    if (!this.placeholders.has(id)) this.placeholders.set(id, original);
    this.parts.push(`<x id="${id}"/>`);
    return id;
  }

  /** Opens paired markup (closed with {@link close}) and returns its id. */
  open(open: Original, close: Original): string {
    const id = this.idFor(`g\u0000${this.textOf(open)}\u0000${this.textOf(close)}`);
    this.pairs ??= new Map();
    if (!this.pairs.has(id)) this.pairs.set(id, { open, close });
    this.stack.push(id);
    this.parts.push(`<g id="${id}">`);
    return id;
  }

  /** Closes the innermost open markup. */
  close(): this {
    if (this.stack.pop() === undefined)
      throw new InternalError('SegmentBuilder.close() without open()');
    this.parts.push('</g>');
    return this;
  }

  /** Ends the current variant and returns its segment; the next variant starts empty. */
  take(): string {
    while (this.stack.length > 0) this.close();
    const segment = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.seen?.clear();
    return segment;
  }

  /** The markup of every variant taken so far. */
  markup(): SegmentMarkup {
    return { placeholders: this.placeholders ?? EMPTY, pairs: this.pairs ?? EMPTY };
  }
}
