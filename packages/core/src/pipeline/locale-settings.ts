import { baseLanguage } from '@transloom/client/wire';
import { GlossaryTerms } from '../glossary/glossary-terms.js';
import type { ProjectGlossary } from '../glossary/load-glossary.js';
import { hashOf } from '../hashing/hash-of.js';
import type { ResolvedConfig, ResolvedLocaleSettings } from '../settings/resolved-config.js';
import { hasFormality, targetLangOf } from '../settings/target-language.js';

/**
 * Bumped when extraction or segment markup changes in a way that changes what is sent, so
 * translation memory entries and lock records of older versions stop matching.
 */
export const SEGMENTER_VERSION = '1';

/** The service's code for the source locale: its base language. */
export function sourceLangOf(locale: string): string {
  return baseLanguage(locale);
}

/** Everything about one target locale that changes what the service returns. */
export interface LocaleSettings {
  locale: string;
  targetLang: string;
  sourceLang: string;
  settings: ResolvedLocaleSettings;
  /** The formality sent: none where the target has no formality. */
  formality: ResolvedLocaleSettings['formality'] | undefined;
  /** Hash of the request settings, glossary aside. */
  optionsHash: string;
  /** Hash of everything, glossary included: when it matches the lock, no unit needs a look. */
  hash: string;
  /** Matches glossary terms in texts. */
  terms: GlossaryTerms;
  hasGlossary: boolean;
}

/** The settings of `locale` under `config`. */
export function localeSettings(
  config: ResolvedConfig,
  locale: string,
  glossary: ProjectGlossary | undefined,
): LocaleSettings {
  const settings = config.settings(locale);
  const targetLang = targetLangOf(locale);
  const sourceLang = sourceLangOf(config.sourceLocale);
  const supports = hasFormality(locale);
  let formality: LocaleSettings['formality'];
  if (settings.formality === 'default') formality = undefined;
  else if (supports) formality = settings.formality;
  // prefer_* falls back on its own; more/less would be refused, so they are dropped here.
  else formality = settings.formality.startsWith('prefer_') ? settings.formality : undefined;
  const optionsHash = hashOf(
    SEGMENTER_VERSION,
    sourceLang,
    targetLang,
    formality ?? '',
    settings.style ?? '',
    JSON.stringify(settings.customInstructions),
    settings.modelType ?? '',
    config.context,
  );
  const dictionary = glossary?.dictionaries.get(locale);
  return {
    locale,
    targetLang,
    sourceLang,
    settings,
    formality,
    optionsHash,
    hash: hashOf(optionsHash, dictionary?.hash ?? ''),
    terms: new GlossaryTerms(dictionary?.entries ?? []),
    hasGlossary: dictionary !== undefined,
  };
}
