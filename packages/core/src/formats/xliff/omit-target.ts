import type { Edit } from '../../document/splice-edits.js';
import type { UnitSite } from './xliff-document.js';
import { removeAttribute, setAttribute } from './xliff-target.js';

/**
 * Edits that leave a unit without a target: a unit with no translation in this locale must
 * not show the source's text (or a translation for another locale) as its own. The
 * `<target>` goes with the whitespace that led to it on its line; a 2.0 `<segment>` that
 * says its text is translated or reviewed says `initial` again, and a 1.2 `approved`
 * goes. A unit the source wrote without a target needs nothing.
 */
export function omitTargetEdits(
  text: string,
  site: Pick<UnitSite, 'element' | 'target' | 'stateHost'>,
): Edit[] {
  const { target } = site;
  if (!target) return [];
  const edits: Edit[] = [];
  let start = target.start;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  if (text[start - 1] === '\n') start -= text[start - 2] === '\r' ? 2 : 1;
  edits.push({ start, end: target.end, render: () => '' });
  const host = site.stateHost;
  if (host !== 'target') {
    const tag = text.slice(host.start, host.innerStart);
    const state = /\sstate\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    if (state !== undefined && state !== 'initial') {
      const next = removeAttribute(setAttribute(tag, 'state', 'initial'), 'subState');
      edits.push({ start: host.start, end: host.innerStart, render: () => next });
    }
  } else {
    const tag = text.slice(site.element.start, site.element.innerStart);
    const next = removeAttribute(tag, 'approved');
    if (next !== tag)
      edits.push({ start: site.element.start, end: site.element.innerStart, render: () => next });
  }
  return edits;
}
