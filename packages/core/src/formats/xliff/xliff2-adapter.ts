import type { Edit } from '../../document/splice-edits.js';
import { spliceEdits } from '../../document/splice-edits.js';
import type { FormatAdapter } from '../format-adapter.js';
import { setAttribute, targetEdits, type XliffUnit } from './xliff-target.js';
import {
  elementText,
  fallbackUnitId,
  parseXliff,
  type XliffParsed,
  xliffUnit,
} from './xliff-units.js';
import { childrenNamed, type XmlElement } from './xml-tree.js';

const RULES = { pairs: new Set(['pc', 'mrk']) };

/**
 * XLIFF 2.0: every `<segment>` of every `<unit>` of every `<file>` (groups included,
 * `translate="no"` skipped); notes become context; `pc` and `mrk` are pairs, `ph`, `sc`,
 * `ec`, `cp`, `sm` and `em` placeholders, all restored exactly. Translations fill `<target>`,
 * with the segment's `state="translated"` and the document's `trgLang` when rendering another locale.
 */
export const xliff2Adapter: FormatAdapter<XliffParsed, XliffUnit> = {
  name: 'xliff2',
  extensions: ['.xlf2'],

  parse(file, options) {
    return parseXliff(file, '2', options);
  },

  extract(parsed) {
    const units: XliffUnit[] = [];
    const text = parsed.file.text;
    const seen = new Map<string, number>();
    parsed.files.forEach((fileElement, index) => {
      const prefix = parsed.files.length > 1 ? `${fileElement.attributes.id ?? index + 1}#` : '';
      const walk = (element: XmlElement, preserve: boolean) => {
        for (const child of element.children) {
          const name = child.name.replace(/^.*:/, '');
          if (child.attributes.translate === 'no') continue;
          const keep = child.attributes['xml:space']
            ? child.attributes['xml:space'] === 'preserve'
            : preserve;
          if (name === 'group') walk(child, keep);
          if (name !== 'unit') continue;
          // Location notes are source file paths, of no use to a translator.
          const notes = childrenNamed(child, 'notes')
            .flatMap((n) => childrenNamed(n, 'note'))
            .filter((n) => n.attributes.category !== 'location');
          const noteTexts = notes
            .map((n) => {
              const body = elementText(text, n);
              return n.attributes.category && body ? `${n.attributes.category}: ${body}` : body;
            })
            .filter(Boolean);
          const segments = childrenNamed(child, 'segment');
          segments.forEach((segment, i) => {
            const source = childrenNamed(segment, 'source')[0];
            if (!source) return;
            const suffix = segments.length > 1 ? `#${segment.attributes.id ?? i + 1}` : '';
            units.push(
              xliffUnit(parsed, {
                id: `${prefix}${child.attributes.id ?? fallbackUnitId(text, source, seen)}${suffix}`,
                source,
                target: childrenNamed(segment, 'target')[0],
                stateHost: segment,
                notes: noteTexts,
                preserve: segment.attributes['xml:space']
                  ? segment.attributes['xml:space'] === 'preserve'
                  : keep,
                rules: RULES,
              }),
            );
          });
        }
      };
      walk(fileElement, fileElement.attributes['xml:space'] === 'preserve');
    });
    return units;
  },

  apply(parsed, units, translations, context) {
    const text = parsed.file.text;
    const other = context.targetLocale !== context.sourceLocale;
    const edits: Edit[] = [];
    for (const unit of units) {
      const translation = translations.get(unit.id);
      if (translation !== undefined)
        edits.push(...targetEdits(text, unit, translation, other ? 'translated' : undefined));
    }
    if (other) {
      const tag = text.slice(parsed.root.start, parsed.root.innerStart);
      edits.push({
        start: parsed.root.start,
        end: parsed.root.innerStart,
        render: () => setAttribute(tag, 'trgLang', context.targetLocale),
      });
    }
    return edits;
  },

  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },
};
