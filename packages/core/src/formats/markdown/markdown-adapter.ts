import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { FormatError, optionError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { type Edit, spliceEdits } from '../../document/splice-edits.js';
import { escapeSegmentText } from '../../segments/segment-markup.js';
import type { FormatAdapter, FormatOptions } from '../format-adapter.js';
import { DEFAULT_FRONT_MATTER_KEYS } from './front-matter.js';
import { type AnchorSettings, headingAnchors } from './heading-anchors.js';
import type { MarkdownParsed } from './markdown-parsed.js';
import { siteEdits } from './markdown-site-edits.js';
import { markdownSpec, mdxSpec, SLUG_STYLES } from './markdown-spec.js';
import { markdownSyntaxProblem } from './markdown-syntax.js';
import {
  extractMarkdownUnits,
  type MarkdownSettings,
  type MarkdownUnit,
} from './markdown-units.js';
import { markdownBlocks } from './page-blocks.js';
import { DEFAULT_CONTAINER_LABELS, prepareMarkdown } from './prepare-markdown.js';
import type { SiteLinks } from './site-links.js';

export type { MarkdownParsed } from './markdown-parsed.js';

/** JSX and HTML attributes translated by default. */
export const DEFAULT_MARKDOWN_ATTRIBUTES = [
  'title',
  'alt',
  'aria-label',
  'placeholder',
  'label',
  'description',
  'caption',
];

// Whether a unit's source text reads as MDX on its own (computed once per unit).
const readsAlone = new WeakMap<MarkdownUnit, boolean>();

function anchorsFrom(file: SourceFile, options: FormatOptions): AnchorSettings | undefined {
  const value = options.anchors as Partial<AnchorSettings> | undefined;
  if (value === undefined) return undefined;
  if (
    typeof value !== 'object' ||
    !(SLUG_STYLES as readonly unknown[]).includes(value.slug) ||
    (value.marker !== 'id' && value.marker !== 'span')
  )
    throw optionError(
      file.path,
      'markdown-options',
      `option 'anchors' must be { slug: ${SLUG_STYLES.join(' | ')}, marker: id | span }`,
    );
  const attrs = value.attrs;
  if (
    attrs !== undefined &&
    (typeof attrs !== 'object' ||
      typeof attrs.left !== 'string' ||
      typeof attrs.right !== 'string' ||
      attrs.left === '' ||
      attrs.right === '')
  )
    throw optionError(
      file.path,
      'markdown-options',
      "option 'anchors.attrs' must be { left, right }: the site's attribute delimiters",
    );
  return { slug: value.slug!, marker: value.marker, ...(attrs ? { attrs } : {}) };
}

const processors = new Map<boolean, ReturnType<typeof createProcessor>>();

function processor(mdx: boolean) {
  let made = processors.get(mdx);
  if (!made) {
    made = createProcessor(mdx);
    processors.set(mdx, made);
  }
  return made;
}

function createProcessor(mdx: boolean) {
  const base = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkGfm)
    .use(remarkDirective);
  return mdx ? base.use(remarkMdx) : base;
}

function parseWith(file: SourceFile, mdx: boolean, text: string): Root {
  try {
    return processor(mdx).parse(text) as Root;
  } catch (error) {
    const place = (
      error as {
        place?: { line?: number; column?: number; start?: { line: number; column: number } };
      }
    ).place;
    const point =
      place && 'start' in place && place.start
        ? place.start
        : (place as { line?: number; column?: number } | undefined);
    throw new FormatError(file.path, [
      {
        file: file.path,
        line: point?.line ?? 1,
        column: point?.column ?? 1,
        rule: mdx ? 'mdx-syntax' : 'markdown-syntax',
        severity: 'error',
        message: (error as { reason?: string }).reason ?? (error as Error).message,
      },
    ]);
  }
}

