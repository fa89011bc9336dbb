import type { Edit } from '../../document/splice-edits.js';
import type { UnitTranslation } from '../format-adapter.js';
import type { PreviousTargets } from './xliff-previous.js';
import {
  type PreviousTarget,
  sameContent,
  type TargetContext,
  targetEdits,
} from './xliff-target.js';
import type { XliffUnit } from './xliff-units.js';

/**
 * Edits that write the target of a segmented 1.2 `<trans-unit>` (its units, one per
 * `<mrk mtype="seg">` of `<seg-source>`, in order). A target already segmented with the same
 * mids is edited segment by segment; otherwise the target is `<seg-source>` with each
 * segment's content replaced by its translation (or kept, untranslated), written after
 * `<seg-source>` as the schema orders them. The state of the whole target is the target
 * file's (`previous`) when every segment's text is the one it has there.
 */
export function segmentedTargetEdits(
  units: readonly XliffUnit[],
  translations: ReadonlyMap<string, UnitTranslation>,
  context: TargetContext,
  contentOf: (unit: XliffUnit, translation: UnitTranslation) => string,
  previous?: PreviousTargets,
): { edits: Edit[]; same: boolean } {
  const { text } = context;
  const first = units[0]!.site;
  const { segSource, target } = first.segmented!;
  if (!units.some((u) => translations.has(u.id))) return { edits: [], same: false };
  const inPlace = target && !target.selfClosing && units.every((u) => u.site.target);
  // What a segment is written with: its translation, else what the target or source has.
  const written = (unit: XliffUnit) => {
    const translation = translations.get(unit.id);
    if (translation !== undefined) return contentOf(unit, translation);
    const element = inPlace ? unit.site.target! : unit.site.source;
    return text.slice(element.innerStart, element.innerEnd);
  };
  // Rendered once: the state check and the edits both need each segment's text.
  const contents = new Map(units.map((u) => [u, written(u)]));
  const before = previous?.site(first);
  let state: PreviousTarget | undefined;
  if (previous && before) {
    const same =
      before.segmented?.target !== undefined &&
      units.every((u) =>
        previous.holds(previous.site(u.site)?.target, contents.get(u)!, context.entities),
      );
    state = previous.describe(before, same);
  }
  const place = {
    element: first.element,
    target,
    insertAfter: segSource,
    stateHost: 'target' as const,
    sourceLang: first.sourceLang,
  };
  const same = state?.same === true;
  if (inPlace) {
    const edits: Edit[] = [];
    let changed = false;
    for (const unit of units) {
      const marker = unit.site.target!;
      if (translations.get(unit.id) === undefined) continue;
      const content = contents.get(unit)!;
      if (sameContent(text.slice(marker.innerStart, marker.innerEnd), content, context.entities))
        continue;
      changed = true;
      edits.push({ start: marker.innerStart, end: marker.innerEnd, render: () => content });
    }
    // The target element itself: its language and state, as for an unsegmented target.
    const tagEdits = targetEdits(place, null, context, { changedText: changed, previous: state });
    return { edits: [...tagEdits, ...edits], same };
  }
  let content = '';
  let position = segSource.innerStart;
  for (const unit of units) {
    const { source } = unit.site;
    content += text.slice(position, source.innerStart) + contents.get(unit)!;
    position = source.innerEnd;
  }
  content += text.slice(position, segSource.innerEnd);
  return { edits: targetEdits(place, content, context, { previous: state }), same };
}
