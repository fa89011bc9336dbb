import { TARGET_VARIANTS, TRANSLATE_LANGUAGES } from '@transloom/client/wire';
import { targetLangOf } from '@transloom/core/config';

const TARGETS = new Set<string>([...TRANSLATE_LANGUAGES, ...TARGET_VARIANTS]);

/**
 * Whether the service translates into `locale` (its language, or a variant it lists): a
 * project's catalogs may hold languages it does not (`kab-KAB`), which would fail every run.
 */
export function isTranslatable(locale: string): boolean {
  return TARGETS.has(targetLangOf(locale));
}
