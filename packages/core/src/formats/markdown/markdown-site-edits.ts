import type { Edit } from '../../document/splice-edits.js';
import type { RenderContext, UnitTranslation } from '../format-adapter.js';
import { anchorMarker, createSlugger, type HeadingAnchor, headingText } from './heading-anchors.js';
import { collectLinkTargets } from './link-targets.js';
import type { MarkdownParsed } from './markdown-parsed.js';
import type { MarkdownUnit } from './markdown-unit.js';
import { rewriteLink } from './site-links.js';

/** Text written after a heading to keep its source anchor. */
export interface AnchorEdit {
  at: number;
  text: string;
}

/** What a page's site layout adds to its translation: anchor markers and rewritten URLs. */
export interface SiteEdits {
  anchors: Map<MarkdownUnit, AnchorEdit>;
  links: Edit[];
}

// A heading's text as the generator reads it after rendering: markup written back, then the
// Markdown syntax a slug leaves out (code ticks, emphasis, link destinations, tags) dropped;
// code spans keep their text as written, `<Tag>` included.
function renderedText(unit: MarkdownUnit, translation: string, source: string): string {
  const code: string[] = [];
  const markdown = unit
    .write(translation, (start, end) => source.slice(start, end))
    .replace(/(`+)([\s\S]*?)\1/g, (_m, _ticks, text: string) => {
      code.push(text.trim());
      return `\u0000${code.length - 1}\u0000`;
    });
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\*+|(^|\W)_+|_+(?=\W|$)/g, '$1')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u0000(\d+)\u0000/g, (_m, i: string) => code[Number(i)]!)
    .trim();
}

/**
 * Anchor markers for the translated page's headings and its rewritten URLs. With `{#id}`
 * every heading that has no id of its author's gets its source anchor (a heading left in the
 * source language keeps it too, so duplicate counts cannot shift); with `<span id>` only the
 * headings whose anchor in the translation differs get one, so no id appears twice, and the
 * page's own `#anchor` links go to the translated heading's anchor.
 */
export function siteEdits(
  parsed: MarkdownParsed,
  units: readonly MarkdownUnit[],
  translations: ReadonlyMap<string, UnitTranslation>,
  context: RenderContext,
): SiteEdits {
  const anchors = new Map<MarkdownUnit, AnchorEdit>();
  const links: Edit[] = [];
  const settings = parsed.anchors;
  // Where ids cannot be set, a link to a heading of the same page goes to the heading's own
  // (translated) anchor; links from elsewhere land on the span that keeps the source anchor.
  const own = new Map<string, string>();
  if (settings) {
    const slugger = createSlugger(settings.slug);
    const headingUnits = new Map<HeadingAnchor, MarkdownUnit>();
    for (const unit of units) if (unit.heading) headingUnits.set(unit.heading.anchor, unit);
    // Every heading of the page counts, in document order, as it did for the source anchors:
    // one with no text to translate keeps its text and so its anchor.
    for (const [heading, anchor] of parsed.settings.anchors ?? []) {
      if (anchor.explicit) {
        slugger.explicit(anchor.slug);
        continue;
      }
      const unit = headingUnits.get(anchor);
      if (!unit?.heading) {
        slugger.text(headingText(heading));
        continue;
      }
      const { end } = unit.heading;
      const translation = translations.get(unit.id);
      const text = typeof translation === 'string' ? translation : unit.segment;
      const natural = slugger.text(renderedText(unit, text, parsed.file.text));
      if (settings.marker === 'id' || natural !== anchor.slug)
        anchors.set(unit, {
          at: end,
          text: anchorMarker(anchor.slug, settings.marker, settings.attrs),
        });
      if (settings.marker === 'span' && natural !== anchor.slug) own.set(anchor.slug, natural);
    }
  }
  const site = parsed.site;
  if (own.size === 0 && !site) return { anchors, links };
  parsed.links ??= collectLinkTargets(
    parsed.root,
    parsed.file.text,
    site?.frontMatter ?? { links: [], assets: [] },
  );
  for (const target of own.size > 0 ? parsed.links : []) {
    const slug = target.url.startsWith('#') ? own.get(target.url.slice(1)) : undefined;
    if (slug !== undefined)
      links.push({ start: target.start, end: target.end, render: () => `#${slug}` });
  }
  if (site) {
    for (const target of parsed.links) {
      const url = rewriteLink(target, parsed.file.path, context.targetLocale, site);
      if (url !== undefined)
        links.push({ start: target.start, end: target.end, render: () => url });
    }
  }
  return { anchors, links };
}
