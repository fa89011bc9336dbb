import type { Diagnostic } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';

/**
 * Units that would share an id with an earlier one, such as a key named `items#plural` beside
 * the plural group `items_one`/`items_other`: one diagnostic per later unit, naming both keys.
 */
export function duplicateUnitIds(
  file: SourceFile,
  units: ReadonlyArray<{ id: string; message: { propertyStart: number } }>,
): Diagnostic[] {
  const first = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const unit of units) {
    const at = unit.message.propertyStart;
    const earlier = first.get(unit.id);
    if (earlier === undefined) {
      first.set(unit.id, at);
      continue;
    }
    const { line, column } = file.position(earlier);
    out.push({
      file: file.path,
      ...file.position(at),
      rule: 'duplicate-unit-id',
      severity: 'error',
      message: `this key gives the unit id '${unit.id}', as does the key at line ${line}, column ${column}: one would be written with the other's translation`,
    });
  }
  return out;
}
