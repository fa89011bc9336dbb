import { type PluralType, pluralRules } from './plural-rules.js';

/** CLDR plural categories in their canonical order. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** A CLDR plural category. */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const cache = new Map<string, PluralCategory[]>();

/** The plural categories a locale uses, in canonical order (from `Intl.PluralRules`). */
export function pluralCategories(locale: string, type: PluralType = 'cardinal'): PluralCategory[] {
  const key = `${locale}\u0000${type}`;
  let categories = cache.get(key);
  if (!categories) {
    const found = pluralRules(locale, type).resolvedOptions().pluralCategories as PluralCategory[];
    categories = PLURAL_CATEGORIES.filter((c) => found.includes(c));
    cache.set(key, categories);
  }
  return categories;
}

const samples = new Map<string, number>();

/**
 * A number that falls in `category` for `locale`: the smallest integer from 0 to 1000, else a
 * decimal. Used to show the service "3 files" instead of "{{count}} files".
 */
export function representativeNumber(
  locale: string,
  category: PluralCategory,
  type: PluralType = 'cardinal',
): number {
  const key = `${locale}\u0000${type}\u0000${category}`;
  const cached = samples.get(key);
  if (cached !== undefined) return cached;
  const rules = pluralRules(locale, type);
  // Prefer numbers that read naturally: 1 for one, 2 for two, small others after 1.
  const preferred = [1, 2, 3, 5, 0, 11, 21, 22, 25, 100, 101, 1000000];
  let found = preferred.find((n) => rules.select(n) === category);
  for (let n = 0; found === undefined && n <= 1000; n++)
    if (rules.select(n) === category) found = n;
  for (let n = 0.5; found === undefined && n < 10; n += 0.5)
    if (rules.select(n) === category) found = n;
  const value = found ?? (category === 'other' ? 10 : 1);
  samples.set(key, value);
  return value;
}
