import type { Root } from 'hast';
import type { Edit } from '../../document/splice-edits.js';
import {
  attributeRange,
  attributeValueRange,
  escapeHtmlAttribute,
  openingRange,
} from './html-tree.js';
import { canonicalLocale, textDirection } from './text-direction.js';

/**
 * Edits of `<html>` for a translated page: `lang` (and `xml:lang`) set to the target locale,
 * the attribute added when the page has none, so the page declares the language it is in;
 * `dir="rtl"` set or added for a right-to-left target, and an `rtl` source's `dir` turned to
 * `ltr` for a left-to-right target. Fragments (no `<html>` tag in the file) are left alone.
 */
export function htmlLocaleEdits(text: string, root: Root, targetLocale: string): Edit[] {
  const html = root.children.find((c) => c.type === 'element' && c.tagName === 'html');
  if (html?.type !== 'element') return [];
  const opening = openingRange(html, 0);
  if (!opening || !/^<html/i.test(text.slice(opening.start, opening.start + 5))) return [];
  const edits: Edit[] = [];
  const insertAt = opening.start + 5;
  const set = (property: string, value: string, add?: string) => {
    const range = attributeRange(html, property, 0);
    const valueRange = range && attributeValueRange(text, range);
    if (valueRange) {
      const current = text.slice(valueRange.start, valueRange.end);
      if (current === value) return;
      const written = escapeHtmlAttribute(value, valueRange.quote);
      edits.push({
        start: valueRange.start,
        end: valueRange.end,
        render: () => (valueRange.quote ? written : `"${written}"`),
      });
    } else if (range) {
      // `<html lang>` without a value.
      const name = text.slice(range.start, range.end);
      const written = escapeHtmlAttribute(value, '"');
      edits.push({ start: range.start, end: range.end, render: () => `${name}="${written}"` });
    } else if (add !== undefined) {
      edits.push({ start: insertAt, end: insertAt, render: () => add });
    }
  };
  const locale = canonicalLocale(targetLocale);
  set('lang', locale, ` lang="${escapeHtmlAttribute(locale, '"')}"`);
  set('xmlLang', locale);
  const dir = String(html.properties.dir ?? '').toLowerCase();
  if (textDirection(targetLocale) === 'rtl') {
    if (dir !== 'rtl' && dir !== 'auto') set('dir', 'rtl', ' dir="rtl"');
  } else if (dir === 'rtl') {
    set('dir', 'ltr');
  }
  return edits;
}
