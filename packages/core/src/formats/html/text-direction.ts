// Scripts written right to left (ISO 15924). The locale's likely script decides, because
// V8's `textInfo` gets some wrong (Azerbaijani in Arabic script, Dhivehi in Thaana).
const RTL_SCRIPTS = new Set([
  'Adlm',
  'Arab',
  'Aran',
  'Armi',
  'Avst',
  'Chrs',
  'Cprt',
  'Elym',
  'Hebr',
  'Hung',
  'Khar',
  'Lydi',
  'Mand',
  'Mani',
  'Mend',
  'Nbat',
  'Narb',
  'Nkoo',
  'Orkh',
  'Ougr',
  'Palm',
  'Phli',
  'Phlp',
  'Phnx',
  'Prti',
  'Rohg',
  'Samr',
  'Sarb',
  'Sogd',
  'Sogo',
  'Syrc',
  'Thaa',
  'Yezi',
]);

// Languages written right to left by default, for tags Intl.Locale cannot read.
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);

interface TextInfo {
  direction?: string;
}

const directions = new Map<string, 'ltr' | 'rtl'>();

/** Whether text in `locale` (a BCP 47 tag, any case) runs left to right or right to left. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  let direction = directions.get(locale);
  if (!direction) {
    direction = readDirection(locale);
    directions.set(locale, direction);
  }
  return direction;
}

function readDirection(locale: string): 'ltr' | 'rtl' {
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(locale);
  } catch {
    const language = locale.toLowerCase().split(/[-_]/)[0]!;
    return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  }
  const script = parsed.maximize().script;
  if (script !== undefined) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  const withInfo = parsed as Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };
  const info = withInfo.getTextInfo?.() ?? withInfo.textInfo;
  if (info?.direction) return info.direction === 'rtl' ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(parsed.language) ? 'rtl' : 'ltr';
}

/** A locale in BCP 47's canonical case (`pt-BR`, `zh-Hans`), or as given when it is not a valid tag. */
export function canonicalLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? locale;
  } catch {
    return locale;
  }
}
