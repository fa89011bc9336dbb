import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { type Edit, spliceEdits } from '../../document/splice-edits.js';
import { renderSegment } from '../../segments/render-segment.js';
import type { FormatAdapter, ParsedFile } from '../format-adapter.js';
import {
  attributeRange,
  attributeValueRange,
  escapeHtmlAttribute,
  escapeHtmlText,
  openingRange,
  parseHtml,
} from './html-tree.js';
import { DEFAULT_HTML_ATTRIBUTES, extractHtmlUnits, type HtmlUnit } from './html-units.js';

interface HtmlParsed extends ParsedFile {
  root: ReturnType<typeof parseHtml>;
  attributes: string[];
  warnings: Diagnostic[];
}

// `<html lang>` of a document: the value range, or where to add the attribute.
function langEdit(parsed: HtmlParsed, locale: string): Edit | undefined {
  const html = parsed.root.children.find((c) => c.type === 'element' && c.tagName === 'html');
  if (html?.type !== 'element') return undefined;
  const text = parsed.file.text;
  const range = attributeRange(html, 'lang', 0);
  const value = range && attributeValueRange(text, range);
  if (value) {
    return {
      start: value.start,
      end: value.end,
      render: () => (value.quote ? locale : `"${locale}"`),
    };
  }
  const opening = openingRange(html, 0);
  if (!opening || !text.startsWith('<html', opening.start)) return undefined;
  const at = opening.start + 5;
  return { start: at, end: at, render: () => ` lang="${locale}"` };
}

/**
 * HTML pages and fragments. Text of block elements is one unit each, with inline children as
 * markup; `alt`, `title`, `placeholder`, `aria-label`, `aria-description`, `label`, button
 * `value`, `<meta name="description">` and Open Graph text are units of their own.
 * `translate="no"`, `class="notranslate"`, `script`, `style`, `code` and `pre` are left
 * alone, but HTML inside `<template>` and `<script type="text/html">` is translated.
 * Writing replaces source ranges only, and sets `<html lang>` to the target locale.
 */
export const htmlAdapter: FormatAdapter<HtmlParsed, HtmlUnit> = {
  name: 'html',
  extensions: ['.html', '.htm'],

  parse(file: SourceFile, options) {
    const warnings: Diagnostic[] = [];
    const fragment =
      options.fragment === true || !/<html[\s>]|<!doctype|<head[\s>]|<body[\s>]/i.test(file.text);
    const root = parseHtml(file.text, { fragment, file, warnings });
    const extra = Array.isArray(options.attributes) ? (options.attributes as string[]) : [];
    return { file, warnings, root, attributes: [...DEFAULT_HTML_ATTRIBUTES, ...extra] };
  },

  extract(parsed) {
    return extractHtmlUnits(parsed.file, parsed.root, { attributes: parsed.attributes });
  },

  apply(parsed, units, translations, context) {
    const edits: Edit[] = [];
    for (const unit of units) {
      const translation = translations.get(unit.id);
      if (typeof translation !== 'string' || translation === unit.segment) continue;
      edits.push({
        start: unit.span.start,
        end: unit.span.end,
        render: (copy) => {
          const value = renderSegment(translation, unit.markup, {
            text:
              unit.kind === 'attribute'
                ? (t) => escapeHtmlAttribute(t, unit.quote)
                : escapeHtmlText,
            original: (o) => (typeof o === 'string' ? o : copy(o.start, o.end)),
          });
          return unit.kind === 'attribute' && unit.quote === '' ? `"${value}"` : value;
        },
      });
    }
    if (context.targetLocale !== context.sourceLocale) {
      const lang = langEdit(parsed, context.targetLocale);
      if (lang) edits.push(lang);
    }
    return edits;
  },

  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },
};
