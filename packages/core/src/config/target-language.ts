import {
  baseLanguage,
  FORMALITY_TARGETS,
  TARGET_VARIANTS,
  TRANSLATE_LANGUAGES,
} from '@transloom/client/wire';

const TARGETS = new Set<string>([...TRANSLATE_LANGUAGES, ...TARGET_VARIANTS]);
const FORMALITY = new Set<string>(FORMALITY_TARGETS);

/** The service's code for a target locale: `pt-BR` -> `PT-BR`, `de-AT` -> `DE`. */
export function targetLangOf(locale: string): string {
  const upper = locale.toUpperCase();
  if (TARGETS.has(upper)) return upper;
  const base = baseLanguage(locale);
  return TARGETS.has(base) ? base : upper;
}

/** Whether the service takes `formality` more/less for a target locale. */
export function hasFormality(locale: string): boolean {
  return FORMALITY.has(targetLangOf(locale));
}
