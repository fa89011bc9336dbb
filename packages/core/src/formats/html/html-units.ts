import { createHash } from 'node:crypto';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { TEMPLATE_SYNTAXES, type TemplateSyntax } from '../../segments/template-tags.js';
import type { AdapterUnit } from '../format-adapter.js';
import { attributeSegment, textAttributes } from './html-attributes.js';
import { INLINE, isElement, isTranslated, SKIP } from './html-elements.js';
import { type Piece, UncertainText } from './html-pieces.js';
import { flatRunPieces, hasText, type RunContext, runPieces } from './html-run.js';
import { type BuiltSegment, buildSegment, type LineWrap } from './html-segment.js';
import { nodeRange, parseHtml, type Range, tagOffsets } from './html-tree.js';

/** A unit of an HTML document: a run of text with inline markup, or an attribute value. */
export interface HtmlUnit extends AdapterUnit {
  kind: 'text' | 'attribute';
  span: Range;
  /** Quote of an attribute value ('' when unquoted). */
  quote: string;
  /** The source's whitespace next to markup, written back where the translation has whitespace. */
  spacing?: ReadonlyMap<string, string> | undefined;
  /** How the source wraps the text between words, when it does. */
  wrap?: LineWrap | undefined;
}

/** What {@link extractHtmlUnits} reads with. */
export interface HtmlUnitOptions {
  /** Attributes translated on every element (`<meta>` text and button values come on top). */
  attributes: readonly string[];
  /** Template tags kept as placeholders (default: every syntax). */
  templates?: readonly TemplateSyntax[];
  /** Offset of the parsed text in the file (HTML inside another format). */
  shift?: number;
  /** The text the tree was parsed from, at the file's offsets (template tags masked). */
  parsed?: string;
  /** Unit ids given so far, shared by the HTML pieces of one file. */
  seen?: Map<string, number>;
  /** Where to report text left untranslated because the parser moved it. */
  warnings?: Diagnostic[];
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}

function hasBlock(element: Element): boolean {
  return element.children.some((c) => isElement(c) && (!INLINE.has(c.tagName) || hasBlock(c)));
}

/**
 * Reads the units of an HTML document (or fragment) in document order. A run of text is a
 * unit only where its source offsets are certain; text the parser moved (out of a table) or
 * reordered beyond repair is left alone with an `html-moved-text` warning.
 */
export function extractHtmlUnits(
  file: SourceFile,
  root: Root,
  options: HtmlUnitOptions,
): HtmlUnit[] {
  const text = file.text;
  const parsed = options.parsed ?? text;
  const templates = options.templates ?? TEMPLATE_SYNTAXES;
  const units: HtmlUnit[] = [];
  const seen = options.seen ?? new Map<string, number>();
  // Units already read: the parser repeats a start tag's attributes on the elements it
  // re-opens (`<b><i title=x></b></i>`), and a run read twice (in tree order, then in source
  // order) meets its nested units twice.
  const claimed = new Set<string>();

  const push = (
    kind: HtmlUnit['kind'],
    tag: string,
    built: BuiltSegment,
    path: string,
    quote = '',
  ) => {
    const key = `${kind}:${built.span.start}`;
    if (claimed.has(key)) return;
    claimed.add(key);
    const base = `${tag}:${hash(built.segment)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    units.push({
      id: count === 1 ? base : `${base}#${count}`,
      segment: built.segment,
      path,
      ...file.position(built.span.start),
      markup: built.markup,
      kind,
      span: built.span,
      quote,
      spacing: built.spacing,
      wrap: built.wrap,
    });
  };

  const warn = (error: UncertainText) => {
    options.warnings?.push({
      file: file.path,
      ...file.position(error.offset),
      rule: 'html-moved-text',
      severity: 'warning',
      message: `${error.message}; this text is left untranslated`,
    });
  };

  const walk = (tree: Root, shift: number, path: string, translated: boolean) => {
    const ctx: RunContext = {
      text,
      parsed,
      templates,
      tagStarts: tagOffsets(tree, shift),
      shift,
      attributes: (element, at) => {
        for (const name of textAttributes(element, options.attributes)) {
          const built = attributeSegment(ctx, element, name, shift);
          if (built)
            push('attribute', `${element.tagName}@${name}`, built, `${at}@${name}`, built.quote);
        }
      },
      inside: (element, state, at) => {
        if (SKIP.has(element.tagName)) return;
        for (const child of element.children) {
          if (!isElement(child)) continue;
          const childState = isTranslated(child, state);
          const here = `${at}/${child.tagName}`;
          // A `translate="yes"` region inside an element kept whole is a unit of its own.
          if (childState && !state) visit(child, here, state);
          else {
            if (childState) ctx.attributes(child, here);
            ctx.inside(child, childState, here);
          }
        }
      },
    };

    const aside = (run: readonly ElementContent[], at: string) => {
      for (const node of run) {
        if (!isElement(node)) continue;
        const state = isTranslated(node, true);
        if (state) ctx.attributes(node, `${at}/${node.tagName}`);
        ctx.inside(node, state, `${at}/${node.tagName}`);
      }
    };

    const pieces = (run: readonly ElementContent[], at: string): BuiltSegment | undefined => {
      let all: Piece[];
      try {
        all = runPieces(run, ctx, at);
        return buildSegment(text, all, true);
      } catch (error) {
        if (!(error instanceof UncertainText) || error.moved) throw error;
      }
      all = flatRunPieces(run, ctx, at);
      return buildSegment(text, all, true);
    };

    const flush = (run: readonly ElementContent[], tag: string, at: string, state: boolean) => {
      if (run.length === 0) return;
      if (!state) {
        for (const node of run) if (isElement(node)) visit(node, `${at}/${node.tagName}`, false);
        return;
      }
      if (!hasText(run, templates)) {
        aside(run, at);
        return;
      }
      try {
        const built = pieces(run, at);
        if (built) push('text', tag, built, at);
      } catch (error) {
        if (!(error instanceof UncertainText)) throw error;
        warn(error);
        aside(run, at);
      }
    };

    const container = (
      children: readonly (RootContent | ElementContent)[],
      tag: string,
      at: string,
      state: boolean,
    ) => {
      let run: ElementContent[] = [];
      children.forEach((child, index) => {
        const inline =
          child.type === 'text' ||
          child.type === 'comment' ||
          (isElement(child) && INLINE.has(child.tagName) && !hasBlock(child));
        if (inline) {
          run.push(child as ElementContent);
          return;
        }
        flush(run, tag, at, state);
        run = [];
        if (isElement(child)) visit(child, `${at}/${child.tagName}[${index}]`, state);
      });
      flush(run, tag, at, state);
    };

    const visit = (node: Element, at: string, inherited: boolean) => {
      const state = isTranslated(node, inherited);
      if (state) ctx.attributes(node, at);
      if (
        node.tagName === 'script' &&
        String(node.properties.type ?? '').toLowerCase() === 'text/html'
      ) {
        const inner = node.children[0];
        const range = inner && nodeRange(inner, shift);
        if (range) {
          const fragment = parseHtml(parsed.slice(range.start, range.end), { fragment: true });
          walk(fragment, range.start, `${at}/#html`, state);
        }
        return;
      }
      if (SKIP.has(node.tagName)) return;
      if (node.tagName === 'template' && node.content) {
        container(node.content.children, 'template', `${at}/#content`, state);
        return;
      }
      container(node.children, node.tagName, at, state);
    };

    container(tree.children, tree === root ? 'root' : 'script', path, translated);
  };

  walk(root, options.shift ?? 0, '', true);
  return units.sort((a, b) => a.span.start - b.span.start);
}
