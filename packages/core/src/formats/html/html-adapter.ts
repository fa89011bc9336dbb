import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { type Edit, spliceEdits } from '../../document/splice-edits.js';
import { maskTemplateTags, type TemplateSyntax } from '../../segments/template-tags.js';
import type { FormatAdapter, ParsedFile } from '../format-adapter.js';
import { DEFAULT_HTML_ATTRIBUTES } from './html-attributes.js';
import { htmlLocaleEdits } from './html-locale.js';
import { resolveHtmlOptions } from './html-options.js';
import { writeHtmlUnit } from './html-render.js';
import { htmlSpec } from './html-spec.js';
import { parseHtml } from './html-tree.js';
import { extractHtmlUnits, type HtmlUnit } from './html-units.js';

interface HtmlParsed extends ParsedFile {
  root: ReturnType<typeof parseHtml>;
  /** What the parser read: the text with template tags masked. */
  parsed: string;
  attributes: string[];
  templates: readonly TemplateSyntax[];
  warnings: Diagnostic[];
}

/**
 * HTML pages and fragments. Text of block elements is one unit each, with inline children as
 * markup; `alt`, `title`, `placeholder`, `aria-label`, `aria-description`, `label`, the
 * `value` of submit, button and reset inputs, and `<meta>` description, keywords, Open Graph
 * and Twitter card text are units of their own. Template tags (Mustache, Handlebars, Jinja,
 * Liquid, ERB, EJS, `${…}`) are placeholders; `code`, `kbd`, `samp`, `var`, `tt` and `pre`
 * are kept whole; `translate="no"` (any case, until a `translate="yes"` inside),
 * `class="notranslate"`, `script` and `style` are left alone, but HTML inside `<template>` and
 * `<script type="text/html">` is translated. Writing replaces source ranges only, keeps the
 * line breaks next to tags, and sets `<html lang>` (and `dir` for right-to-left locales).
 */
export const htmlAdapter: FormatAdapter<HtmlParsed, HtmlUnit> = {
  ...htmlSpec,

  parse(file: SourceFile, options) {
    const resolved = resolveHtmlOptions(options, file.path);
    const warnings: Diagnostic[] = [];
    const fragment =
      resolved.fragment ?? !/<html[\s>]|<!doctype|<head[\s>]|<body[\s>]/i.test(file.text);
    // The parser reads template tags as spaces: markup inside them (`<% if (a <b) { %>`) is
    // not markup, and a loop tag between table rows stays between them.
    const parsed = maskTemplateTags(file.text, resolved.templates) ?? file.text;
    const root = parseHtml(parsed, { fragment, file, warnings });
    return {
      file,
      warnings,
      root,
      parsed,
      attributes: [...DEFAULT_HTML_ATTRIBUTES, ...resolved.attributes],
      templates: resolved.templates,
    };
  },

  extract(parsed) {
    return extractHtmlUnits(parsed.file, parsed.root, {
      attributes: parsed.attributes,
      templates: parsed.templates,
      parsed: parsed.parsed,
      warnings: parsed.warnings,
    });
  },

  apply(parsed, units, translations, context) {
    const edits: Edit[] = [];
    for (const unit of units) {
      const translation = translations.get(unit.id);
      if (typeof translation !== 'string' || translation === unit.segment) continue;
      edits.push({
        start: unit.span.start,
        end: unit.span.end,
        render: (copy) =>
          writeHtmlUnit(unit, translation, (o) =>
            typeof o === 'string' ? o : copy(o.start, o.end),
          ),
      });
    }
    if (context.targetLocale !== context.sourceLocale)
      edits.push(...htmlLocaleEdits(parsed.file.text, parsed.root, context.targetLocale));
    return edits;
  },

  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },
};
