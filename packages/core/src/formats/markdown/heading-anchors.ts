import GithubSlugger from 'github-slugger';
import type { Heading, Nodes, Root } from 'mdast';
import { toString as mdastToString } from 'mdast-util-to-string';

/**
 * How a generator turns heading text into an anchor: `github` (github-slugger: Docusaurus),
 * `astro` (Starlight: github-slugger over the heading's text content, as Astro 7 does),
 * `vitepress` (VitePress's own slugify).
 */
export type SlugStyle = 'github' | 'astro' | 'vitepress';

/** How a translated heading keeps its source anchor: `{#id}`, or an empty `<span id>` where there are no custom ids. */
export type AnchorMarker = 'id' | 'span';

/**
 * The delimiters of a site's attribute syntax (markdown-it-attrs, VitePress's
 * `markdown.attrs`): `{` and `}` by default, so a heading id reads `{#id}`; a site that sets
 * `%{` and `}%` writes `%{#id}%`.
 */
export interface AttributeDelimiters {
  left: string;
  right: string;
}

/** What the Markdown adapter does about heading anchors. */
export interface AnchorSettings {
  slug: SlugStyle;
  marker: AnchorMarker;
  /** The site's own attribute delimiters, when they are not `{` `}` (marker `id`). */
  attrs?: AttributeDelimiters;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const idPatterns = new Map<string, RegExp>();

/**
 * A heading id at the end of a line in a site's own attribute syntax (`%{#id}%`); undefined
 * for the default `{#id}`, which {@link EXPLICIT} reads. `g` for scanning text.
 */
export function siteIdPattern(
  attrs: AttributeDelimiters | undefined,
  flags = '',
): RegExp | undefined {
  if (!attrs) return undefined;
  const key = `${attrs.left}\0${attrs.right}\0${flags}`;
  let pattern = idPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(
      `[ \\t]*${escapeRe(attrs.left)}[ \\t]*#([^\\s{}]+)[ \\t]*${escapeRe(attrs.right)}[ \\t]*$`,
      flags,
    );
    idPatterns.set(key, pattern);
  }
  return pattern;
}

/** A heading's anchor in the source. */
export interface HeadingAnchor {
  slug: string;
  /** Written by the author (`{#id}`, `{/* #id *\/}`): it stays with the heading anyway. */
  explicit: boolean;
}

// An id is any run of characters but spaces and braces: a generator's slug keeps `≤` or `é`.
const EXPLICIT = /\{[ \t]*#([^\s{}]+)[ \t]*\}[ \t]*$|\{\/\*[ \t]*#?([^\s{}*/]+)[ \t]*\*\/\}[ \t]*$/;
// The same steps as VitePress's slugify, which the generator does not export; an anchor
// written here must equal the one VitePress computes for the source heading.
const V_CONTROL = /[\u0000-\u001f]/g;
const V_SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const V_COMBINING = /[\u0300-\u036F]/g;

function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(V_COMBINING, '')
    .replace(V_CONTROL, '')
    .replace(V_SPECIAL, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * A page's anchors in a generator's style, counted in document order: the same text twice gets
 * `-1` the second time.
 */
export interface Slugger {
  /** Counts a heading whose author gave it `id`, as the generator does. */
  explicit(id: string): void;
  /** The anchor of a heading with this text and no id of its author's. */
  text(text: string): string;
}

/** A per-page slugger in a generator's style. */
export function createSlugger(style: SlugStyle): Slugger {
  if (style === 'vitepress') {
    const seen = new Set<string>();
    const add = (base: string) => {
      let slug = base;
      for (let n = 1; seen.has(slug); n++) slug = `${base}-${n}`;
      seen.add(slug);
      return slug;
    };
    // VitePress registers an author's id with its counter.
    return { explicit: (id) => void add(id), text: (text) => add(vitepressSlug(text)) };
  }
  // github-slugger never sees an author's id: Docusaurus and Astro count only slugged text.
  const slugger = new GithubSlugger();
  return { explicit: () => {}, text: (text) => slugger.slug(text) };
}

/** The text a generator slugs: the heading's content without raw HTML. */
export function headingText(heading: Heading): string {
  const parts = heading.children.filter((c) => c.type !== 'html');
  return mdastToString(parts.length > 0 ? parts : heading).trim();
}

/**
 * The anchor of every heading of a page in document order, as its generator computes it: an
 * author's `{#id}` (or Docusaurus's `{/* #id *\/}`), else the slug of its text.
 */
export function headingAnchors(
  root: Root,
  text: string,
  style: SlugStyle,
  attrs?: AttributeDelimiters,
): Map<Heading, HeadingAnchor> {
  const own = siteIdPattern(attrs);
  const slugger = createSlugger(style);
  const anchors = new Map<Heading, HeadingAnchor>();
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const start = node.position?.start.offset ?? 0;
      const lineEnd = text.indexOf('\n', start);
      const line = text.slice(start, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '');
      const explicit = own ? own.exec(line) : EXPLICIT.exec(line);
      const id = explicit?.[1] ?? explicit?.[2];
      if (id !== undefined) {
        slugger.explicit(id);
        anchors.set(node, { slug: id, explicit: true });
      } else anchors.set(node, { slug: slugger.text(headingText(node)), explicit: false });
      return;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return anchors;
}

/** What keeps a source anchor on a translated heading, written after its text. */
export function anchorMarker(
  slug: string,
  marker: AnchorMarker,
  attrs: AttributeDelimiters = { left: '{', right: '}' },
): string {
  // No space before the span: Astro slugs the heading's whole text content, a trailing space too.
  return marker === 'id' ? ` ${attrs.left}#${slug}${attrs.right}` : `<span id="${slug}"></span>`;
}
