import { targetLocaleProblem } from '@transloom/core';

/**
 * Whether the service translates into `locale` (its language, or a variant it lists): a
 * project's catalogs may hold languages it does not (`kab-KAB`), which would fail every run.
 * The configuration's own rule decides, so `init` never writes a configuration it refuses.
 */
export function isTranslatable(locale: string): boolean {
  return targetLocaleProblem(locale)?.severity !== 'error';
}
