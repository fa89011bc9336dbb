import type { Edit } from '../../document/splice-edits.js';
import type { Original } from '../../segments/segment-markup.js';
import type { RenderContext, UnitTranslation } from '../format-adapter.js';
import { omitTargetEdits } from './omit-target.js';
import type { UnitSite, XliffParsed } from './xliff-document.js';
import { keptNoteEdits, type UnitBeside } from './xliff-kept-notes.js';
import { createPreviousTargets, type PreviousTargets } from './xliff-previous.js';
import {
  type PreviousTarget,
  removeAttribute,
  setAttribute,
  type TargetContext,
  targetContent,
  targetEdits,
} from './xliff-target.js';
import type { XliffUnit } from './xliff-units.js';
import { segmentedTargetEdits } from './xliff12-segmented-target.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Edits that write translations into the targets of an XLIFF document of either version,
 * and, for another locale, the language attribute each version keeps for it (1.2
 * `target-language` on `<file>`, 2.0 `trgLang` on `<xliff>`). With the target file as it is
 * now (`render.previous`), a target written with the text it has there keeps what that file
 * says of it (state, qualifier, approval), and the notes a person added there stay.
 */
export function applyXliff(
  parsed: XliffParsed,
  units: readonly XliffUnit[],
  translations: ReadonlyMap<string, UnitTranslation>,
  render: RenderContext<XliffParsed>,
  languageAttribute: { elements: readonly XmlElement[]; name: string },
): Edit[] {
  const text = parsed.file.text;
  const forms = referenceForms(units);
  const context: TargetContext = {
    text,
    other: render.targetLocale !== render.sourceLocale,
    targetLocale: render.targetLocale,
    entities: parsed.entities,
    forms,
  };
  const previous =
    context.other && render.previous
      ? createPreviousTargets(render.previous, parsed.sites)
      : undefined;
  // Each unit element beside its unit in the target file, and whether all its text stays.
  const beside = new Map<XmlElement, UnitBeside>();
  const track = (own: UnitSite, same: boolean) => {
    const site = previous?.site(own);
    if (!site) return;
    const known = beside.get(own.element);
    if (known) known.same &&= same;
    else beside.set(own.element, { previous: site.element, same });
  };
  const copy = (o: Original) => (typeof o === 'string' ? o : text.slice(o.start, o.end));
  const contentOf = (unit: XliffUnit, translation: UnitTranslation) =>
    targetContent(
      unit,
      translation,
      copy,
      unit.content.forms.size === 0 ? forms : new Map([...forms, ...unit.content.forms]),
    );
  const omit = render.untranslated === 'omit';
  const edits: Edit[] = [];
  const segmented = new Map<XmlElement, XliffUnit[]>();
  for (const unit of units) {
    if (unit.site.segmented) {
      segmented.set(unit.site.element, [...(segmented.get(unit.site.element) ?? []), unit]);
      continue;
    }
    const translation = translations.get(unit.id);
    if (translation === undefined) {
      track(unit.site, false);
      if (omit) {
        edits.push(...omitTargetEdits(text, unit.site));
        render.omitted?.add(unit.id);
      }
      continue;
    }
    const written = unitTargetEdits(
      unit,
      () => contentOf(unit, translation),
      render,
      previous,
      context,
    );
    track(unit.site, written.same);
    edits.push(...written.edits);
  }
  for (const group of segmented.values()) {
    // One target holds every segment: a segment without a translation leaves it out whole.
    if (omit && group.some((u) => !translations.has(u.id))) {
      const first = group[0]!.site;
      edits.push(...omitTargetEdits(text, { ...first, target: first.segmented!.target }));
      for (const unit of group) render.omitted?.add(unit.id);
      track(first, false);
      continue;
    }
    const written = segmentedTargetEdits(group, translations, context, contentOf, previous);
    edits.push(...written.edits);
    track(group[0]!.site, written.same);
  }
  if (previous)
    edits.push(
      ...keptNoteEdits(
        text,
        previous.parsed.file.text,
        parsed.root.attributes.version?.startsWith('2') ? '2.0' : '1.2',
        beside,
      ),
    );
  if (context.other)
    edits.push(
      ...languageEdits(text, languageAttribute, render.targetLocale, previousTags(render)),
    );
  return edits;
}

// The edits of one unit's target (`written`: its content from the translation), and whether
// its text stays as the target file has it. A text that stays is the target file's bytes:
// its whitespace, references and markup.
function unitTargetEdits(
  unit: XliffUnit,
  written: () => string,
  render: RenderContext<XliffParsed>,
  previous: PreviousTargets | undefined,
  context: TargetContext,
): { edits: Edit[]; same: boolean } {
  const before = previous?.site(unit.site);
  const content =
    render.asItIs?.has(unit.id) && before?.target && !before.target.selfClosing
      ? previous!.parsed.file.text.slice(before.target.innerStart, before.target.innerEnd)
      : written();
  let state: PreviousTarget | undefined;
  if (previous && before)
    state = previous.describe(before, previous.holds(before.target, content, context.entities));
  const review = render.review?.has(unit.id) === true;
  return {
    edits: targetEdits(unit.site, content, context, { previous: state, review }),
    same: state?.same === true,
  };
}

// The start tags of the elements that carry the target language in the target file as it is
// (1.2 `<file>`s, 2.0 `<xliff>`), in order.
function previousTags(render: RenderContext<XliffParsed>): string[] {
  const previous = render.previous;
  if (!previous || render.targetLocale === render.sourceLocale) return [];
  const text = previous.file.text;
  const version2 = previous.root.attributes.version?.startsWith('2') === true;
  const elements = version2 ? [previous.root] : previous.files;
  return elements.map((e) => text.slice(e.start, e.innerStart));
}

// Characters the file writes as references, as it first writes them: a translation that
// brings a no-break space into a unit that had none writes it as the rest of the file does.
function referenceForms(units: readonly XliffUnit[]): Map<string, string> {
  const forms = new Map<string, string>();
  for (const unit of units)
    for (const [ch, form] of unit.content.forms) if (!forms.has(ch)) forms.set(ch, form);
  return forms;
}

// The language attribute set to the target locale on each element that keeps it.
function languageEdits(
  text: string,
  languageAttribute: { elements: readonly XmlElement[]; name: string },
  targetLocale: string,
  previous: readonly string[] = [],
): Edit[] {
  const edits: Edit[] = [];
  for (const [i, element] of languageAttribute.elements.entries()) {
    const tag = text.slice(element.start, element.innerStart);
    let next = setAttribute(tag, languageAttribute.name, targetLocale);
    // The target file's own start tag when it says the same (its attributes in its order).
    const own = previous[i];
    const plain = (t: string) =>
      removeAttribute(t, languageAttribute.name)
        .replace(/\s+/g, ' ')
        .replace(/\s*(\/?>)$/, '$1');
    if (
      own !== undefined &&
      own !== next &&
      plain(own) === plain(tag) &&
      setAttribute(own, languageAttribute.name, targetLocale) === own
    )
      next = own;
    if (next !== tag)
      edits.push({ start: element.start, end: element.innerStart, render: () => next });
  }
  return edits;
}