function labelsFrom(file: SourceFile, options: FormatOptions): ReadonlySet<string> {
  const value = options.labels;
  if (value === undefined) return new Set(DEFAULT_CONTAINER_LABELS);
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw optionError(
      file.path,
      'markdown-options',
      "option 'labels' must be a list of container names (tip, details, tabs, code-group, ...)",
    );
  return new Set(value as string[]);
}

// `syntax: 'mkdocs'` reads mkdocs-material's admonitions and content tabs (Python-Markdown
// extensions, so Markdown pages only).
function mkdocsFrom(file: SourceFile, options: FormatOptions, mdx: boolean): boolean {
  const problem = markdownSyntaxProblem(options.syntax, mdx);
  if (problem) throw optionError(file.path, 'markdown-options', `option 'syntax' ${problem}`);
  return options.syntax === 'mkdocs';
}

function settingsFrom(
  file: SourceFile,
  options: FormatOptions,
  mdx: boolean,
  labels: ReadonlySet<string>,
  extra: Pick<MarkdownSettings, 'anchors' | 'titles' | 'markup' | 'bodies'>,
): MarkdownSettings {
  const keys = Array.isArray(options.frontMatter)
    ? (options.frontMatter as string[])
    : DEFAULT_FRONT_MATTER_KEYS;
  const attributes = Array.isArray(options.attributes)
    ? (options.attributes as string[])
    : DEFAULT_MARKDOWN_ATTRIBUTES;
  return {
    mdx,
    frontMatterKeys: keys,
    attributes: new Set(attributes),
    parse: (text) => parseWith(file, mdx, prepareMarkdown(text, mdx, { labels }).text),
    ...extra,
  };
}

// A page's text as the generator's MDX parser reads it: container fences left to
// remark-directive (their labels are Markdown text there), unless the source itself only reads
// with them blanked (`::: tip Title`, which the generator rewrites before it parses).
function generatorText(parsed: MarkdownParsed, text: string): string {
  if (parsed.fencesParse === undefined) {
    try {
      const source = prepareMarkdown(parsed.file.text, true, {
        labels: parsed.labels,
        blankContainers: false,
      });
      parseWith(parsed.file, true, source.text);
      parsed.fencesParse = true;
    } catch {
      parsed.fencesParse = false;
    }
  }
  return prepareMarkdown(text, true, {
    labels: parsed.labels,
    blankContainers: !parsed.fencesParse,
  }).text;
}

// A derived unit's text in a target: its source bytes with the link edits inside it applied.
function derive(parsed: MarkdownParsed, unit: MarkdownUnit, links: readonly Edit[]): string {
  const inside = links
    .filter((e) => e.start >= unit.span.start && e.end <= unit.span.end)
    .map((e) => ({ ...e, start: e.start - unit.span.start, end: e.end - unit.span.start }));
  const raw = parsed.file.text.slice(unit.span.start, unit.span.end);
  return escapeSegmentText(inside.length > 0 ? spliceEdits(raw, inside) : raw);
}

