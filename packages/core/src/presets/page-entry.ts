import { globSync } from 'tinyglobby';
import type { DocsGenerator } from '../formats/markdown/docs-generators.js';
import type { SiteLinks } from '../formats/markdown/site-links.js';
import { ALWAYS_EXCLUDED } from '../pipeline/expand-files.js';
import type { FileEntry } from '../settings/config-schema.js';
import { DOCS_ATTRIBUTES, type DocsPolicy, type DocsPresetContext } from './docs-preset.js';

/** One folder of pages and where a locale's copy of it goes. */
export interface PageFolder {
  /** The source folder, relative to the root, '' or ending in `/`. */
  sourceDir: string;
  /** The target folder with `{locale}`, ending in `/`. */
  targetDir: string;
  /** URL prefix of the source locale ('' for a root locale). */
  sourcePrefix: string;
  /** Globs (relative to the root) that are not pages of this folder. */
  exclude: readonly string[];
  /** Read `.md` pages as MDX too (Docusaurus compiles them as MDX unless told otherwise). */
  mdx?: boolean;
}

/**
 * The file entry of a folder of pages: Markdown and MDX to the locale's folder, read with the
 * generator's front-matter policy and anchors, and the site layout for link rewriting; and
 * the folder's source pages (relative to the root, sorted), which the layout lists. The pages
 * are listed when first asked for: only parsing a page needs them (for its links), and a run
 * whose files all match the lock parses none, so it skips walking the folder a second time
 * (the file expansion walks it anyway).
 */
export function pageEntry(
  context: DocsPresetContext,
  generator: DocsGenerator,
  policy: DocsPolicy,
  folder: PageFolder,
): { entry: FileEntry; pages: () => readonly string[] } {
  const source = `${folder.sourceDir}**/*.{md,mdx}`;
  const exclude = [...folder.exclude, ...(context.options.exclude ?? [])];
  let listed: string[] | undefined;
  const pages = () =>
    (listed ??= globSync(source, {
      cwd: context.root,
      onlyFiles: true,
      expandDirectories: false,
      ignore: [...ALWAYS_EXCLUDED, ...exclude],
    }).sort());
  const site: SiteLinks = {
    generator,
    sourceDir: folder.sourceDir,
    targetDir: folder.targetDir,
    sourcePrefix: folder.sourcePrefix,
    localizeRoutes: generator !== 'docusaurus',
    get pages() {
      return pages();
    },
    frontMatter: policy.frontMatterLinks,
  };
  const entry: FileEntry = {
    source,
    target: `${folder.targetDir}{path}`,
    ...(folder.mdx ? { format: 'mdx' as const } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    options: {
      frontMatter: [...(context.options.frontMatter ?? policy.frontMatter)],
      attributes: [...(context.options.attributes ?? DOCS_ATTRIBUTES)],
      labels: [...(context.options.labels ?? policy.labels)],
      anchors: policy.anchors,
      site,
    },
  };
  return { entry, pages };
}
