import type { Edit } from '../../document/splice-edits.js';
import type { Original } from '../../segments/segment-markup.js';
import type { RenderContext, UnitTranslation } from '../format-adapter.js';
import type { XliffParsed } from './xliff-document.js';
import { setAttribute, type TargetContext, targetContent, targetEdits } from './xliff-target.js';
import type { XliffUnit } from './xliff-units.js';
import { segmentedTargetEdits } from './xliff12-segmented-target.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Edits that write translations into the targets of an XLIFF document of either version,
 * and, for another locale, the language attribute each version keeps for it (1.2
 * `target-language` on `<file>`, 2.0 `trgLang` on `<xliff>`).
 */
export function applyXliff(
  parsed: XliffParsed,
  units: readonly XliffUnit[],
  translations: ReadonlyMap<string, UnitTranslation>,
  render: RenderContext,
  languageAttribute: { elements: readonly XmlElement[]; name: string },
): Edit[] {
  const text = parsed.file.text;
  // Characters the file writes as references, as it first writes them: a translation that
  // brings a no-break space into a unit that had none writes it as the rest of the file does.
  const forms = new Map<string, string>();
  for (const unit of units)
    for (const [ch, form] of unit.content.forms) if (!forms.has(ch)) forms.set(ch, form);
  const context: TargetContext = {
    text,
    other: render.targetLocale !== render.sourceLocale,
    targetLocale: render.targetLocale,
    entities: parsed.entities,
    forms,
  };
  const copy = (o: Original) => (typeof o === 'string' ? o : text.slice(o.start, o.end));
  const contentOf = (unit: XliffUnit, translation: UnitTranslation) =>
    targetContent(
      unit,
      translation,
      copy,
      unit.content.forms.size === 0 ? forms : new Map([...forms, ...unit.content.forms]),
    );
  const edits: Edit[] = [];
  const segmented = new Map<XmlElement, XliffUnit[]>();
  for (const unit of units) {
    if (unit.site.segmented) {
      const list = segmented.get(unit.site.element);
      if (list) list.push(unit);
      else segmented.set(unit.site.element, [unit]);
      continue;
    }
    const translation = translations.get(unit.id);
    if (translation !== undefined)
      edits.push(...targetEdits(unit.site, contentOf(unit, translation), context));
  }
  for (const group of segmented.values())
    edits.push(...segmentedTargetEdits(group, translations, context, contentOf));
  if (context.other) {
    for (const element of languageAttribute.elements) {
      const tag = text.slice(element.start, element.innerStart);
      const next = setAttribute(tag, languageAttribute.name, render.targetLocale);
      if (next !== tag)
        edits.push({ start: element.start, end: element.innerStart, render: () => next });
    }
  }
  return edits;
}
