import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import type { XliffUnit } from './xliff-unit.js';

function textOf(unit: XliffUnit): string {
  return unit.plural ? JSON.stringify(unit.plural.variants) : unit.segment;
}

// The bytes of a unit's source (a segment's own marker in a segmented unit).
function sourceOf(text: string, unit: XliffUnit): string {
  const source = unit.site.source;
  return text.slice(source.innerStart, source.innerEnd).trim();
}

/**
 * Units that share an id but not their text: one translation would be written into both, so
 * the file is refused, with a diagnostic at each of the two places. Units that share an id
 * and their text (Angular's ids are digests of the message, so the same message found twice
 * gets the same id) take the same translation, each with its own markup. Read as a
 * translation (`fromTargets`), units that share an id and their source are one message as
 * its tool wrote it once per place it is used, whatever their targets say: the first is the
 * message's text, and each target is written back as it is while its text stays.
 */
export function findDuplicateUnitIds(
  file: SourceFile,
  units: readonly XliffUnit[],
  fromTargets = false,
): Diagnostic[] {
  const first = new Map<string, XliffUnit>();
  const diagnostics: Diagnostic[] = [];
  for (const unit of units) {
    const earlier = first.get(unit.id);
    if (!earlier) {
      first.set(unit.id, unit);
      continue;
    }
    if (textOf(earlier) === textOf(unit)) continue;
    if (fromTargets && sourceOf(file.text, earlier) === sourceOf(file.text, unit)) continue;
    const site = unit.site;
    // A segment is placed by its marker, a unit by its element.
    const at = ({ site: s }: XliffUnit) =>
      file.position(s.segmented ? s.source.start : s.element.start);
    const a = at(earlier);
    const b = at(unit);
    const what = site.segmented ? `segment id '${site.segmented.mid}'` : `unit id '${site.id}'`;
    diagnostics.push(
      {
        file: file.path,
        ...a,
        rule: 'duplicate-unit-id',
        severity: 'error',
        message: `${what} is used again at ${b.line}:${b.column} for other text; give each unit its own id`,
      },
      {
        file: file.path,
        ...b,
        rule: 'duplicate-unit-id',
        severity: 'error',
        message: `${what} was already used at ${a.line}:${a.column} for other text; give each unit its own id`,
      },
    );
  }
  return diagnostics;
}
