import { createHash } from 'node:crypto';
import { FormatError } from '../../document/diagnostics.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import { findDuplicateUnitIds } from './duplicate-unit-ids.js';
import type { UnitSite, XliffParsed } from './xliff-document.js';
import { type InlineContent, type InlineRules, readInlineContent } from './xliff-inline.js';
import { saysUntranslated } from './xliff-target.js';
import type { XliffUnit } from './xliff-unit.js';
import type { XmlElement } from './xml-tree.js';

export type { XliffUnit } from './xliff-unit.js';

function hasContent(text: string, element: XmlElement | undefined): element is XmlElement {
  return element !== undefined && text.slice(element.innerStart, element.innerEnd).trim() !== '';
}

// Tags already read (every unit of a file names the same few), bounded for long-lived hosts.
const LANGUAGES = new Map<string, string>();

/**
 * The first of `tags` that names a language (`de-DE`, or `de_DE` as Java and Symfony write
 * it), else `en`: a file may name its languages in any spelling, and plural rules need one
 * they know.
 */
function languageOf(...tags: Array<string | undefined>): string {
  for (const tag of tags) {
    if (!tag) continue;
    let language = LANGUAGES.get(tag);
    if (language === undefined) {
      try {
        language = Intl.getCanonicalLocales(tag.replaceAll('_', '-'))[0]!;
      } catch {
        language = ''; // not a language tag: the next one says it
      }
      if (LANGUAGES.size >= 256) LANGUAGES.clear();
      LANGUAGES.set(tag, language);
    }
    if (language) return language;
  }
  return 'en';
}

/**
 * Builds a unit from its site: the text of its source, or of its target in Symfony's layout
 * (when the target has text) or when reading a translated file.
 */
export function xliffUnit(parsed: XliffParsed, site: UnitSite, rules: InlineRules): XliffUnit {
  const { file } = parsed;
  const builder = new SegmentBuilder(file.text);
  // ICU plurals choose a branch by the rules of the language of the text read: a source is
  // in the file's source language, a target (a translation, or Symfony's text) in its target
  // language; the `locale` option stands in where the file names neither.
  const sourceLanguage = languageOf(site.languages.source, site.sourceLang, parsed.locale);
  const targetLanguage = languageOf(
    site.languages.target,
    site.target?.attributes['xml:lang'],
    parsed.locale,
  );
  const read = (element: XmlElement, openRanges: Set<string>) =>
    readInlineContent(file.text, element.innerStart, element.innerEnd, builder, {
      locale: element === site.source ? sourceLanguage : targetLanguage,
      rules,
      preserve: site.preserve,
      protectPlaceholders: parsed.protectPlaceholders,
      icu: parsed.icu ? 'always' : 'start',
      symfony: parsed.text === 'target',
      entities: parsed.entities,
      openRanges,
    });
  let content: InlineContent;
  let textElement = site.source;
  if (parsed.text === 'target' && hasContent(file.text, site.target)) {
    // The key in the source says nothing of the text: the target alone is read.
    textElement = site.target;
    content = read(site.target, site.ranges.target);
  } else {
    content = read(site.source, site.ranges.source);
    // A target read with the same builder gives its placeholders the source's ids.
    if (parsed.fromTargets && site.target) {
      const sourceForms = content.forms;
      content = read(site.target, site.ranges.target);
      for (const [ch, form] of sourceForms) if (!content.forms.has(ch)) content.forms.set(ch, form);
    }
  }
  const unit: XliffUnit = {
    id: site.id,
    segment: content.segment,
    path: site.id,
    ...file.position(textElement.innerStart),
    markup: builder.markup(),
    site,
    textElement,
    content,
  };
  if (content.plural) unit.plural = content.plural;
  if (site.notes.length > 0) unit.context = site.notes.join('\n');
  return unit;
}

/**
 * The units of every site, in document order. Two units that share an id but not their
 * text are refused with a FormatError naming both places (read as a translation, their
 * source's text: see {@link findDuplicateUnitIds}).
 */
export function xliffUnits(parsed: XliffParsed, rules: InlineRules): XliffUnit[] {
  for (const site of parsed.sites) {
    site.ranges.source.clear();
    site.ranges.target.clear();
  }
  // Read as a translation, a unit without a target has no text in this file: it is not there
  // (its source is not its translation); nor is one whose state says it is not translated yet.
  const text = parsed.file.text;
  const sites = parsed.fromTargets
    ? parsed.sites.filter((site) => hasContent(text, site.target) && !pendingSite(text, site))
    : parsed.sites;
  const units = sites.map((site) => xliffUnit(parsed, site, rules));
  const duplicates = findDuplicateUnitIds(parsed.file, units, parsed.fromTargets === true);
  if (duplicates.length > 0) throw new FormatError(parsed.file.path, duplicates);
  return units;
}

/**
 * The id of a unit without an `id` attribute (invalid, but seen): a hash of its source, so it
 * stays the same when other units are added before it.
 */
export function fallbackUnitId(
  text: string,
  source: XmlElement,
  seen: Map<string, number>,
): string {
  const base = `unit:${createHash('sha1').update(text.slice(source.innerStart, source.innerEnd)).digest('hex').slice(0, 8)}`;
  const count = (seen.get(base) ?? 0) + 1;
  seen.set(base, count);
  return count === 1 ? base : `${base}#${count}`;
}

// Whether a unit's state says its target is not a translation yet (see saysUntranslated).
function pendingSite(text: string, site: UnitSite): boolean {
  const host =
    site.stateHost === 'target' ? (site.segmented?.target ?? site.target) : site.stateHost;
  return host !== undefined && saysUntranslated(text.slice(host.start, host.innerStart));
}