function markdownAdapter(
  spec: typeof markdownSpec | typeof mdxSpec,
): FormatAdapter<MarkdownParsed, MarkdownUnit> {
  const mdx = spec.name === 'mdx';
  return {
    ...spec,
    parse(file, options) {
      const labels = labelsFrom(file, options);
      const mkdocs = mkdocsFrom(file, options, mdx);
      const prepared = prepareMarkdown(file.text, mdx, { labels, mkdocs });
      const root = parseWith(file, mdx, prepared.text);
      const anchors = anchorsFrom(file, options);
      return {
        file,
        warnings: [],
        root,
        labels,
        settings: settingsFrom(file, options, mdx, labels, {
          titles: prepared.titles,
          markup: prepared.markup,
          bodies: prepared.bodies.map((b) => ({ root: parseWith(file, mdx, b.text), map: b.map })),
          ...(anchors
            ? { anchors: headingAnchors(root, file.text, anchors.slug, anchors.attrs) }
            : {}),
          ...(anchors?.attrs ? { headingIds: anchors.attrs } : {}),
        }),
        anchors,
        site: options.site as SiteLinks | undefined,
      };
    },
    extract(parsed) {
      return extractMarkdownUnits(parsed.file, parsed.root, parsed.settings);
    },
    apply(parsed, units, translations, context) {
      const edits: Edit[] = [];
      const markers = siteEdits(parsed, units, translations, context);
      const derived = units.filter((u) => u.derived);
      for (const unit of derived) {
        // A derived unit's text is its translation (what the run worked out, or a person's
        // edit), else worked out here: either way it holds its own rewritten links.
        const text = translations.get(unit.id) ?? derive(parsed, unit, markers.links);
        if (typeof text === 'string' && text !== unit.segment)
          edits.push({
            start: unit.span.start,
            end: unit.span.end,
            render: () => unit.write(text, (a, b) => parsed.file.text.slice(a, b)),
          });
      }
      const inDerived = (edit: Edit) =>
        derived.some((u) => edit.start >= u.span.start && edit.end <= u.span.end);
      for (const unit of units) {
        if (unit.derived) continue;
        const translation = translations.get(unit.id);
        const marker = markers.anchors.get(unit);
        if (typeof translation !== 'string' || translation === unit.segment) {
          if (marker) edits.push({ start: marker.at, end: marker.at, render: () => marker.text });
          continue;
        }
        edits.push({
          start: unit.span.start,
          end: unit.span.end,
          render: (copy) => unit.write(translation, copy) + (marker?.text ?? ''),
        });
      }
      return [...edits, ...markers.links.filter((edit) => !inDerived(edit))];
    },
    derive(parsed, unit, context) {
      return derive(parsed, unit, siteEdits(parsed, [], new Map(), context).links);
    },
    blocks: markdownBlocks,
    serialize(parsed, edits) {
      const text = spliceEdits(parsed.file.text, edits);
      // The written page must compile: read back with the parser the generators use (MDX is
      // strict about every `<` and `{`); a page that would not is not written.
      if (mdx && edits.length > 0) {
        try {
          parseWith(parsed.file, true, generatorText(parsed, text));
        } catch (error) {
          const diagnostics = (error as FormatError).diagnostics ?? [];
          throw new FormatError(
            parsed.file.path,
            diagnostics.map((d) => ({
              ...d,
              rule: 'mdx-written',
              message: `the translated page would not compile as MDX: ${d.message}`,
            })),
          );
        }
      }
      return text;
    },
    verify(parsed, unit, translation) {
      if (!mdx || !unit.phrasing || typeof translation !== 'string') return undefined;
      const copy = (start: number, end: number) => parsed.file.text.slice(start, end);
      const problem = (text: string) => {
        try {
          parseWith(parsed.file, true, prepareMarkdown(text, true, { labels: parsed.labels }).text);
          return undefined;
        } catch (error) {
          return (error as FormatError).diagnostics?.[0]?.message ?? (error as Error).message;
        }
      };
      // Read on its own, out of its block: a source text that does not read alone (it needs
      // the lines around it) cannot tell anything about its translation.
      let alone = readsAlone.get(unit);
      if (alone === undefined) {
        alone = problem(unit.write(unit.segment, copy)) === undefined;
        readsAlone.set(unit, alone);
      }
      if (!alone) return undefined;
      const reason = problem(unit.write(translation, copy));
      return reason === undefined ? undefined : `the translation would not read as MDX: ${reason}`;
    },
  };
}

/**
 * Markdown: headings, paragraphs, list items, table cells, blockquotes, directives and
 * admonitions (`:::tip`, `!!! note`; with `syntax: 'mkdocs'` mkdocs-material's admonitions
 * and content tabs with their indented bodies), image alt text, link titles, front matter by an
 * allow-list. Code, URLs, heading ids and attributes outside an allow-list are never
 * translated. Writing splices translated text into the original positions.
 */
export const markdownFormat = markdownAdapter(markdownSpec);

/** MDX: Markdown with JSX (attribute values by an allow-list), ESM and expressions left alone. */
export const mdxFormat = markdownAdapter(mdxSpec);
