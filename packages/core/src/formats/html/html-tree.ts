import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';

/** A range of the file's text. */
export interface Range {
  start: number;
  end: number;
}

interface VerbosePosition {
  opening?: { start: { offset?: number }; end: { offset?: number } };
  closing?: { start: { offset?: number }; end: { offset?: number } };
  properties?: Record<string, { start: { offset?: number }; end: { offset?: number } } | undefined>;
}

/** A parsed HTML tree whose node offsets are offsets of the file's text. */
export interface HtmlTree {
  root: Root;
  /** Added to every offset of this tree (non-zero for HTML inside `<script type="text/html">`). */
  shift: number;
}

/** Parses a document (or a fragment) with rehype-parse, keeping tag and attribute positions. */
export function parseHtml(
  text: string,
  options: { fragment: boolean; file?: SourceFile; warnings?: Diagnostic[] },
): Root {
  const processor = unified().use(rehypeParse, {
    fragment: options.fragment,
    verbose: true,
    emitParseErrors: Boolean(options.warnings),
  });
  const vfile = {
    value: text,
    messages: [] as Array<{ reason: string; line?: number; column?: number; ruleId?: string }>,
  };
  const tree = processor.parse(vfile as never) as Root;
  if (options.warnings && options.file) {
    for (const message of vfile.messages) {
      options.warnings.push({
        file: options.file.path,
        line: message.line ?? 1,
        column: message.column ?? 1,
        rule: `html-${message.ruleId ?? 'parse'}`,
        severity: 'warning',
        message: message.reason,
      });
    }
  }
  return tree;
}

function offset(point: { offset?: number } | undefined, shift: number): number | undefined {
  return point?.offset === undefined ? undefined : point.offset + shift;
}

/** The whole node's range. */
export function nodeRange(node: RootContent | ElementContent, shift: number): Range | undefined {
  const start = offset(node.position?.start, shift);
  const end = offset(node.position?.end, shift);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The start tag's range. */
export function openingRange(element: Element, shift: number): Range | undefined {
  const opening = (element.data as { position?: VerbosePosition } | undefined)?.position?.opening;
  const start = offset(opening?.start, shift);
  const end = offset(opening?.end, shift);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The end tag's range, when the source has one. */
export function closingRange(element: Element, shift: number): Range | undefined {
  const closing = (element.data as { position?: VerbosePosition } | undefined)?.position?.closing;
  const start = offset(closing?.start, shift);
  const end = offset(closing?.end, shift);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The range of an attribute (`name="value"`) by its hast property name. */
export function attributeRange(
  element: Element,
  property: string,
  shift: number,
): Range | undefined {
  const position = (element.data as { position?: VerbosePosition } | undefined)?.position
    ?.properties?.[property];
  const start = offset(position?.start, shift);
  const end = offset(position?.end, shift);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The value range of an attribute written as `name="value"`, `name='value'` or `name=value`. */
export function attributeValueRange(
  text: string,
  attribute: Range,
): (Range & { quote: string }) | undefined {
  const raw = text.slice(attribute.start, attribute.end);
  const match = /^[^\s=]+\s*=\s*(["']?)/.exec(raw);
  if (!match) return undefined;
  const quote = match[1]!;
  const start = attribute.start + match[0].length;
  const end = quote ? attribute.end - 1 : attribute.end;
  return { start, end, quote };
}

/** Escapes text for HTML content; non-breaking spaces are written as `&nbsp;`. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&nbsp;',
  );
}

/** Escapes text for an attribute value in `quote`s (double quotes when unquoted). */
export function escapeHtmlAttribute(text: string, quote: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;');
  return quote === "'" ? escaped.replace(/'/g, '&#39;') : escaped.replace(/"/g, '&quot;');
}

/** Offsets (in the file) where the parser made a node from a tag or comment. */
export interface TagOffsets {
  has(offset: number): boolean;
  /** Whether one of them lies in `[start, end)`. */
  within(start: number, end: number): boolean;
}

/**
 * Where the parser made nodes from tags and comments: a tag found inside a text node's source
 * or between the nodes of a run at one of them belongs to another node, which the parser moved.
 */
export function tagOffsets(root: Root, shift: number): TagOffsets {
  const offsets: number[] = [];
  const visit = (nodes: readonly (RootContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (node.type === 'text') continue;
      if (node.type !== 'element') {
        const start = offset(node.position?.start, shift);
        if (start !== undefined) offsets.push(start);
        continue;
      }
      const opening = openingRange(node, shift);
      const closing = closingRange(node, shift);
      if (opening) offsets.push(opening.start);
      // Text after `</body>` joins the body's last text: it is not moved away from anything.
      if (closing && node.tagName !== 'body' && node.tagName !== 'html')
        offsets.push(closing.start);
      visit(node.children);
      if (node.content) visit(node.content.children);
    }
  };
  visit(root.children);
  offsets.sort((a, b) => a - b);
  const set = new Set(offsets);
  return {
    has: (at) => set.has(at),
    within(start, end) {
      let low = 0;
      let high = offsets.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (offsets[middle]! < start) low = middle + 1;
        else high = middle;
      }
      return low < offsets.length && offsets[low]! < end;
    },
  };
}
