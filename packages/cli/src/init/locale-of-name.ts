import { LOCALE_CODE, TRANSLATE_LANGUAGES } from '@transloom/client/languages';

// The spelling a configuration accepts (`_` read as `-`), with the language subtag in lower
// case, as file and folder names write it.
function isSpelling(code: string): boolean {
  const language = code.split('-', 1)[0]!;
  return LOCALE_CODE.test(code) && language === language.toLowerCase();
}
// Codes that name no language.
const NO_LANGUAGE = new Set(['und', 'mis', 'mul', 'zxx']);
const SERVICE_LANGUAGES = new Set<string>(TRANSLATE_LANGUAGES.map((l) => l.toLowerCase()));
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

// A three-letter code that ICU rewrites (`ger` -> `de`, `mac` -> `mk`, `arm` -> `hy`, `src` ->
// `sc`) is an old alias no catalog is named by, and far more often a folder of code.
function isAlias(subtag: string): boolean {
  if (subtag.length !== 3) return false;
  try {
    return Intl.getCanonicalLocales(subtag)[0] !== subtag;
  } catch {
    return true;
  }
}

// Whether ICU (or, in a Node.js built without full ICU data, the service's language table)
// knows the language: `ui`, `js`, `app` or `common` name none.
function isLanguage(subtag: string): boolean {
  if (NO_LANGUAGE.has(subtag)) return false;
  if (SERVICE_LANGUAGES.has(subtag)) return true;
  try {
    return LANGUAGE_NAMES.of(subtag) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The locale code a file or folder name stands for (`de`, `en-US`, `pt_BR` -> `pt-BR`,
 * `zh-Hant`), kept as written but for `_`; undefined for a name that is not a locale
 * (`package`, `tsconfig`, `locales`, `common`, `ui`). The language must be one ICU names; the
 * rest need only be well formed, since real catalogs carry names such as `kab-KAB` that
 * `Intl.getCanonicalLocales` refuses.
 */
export function localeOfName(name: string): string | undefined {
  const code = name.replaceAll('_', '-');
  if (!isSpelling(code)) return undefined;
  const language = code.split('-', 1)[0]!;
  return isLanguage(language) && !isAlias(language) ? code : undefined;
}

// Folders of code whose names are also languages' codes (Bini, Newari, Minangkabau, ...).
const CODE_FOLDERS = new Set([
  'bin',
  'new',
  'min',
  'pro',
  'ast',
  'sad',
  'ada',
  'men',
  'fan',
  'mos',
]);

/**
 * The locale code a folder name stands for: as {@link localeOfName}, less the names of code
 * folders that happen to be languages' codes (`bin`, `new`, `ast`).
 */
export function localeOfFolder(name: string): string | undefined {
  return CODE_FOLDERS.has(name) ? undefined : localeOfName(name);
}
