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

const RULES = { pairs: new Set(['g', 'mrk']) };

/**
 * XLIFF 1.2: every `<trans-unit>` of every `<file>` (groups included, `translate="no"`
 * skipped); notes become context; `g` and `mrk` are pairs, `x`, `bx`, `ex`, `ph`, `bpt`,
 * `ept` and `it` placeholders, all restored exactly. Translations fill `<target>`, with
 * `state="translated"` and the file's `target-language` when rendering another locale.
 */
export const xliff12Adapter: FormatAdapter<XliffParsed, XliffUnit> = {
  name: 'xliff12',
  extensions: ['.xlf', '.xliff'],

  parse(file, options) {
    return parseXliff(file, '1', options);
  },

  extract(parsed) {
    const units: XliffUnit[] = [];
    const text = parsed.file.text;
    const seen = new Map<string, number>();
    parsed.files.forEach((fileElement, index) => {
      const prefix =
        parsed.files.length > 1 ? `${fileElement.attributes.original ?? index + 1}#` : '';
      const filePreserve = fileElement.attributes['xml:space'] === 'preserve';
      const walk = (element: XmlElement, preserve: boolean) => {
        for (const child of element.children) {
          const name = child.name.replace(/^.*:/, '');
          if (child.attributes.translate === 'no') continue;
          const keep = child.attributes['xml:space']
            ? child.attributes['xml:space'] === 'preserve'
            : preserve;
          if (name === 'group' || name === 'body') walk(child, keep);
          if (name !== 'trans-unit') continue;
          const source = childrenNamed(child, 'source')[0];
          if (!source) continue;
          units.push(
            xliffUnit(parsed, {
              id: `${prefix}${child.attributes.id ?? fallbackUnitId(text, source, seen)}`,
              source,
              target: childrenNamed(child, 'target')[0],
              stateHost: 'target',
              notes: childrenNamed(child, 'note')
                .map((n) => elementText(text, n))
                .filter(Boolean),
              preserve: keep,
              rules: RULES,
            }),
          );
        }
      };
      walk(fileElement, filePreserve);
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
      for (const fileElement of parsed.files) {
        const tag = text.slice(fileElement.start, fileElement.innerStart);
        edits.push({
          start: fileElement.start,
          end: fileElement.innerStart,
          render: () => setAttribute(tag, 'target-language', context.targetLocale),
        });
      }
    }
    return edits;
  },

  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },
};
