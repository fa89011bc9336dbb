import {
  baseLanguage,
  FORMALITY_TARGETS,
  TARGET_VARIANTS,
  TRANSLATE_LANGUAGES,
} from '@transloom/client/wire';
import { closest } from './closest.js';

const TARGETS = new Set<string>([...TRANSLATE_LANGUAGES, ...TARGET_VARIANTS]);
const FORMALITY = new Set<string>(FORMALITY_TARGETS);

// Chinese regions name a script: Taiwan, Hong Kong and Macao write traditional characters.
const CHINESE_SCRIPT: Readonly<Record<string, string>> = {
  'ZH-TW': 'ZH-HANT',
  'ZH-HK': 'ZH-HANT',
  'ZH-MO': 'ZH-HANT',
  'ZH-CN': 'ZH-HANS',
  'ZH-SG': 'ZH-HANS',
};

/** The service's code for a target locale: `pt-BR` -> `PT-BR`, `de-AT` -> `DE`, `zh-TW` -> `ZH-HANT`. */
export function targetLangOf(locale: string): string {
  const upper = locale.toUpperCase();
  if (TARGETS.has(upper)) return upper;
  const script = CHINESE_SCRIPT[upper] ?? (/^ZH-HAN[ST]\b/.exec(upper)?.[0] as string | undefined);
  if (script) return script;
  const base = baseLanguage(locale);
  return TARGETS.has(base) ? base : upper;
}

/** Whether the service takes `formality` more/less for a target locale. */
export function hasFormality(locale: string): boolean {
  return FORMALITY.has(targetLangOf(locale));
}

// Codes people write for a language that are a country's, or an old code of the language.
const MISTAKEN: Readonly<Record<string, string>> = {
  jp: 'ja',
  cn: 'zh',
  kr: 'ko',
  gr: 'el',
  se: 'sv',
  dk: 'da',
  cz: 'cs',
  ua: 'uk',
  vn: 'vi',
  br: 'pt-BR',
  iw: 'he',
  in: 'id',
  no: 'nb',
  ee: 'et',
  si: 'sl',
  ir: 'fa',
  il: 'he',
  gb: 'en-GB',
  us: 'en-US',
};

/** Target codes the service lists with their variant: a bare `en` or `pt` names none. */
const VARIANTS_OF: Readonly<Record<string, readonly string[]>> = {
  EN: ['en-US', 'en-GB'],
  PT: ['pt-BR', 'pt-PT'],
};

/**
 * What is wrong with a target locale for the service, if anything: a code it cannot
 * translate into (with the code meant, when it is a common slip: `jp` for `ja`), or a
 * language whose variant the service would have to guess (`en`: `en-US` or `en-GB`).
 */
export function targetLocaleProblem(
  locale: string,
): { severity: 'error' | 'warning'; message: string } | undefined {
  const code = targetLangOf(locale);
  if (!TARGETS.has(code)) {
    const base = locale.toLowerCase().split(/[-_]/)[0]!;
    const meant =
      MISTAKEN[locale.toLowerCase()] ??
      MISTAKEN[base] ??
      closest(
        locale,
        [...TARGETS].map((t) => t.toLowerCase()),
      );
    return {
      severity: 'error',
      message: `'${locale}' is not a language the service translates into${meant ? `; did you mean '${meant}'?` : ''}`,
    };
  }
  const variants = VARIANTS_OF[code];
  if (variants && locale.toUpperCase() === code)
    return {
      severity: 'warning',
      message: `'${locale}' names no variant, so the service picks one; write '${variants[0]}' or '${variants[1]}' to choose`,
    };
  return undefined;
}
