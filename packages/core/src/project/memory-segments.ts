import type { Diagnostic } from '../document/diagnostics.js';
import { loadProjectGlossary } from '../glossary/load-glossary.js';
import { emptyLock } from '../lock/lock-file.js';
import type { MarkupOriginals } from '../memory/tmx-segment.js';
import { expandFiles } from '../pipeline/expand-files.js';
import { localeSettings } from '../pipeline/locale-settings.js';
import { memoryKeyOf } from '../pipeline/memory-key.js';
import { planProject } from '../pipeline/plan-project.js';
import { type UnitForm, unitForms } from '../pipeline/unit-forms.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/** One text a run sends for a unit in a locale, with its memory key. */
export interface MemorySegment {
  key: string;
  locale: string;
  form: UnitForm;
  /** What the unit's `<x>` and `<g>` ids stand for. */
  originals: MarkupOriginals;
}

/** What {@link projectSegments} found. */
export interface ProjectSegments {
  /** Every text of every unit in every wanted locale, each key once, in file and unit order. */
  segments: MemorySegment[];
  /** Files that could not be read or parsed. */
  problems: Diagnostic[];
}

/**
 * Every text a run would look up in the memory for the project's units, whatever the lock
 * and the targets say, keyed as a run keys them: the pairs of the memory and the project's
 * units, for TMX export and import.
 */
export async function projectSegments(
  config: ResolvedConfig,
  locales: readonly string[] = config.targetLocales,
): Promise<ProjectSegments> {
  const glossary = await loadProjectGlossary(config);
  const settings = new Map(locales.map((l) => [l, localeSettings(config, l, glossary)]));
  const plans = await planProject({
    config,
    files: await expandFiles(config),
    lock: emptyLock(),
    settings,
    parseAll: true,
  });
  const segments: MemorySegment[] = [];
  const seen = new Set<string>();
  const problems: Diagnostic[] = [];
  for (const plan of plans) {
    if (plan.error) problems.push(...plan.error);
    const doc = plan.doc;
    if (!doc) continue;
    for (const locale of plan.file.locales) {
      const own = settings.get(locale);
      if (!own) continue;
      for (const unit of doc.units) {
        const context = config.context === 'unit' ? unit.context : undefined;
        let originals: MarkupOriginals | undefined;
        for (const form of unitForms(unit, config.sourceLocale, locale)) {
          const key = memoryKeyOf(own, context, form.text);
          if (seen.has(key)) continue;
          seen.add(key);
          originals ??= doc.originals(unit.id);
          segments.push({ key, locale, form, originals });
        }
      }
    }
  }
  return { segments, problems };
}
