import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Element, Nodes, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { glob } from 'tinyglobby';
import { unified } from 'unified';
import type { Diagnostic } from '../document/diagnostics.js';
import { isExternalUrl } from '../formats/markdown/site-links.js';

/** What {@link checkBuiltLinks} reads. */
export interface CheckBuiltLinksOptions {
  /** The generator's output folder (`build`, `.vitepress/dist`, `dist`). */
  dir: string;
  /** The site's base path (default `/`): links under it are the site's own. */
  base?: string;
}

/** What {@link checkBuiltLinks} found. */
export interface BuiltLinksReport {
  pages: number;
  /** Links to the site's own pages that were checked. */
  links: number;
  /** Of those, links with a `#fragment` whose element was looked for. */
  anchors: number;
  /** A `broken-link` (no such page or file) or `broken-anchor` (no such id) per bad link. */
  problems: Diagnostic[];
}

interface Page {
  ids: Set<string>;
  links: Array<{ href: string; line: number; column: number }>;
}

function readPage(html: string): Page {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const page: Page = { ids: new Set(), links: [] };
  const visit = (node: Nodes) => {
    if (node.type === 'element') {
      const element = node as Element;
      const { id, name, href } = element.properties;
      if (typeof id === 'string') page.ids.add(id);
      if (element.tagName === 'a' && typeof name === 'string') page.ids.add(name);
      if ((element.tagName === 'a' || element.tagName === 'area') && typeof href === 'string')
        page.links.push({
          href,
          line: element.position?.start.line ?? 1,
          column: element.position?.start.column ?? 1,
        });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return page;
}

// The routes a built file answers to: `a/b.html` as `/a/b.html` and `/a/b` (clean URLs),
// `a/index.html` also as `/a/` and `/a`.
function routesOf(file: string): string[] {
  const url = `/${file}`;
  const routes = [url, url.replace(/\.html$/, '')];
  if (/(^|\/)index\.html$/.test(file)) {
    const dir = url.replace(/index\.html$/, '');
    routes.push(dir, dir.replace(/\/$/, '') || '/');
  }
  return routes;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Checks every link of a built site between its own pages: the page (or file) must exist and,
 * for a `#fragment`, hold an element with that id. Generators check page links at build time,
 * but not all check anchors (VitePress does not), and a translated heading is where an anchor
 * breaks. External links are not followed.
 */
export async function checkBuiltLinks(options: CheckBuiltLinksOptions): Promise<BuiltLinksReport> {
  const base = `/${(options.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const files = (await glob('**/*.html', { cwd: options.dir, onlyFiles: true })).sort();
  const pages = new Map<string, Page>();
  const routes = new Map<string, string>();
  for (const file of files) {
    pages.set(file, readPage(await readFile(join(options.dir, file), 'utf8')));
    for (const route of routesOf(file)) if (!routes.has(route)) routes.set(route, file);
  }
  const report: BuiltLinksReport = { pages: files.length, links: 0, anchors: 0, problems: [] };
  for (const [file, page] of pages) {
    for (const link of page.links) {
      if (isExternalUrl(link.href) || link.href === '' || link.href === '#') continue;
      const url = new URL(link.href, `http://site${base}${file}`);
      let path = decode(url.pathname);
      if (!path.startsWith(base)) continue;
      path = `/${path.slice(base.length)}`;
      const target = routes.get(path) ?? routes.get(path.replace(/\/$/, ''));
      report.links++;
      const where = { file: join(options.dir, file), line: link.line, column: link.column };
      if (!target) {
        if (existsSync(join(options.dir, posix.normalize(path)))) continue;
        report.problems.push({
          ...where,
          rule: 'broken-link',
          severity: 'error',
          message: `'${link.href}' leads to no page or file of the site`,
        });
        continue;
      }
      const fragment = decode(url.hash.slice(1));
      // `#top` scrolls to the top of any page; `:~:` starts a text fragment.
      if (fragment === '' || fragment.toLowerCase() === 'top' || fragment.startsWith(':~:'))
        continue;
      report.anchors++;
      if (!pages.get(target)!.ids.has(fragment)) {
        report.problems.push({
          ...where,
          rule: 'broken-anchor',
          severity: 'error',
          message: `'${link.href}': ${target} has no element with id '${fragment}'`,
        });
      }
    }
  }
  return report;
}
