import type { UnitSite } from './xliff-unit-site.js';
import { elementText } from './xml-tree.js';

/**
 * The `text` option of the XLIFF adapters: where a unit's text is. `source` is XLIFF's own
 * layout; `target` is Symfony's (`messages.en.xlf` with the key as source and resname, and
 * the English text as target); `auto` (the default) tells them apart.
 */
export type XliffTextOption = 'auto' | 'source' | 'target';

function language(tag: string | undefined): string | undefined {
  return tag?.toLowerCase().split(/[-_]/)[0] || undefined;
}

// A target in the source's language is the text itself, not a translation of it.
function targetIsSourceLanguage(site: UnitSite, locale: string | undefined): boolean {
  const target = language(site.languages.target);
  if (target === undefined) return true;
  return target === language(site.languages.source) || target === language(locale);
}

/** Whether a source reads as a message key (`app.login.title`, `login_title`) rather than text. */
export function isKeyLike(source: string): boolean {
  return (
    /^[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+$/u.test(source) ||
    /^[\p{L}\p{N}-]*_[\p{L}\p{N}_-]*$/u.test(source)
  );
}

/**
 * Resolves `auto`: the file is in Symfony's layout when most units that have a target name
 * their source as their key (source equal to `resname`, `name` or `id`), and either the
 * source reads as a key (`app.login.title`) or the target is in the source language. A
 * translated file whose ids are its English texts (Xcode) has neither, so it stays in
 * XLIFF's own layout; a translated Symfony catalog is still read from its targets.
 */
export function resolveTextMode(
  text: string,
  sites: readonly UnitSite[],
  option: XliffTextOption,
  locale: string | undefined,
): 'source' | 'target' {
  if (option !== 'auto') return option;
  let withTarget = 0;
  let keyed = 0;
  for (const site of sites) {
    const { target } = site;
    if (site.segmented || !target) continue;
    if (text.slice(target.innerStart, target.innerEnd).trim() === '') continue;
    withTarget++;
    const raw = text.slice(site.source.innerStart, site.source.innerEnd);
    const source = /[<&]/.test(raw) ? elementText(text, site.source) : raw.trim();
    if (source === '' || !site.keys.includes(source)) continue;
    if (isKeyLike(source) || targetIsSourceLanguage(site, locale)) keyed++;
  }
  return keyed > 0 && keyed * 2 > withTarget ? 'target' : 'source';
}
