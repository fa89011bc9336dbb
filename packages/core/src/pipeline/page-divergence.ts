import type { UnitTranslation } from '../formats/format-adapter.js';
import type { LocDocument } from '../formats/load-document.js';

/** Where a target page first differs from its source written with the page's own texts. */
export interface PageDivergence {
  /** 1-based, in the target page. */
  line: number;
  column: number;
}

const decoder = new TextDecoder();

/**
 * Whether a page's target is its source written with the target's own texts: the source
 * rendered with every text the target holds (`texts`, lined up with the source's units, and
 * its derived markup as worked out) gives the target back byte for byte. Where it does not, the page holds what a person wrote
 * outside those texts (a code block with its comments translated, a link of their own, a
 * block the source lacks, a heading id in the site's own syntax), which writing the page
 * from its source would replace: the first place it differs, else undefined.
 */
export function pageDivergence(
  doc: LocDocument,
  texts: ReadonlyMap<string, UnitTranslation>,
  target: Uint8Array,
  locale: string,
): PageDivergence | undefined {
  // Markup worked out from the source (an import pointed back at it) is written as worked out.
  const own = new Map(texts);
  for (const unit of doc.units)
    if (unit.derived) own.set(unit.id, doc.derive(unit.id, { targetLocale: locale }));
  const rendered = doc.render(own, {
    targetLocale: locale,
    untranslated: 'omit',
    omitted: new Set(),
  });
  const bytes = doc.encode(rendered);
  if (Buffer.from(bytes).equals(Buffer.from(target.buffer, target.byteOffset, target.byteLength)))
    return undefined;
  const text = decoder.decode(target).replace(/^\uFEFF/, '');
  const written = rendered.replace(/^\uFEFF/, '');
  let at = 0;
  while (at < text.length && at < written.length && text[at] === written[at]) at++;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - (before.lastIndexOf('\n') + 1) + 1 };
}
