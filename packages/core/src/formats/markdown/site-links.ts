import { posix } from 'node:path';
import type { DocsGenerator } from './docs-generators.js';
import type { FrontMatterLinkKeys, LinkTarget } from './link-targets.js';

export type { DocsGenerator } from './docs-generators.js';

/**
 * Where a preset's pages live and how their URLs work: carried in a file entry's adapter
 * options (`site`), so the Markdown adapter rewrites links without reading the project.
 */
export interface SiteLinks {
  generator: DocsGenerator;
  /** The source locale's content folder, relative to the project root ('' or ending in `/`). */
  sourceDir: string;
  /** A target locale's content folder, with `{locale}`. */
  targetDir: string;
  /** URL prefix of the source locale's pages: '' for a root locale, `/en` when it has its own. */
  sourcePrefix: string;
  /** Absolute page links get the locale's prefix (VitePress, Starlight; Docusaurus adds it itself). */
  localizeRoutes: boolean;
  /** Source files (relative to the root) of the pages every target locale has. */
  pages: readonly string[];
  /** Front-matter keys that hold links and asset paths. */
  frontMatter: FrontMatterLinkKeys;
}

const PAGE_EXTENSION = /\.(?:md|mdx|markdown|html?)$/i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:|^\/\//;

/** Whether a link leaves the site: it has a scheme (`https:`, `mailto:`) or starts with `//`. */
export function isExternalUrl(href: string): boolean {
  return SCHEME.test(href);
}

/** A page URL or file path reduced to its route: no extension, no `index`, no trailing `/`. */
export function normalizeRoute(path: string): string {
  const route = path
    .replace(PAGE_EXTENSION, '')
    .replace(/(^|\/)index$/i, '$1')
    .replace(/\/+$/, '');
  return route.startsWith('/') ? route || '/' : `/${route}`;
}

interface SiteIndex {
  files: Set<string>;
  routes: Set<string>;
}

const indexes = new WeakMap<readonly string[], SiteIndex>();

function indexOf(site: SiteLinks): SiteIndex {
  let index = indexes.get(site.pages);
  if (!index) {
    index = {
      files: new Set(site.pages),
      routes: new Set(site.pages.map((p) => routeOf(site, p))),
    };
    indexes.set(site.pages, index);
  }
  return index;
}

function routeOf(site: SiteLinks, file: string): string {
  const route = normalizeRoute(file.slice(site.sourceDir.length));
  // Astro turns file names into lower-case slugs.
  return site.generator === 'starlight' ? route.toLowerCase() : route;
}

/** The target path of a source page in `locale`. */
export function targetOf(site: SiteLinks, source: string, locale: string): string {
  return site.targetDir.replaceAll('{locale}', locale) + source.slice(site.sourceDir.length);
}

function isPageFile(index: SiteIndex, file: string): boolean {
  return (
    index.files.has(file) ||
    ['.md', '.mdx', '/index.md', '/index.mdx'].some((ext) => index.files.has(file + ext))
  );
}

/**
 * The URL `target` must have in the translation of page `source` into `locale`, or undefined
 * when it stays as written: an absolute link to a page the locale has gets the locale's prefix
 * (where the generator does not add it); a relative asset, module or file the locale's folder
 * does not mirror is pointed back at the source's copy, its query (`?raw`) and hash kept.
 * Relative page links stay: every locale's folder mirrors the source's. A module specifier is
 * relative only with `./` or `../`: package names and aliases are never touched.
 */
export function rewriteLink(
  target: LinkTarget,
  source: string,
  locale: string,
  site: SiteLinks,
): string | undefined {
  const url = target.url;
  if (url === '' || url.startsWith('#') || SCHEME.test(url)) return undefined;
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const suffix = cut === -1 ? '' : url.slice(cut);
  const index = indexOf(site);
  if (path.startsWith('/')) {
    if (!site.localizeRoutes || target.kind !== 'link') return undefined;
    const prefix = site.sourcePrefix;
    if (prefix !== '' && path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
    const rest = path.slice(prefix.length) || '/';
    const route = normalizeRoute(rest);
    if (!index.routes.has(site.generator === 'starlight' ? route.toLowerCase() : route))
      return undefined;
    return `/${locale}${rest}${suffix}`;
  }
  if (target.kind === 'module') {
    // Only `./` and `../` reach a file: a bare name is a package, and `@site/`, `@theme/`,
    // `@/`, `~/`, `#imports` or `virtual:` are the bundler's aliases, the same from any folder.
    if (!/^\.\.?\//.test(path)) return undefined;
  } else if (path === '' || path.startsWith('@') || path.startsWith('~')) {
    return undefined;
  } else if (!/\.[A-Za-z0-9]+$/.test(path.split('/').at(-1)!)) {
    return undefined; // a URL relative to the page's own URL: the locale mirrors it
  }
  const file = posix.normalize(posix.join(posix.dirname(source), path));
  if (file.startsWith('../') || isPageFile(index, file)) return undefined;
  const from = posix.dirname(targetOf(site, source, locale));
  let relative = posix.relative(from, file);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return relative === path ? undefined : relative + suffix;
}
