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

/**
 * The problem of a file entry's `options.syntax`, for configuration to report with the key's
 * position before any file is read (an entry's format is its `format` or its extension).
 */
export function fileEntrySyntaxProblem(entry: {
  source: string;
  format?: string | undefined;
  options?: Readonly<Record<string, unknown>> | undefined;
}): string | undefined {
  if (entry.options?.syntax === undefined) return undefined;
  const format = entry.format ?? (/\.mdx$/i.test(entry.source) ? 'mdx' : 'markdown');
  if (format !== 'markdown' && format !== 'mdx') return 'is an option of Markdown files only';
  return markdownSyntaxProblem(entry.options.syntax, format === 'mdx');
}
