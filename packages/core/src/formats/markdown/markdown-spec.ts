import * as z from 'zod/mini';
import { type FormatSpec, optionChecked } from '../format-spec.js';
import { markdownSyntaxProblem } from './markdown-syntax.js';

/** How heading anchors are spelled, by the site generator that makes them. */
export const SLUG_STYLES = ['github', 'astro', 'vitepress'] as const;

const NAMES = z.array(z.string());

// The options a file entry gives a Markdown or MDX page (a preset's own `site` is not one).
function markdownOptions(mdx: boolean) {
  return z.strictObject({
    /** `mkdocs`: mkdocs-material's admonitions and content tabs (Markdown pages only). */
    syntax: z.optional(optionChecked((value) => markdownSyntaxProblem(value, mdx))),
    /** Containers whose labels are translated. */
    labels: z.optional(NAMES),
    /** Heading anchors kept stable in translations. */
    anchors: z.optional(
      z.strictObject({ slug: z.enum(SLUG_STYLES), marker: z.enum(['id', 'span']) }),
    ),
    /** Front-matter keys to translate (dot paths, `*` for any key or index). */
    frontMatter: z.optional(NAMES),
    /** JSX and HTML attributes to translate. */
    attributes: z.optional(NAMES),
  });
}

/** Markdown pages. */
export const markdownSpec = {
  name: 'markdown',
  kind: 'document',
  extensions: ['.md', '.markdown'],
  options: markdownOptions(false),
} as const satisfies FormatSpec<'markdown'>;

/** MDX pages: Markdown with JSX. */
export const mdxSpec = {
  name: 'mdx',
  kind: 'document',
  extensions: ['.mdx'],
  options: markdownOptions(true),
} as const satisfies FormatSpec<'mdx'>;
