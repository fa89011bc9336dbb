/** Whether a plural selects on counts (`plural`) or on positions (`selectordinal`). */
export type PluralType = 'cardinal' | 'ordinal';

// Intl.PluralRules and NumberFormat objects are immutable and costly to build (tens of
// microseconds each), while a run asks for the same few locales hundreds of thousands of times.
const rules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The shared `Intl.PluralRules` of a locale and type. */
export function pluralRules(locale: string, type: PluralType = 'cardinal'): Intl.PluralRules {
  const key = `${locale}\u0000${type}`;
  let found = rules.get(key);
  if (!found) {
    found = new Intl.PluralRules(locale, { type });
    rules.set(key, found);
  }
  return found;
}

/** The shared formatter that writes a count as a locale writes it: no grouping, up to 3 decimals. */
export function countFormat(locale: string): Intl.NumberFormat {
  let found = numberFormats.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 3 });
    numberFormats.set(locale, found);
  }
  return found;
}
