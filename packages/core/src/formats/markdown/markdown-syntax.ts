/** The Markdown dialects a page may be written in (the adapter's `syntax` option). */
export const MARKDOWN_SYNTAXES = ['commonmark', 'mkdocs'] as const;

/** One of {@link MARKDOWN_SYNTAXES}. */
export type MarkdownSyntax = (typeof MARKDOWN_SYNTAXES)[number];

/** What is wrong with a `syntax` option, or undefined when it is right for the format. */
export function markdownSyntaxProblem(value: unknown, mdx: boolean): string | undefined {
  if (value === undefined || value === 'commonmark') return undefined;
  if (value !== 'mkdocs') return `must be one of ${MARKDOWN_SYNTAXES.join(', ')}`;
  // mkdocs-material's blocks are Python-Markdown extensions: no MDX page is written in them.
  return mdx ? 'mkdocs is a syntax of Markdown pages, not of MDX' : undefined;
}
