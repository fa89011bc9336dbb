import { LRUCache } from 'lru-cache';
import { type PluralCategory, pluralCategories } from './plural-categories.js';
import { type PluralType, pluralRules } from './plural-rules.js';

/** One key of a target plural selector and the source sentence it is built from. */
export interface TargetPluralKey {
  /** The key written in the target: a category of the target locale, an exact `=n`, or i18next's `zero`. */
  readonly key: string;
  /** The key of the source branch whose sentence is translated for it. */
  readonly source: string;
  /** The count the sentence is shown with (after an ICU `offset`), one of the key's own numbers. */
  readonly value: number;
}

/** What {@link targetPluralKeys} needs to know of one plural selector. */
export interface TargetPluralKeysOptions {
  sourceLocale: string;
  targetLocale: string;
  type?: PluralType;
  /** ICU `offset:`: categories apply to the count minus the offset, exact keys to the count. */
  offset?: number;
  /** The keys of the source's branches: categories, exact `=n`, and i18next's `zero`. */
  sourceKeys: readonly string[];
}

// The numbers a category is judged by: every integer up to 1000 (CLDR's rules repeat within
// that range, and counts are integers), then decimals for the categories that hold no integer.
const INTEGERS = Array.from({ length: 1001 }, (_, i) => i);
const DECIMALS = [1.5, 2.5, 0.5, 0.1, 0.9, 1.1, 1.7, 3.5, 5.5, 10.1, 10.5, 21.5, 22.5, 100.1];
// The numbers a sentence reads most naturally with, tried first for the number shown.
const PREFERRED = [1, 2, 3, 4, 5, 0, 6, 7, 8, 10, 11, 12, 21, 22, 23, 25, 100, 101, 102, 1000];

interface Sample {
  value: number;
  /** The source locale's category for the value. */
  category: PluralCategory;
}

/** Per target category: its integers, then its decimals, in the order a number is shown. */
type Classified = ReadonlyMap<string, { integers: Sample[]; decimals: Sample[] }>;

const classified = new Map<string, Classified>();

function classify(sourceLocale: string, targetLocale: string, type: PluralType): Classified {
  const cacheKey = `${sourceLocale}\u0000${targetLocale}\u0000${type}`;
  const known = classified.get(cacheKey);
  if (known) return known;
  const source = pluralRules(sourceLocale, type);
  const target = pluralRules(targetLocale, type);
  const out = new Map<string, { integers: Sample[]; decimals: Sample[] }>();
  for (const category of pluralCategories(targetLocale, type))
    out.set(category, { integers: [], decimals: [] });
  const preferred = new Set(PREFERRED);
  const integers = [...PREFERRED, ...INTEGERS.filter((n) => !preferred.has(n))];
  for (const [list, numbers] of [
    ['integers', integers],
    ['decimals', DECIMALS],
  ] as const) {
    for (const value of numbers) {
      const entry = out.get(target.select(value));
      entry?.[list].push({ value, category: source.select(value) as PluralCategory });
    }
  }
  classified.set(cacheKey, out);
  return out;
}

const results = new LRUCache<string, readonly TargetPluralKey[]>({ max: 2000 });

/**
 * The keys a plural selector has in the target locale, and for each the source branch whose
 * sentence is translated for it.
 *
 * The rule: the sentence sent for a target category must be true of every number the target
 * puts in that category. The category's numbers are the integers 0 to 1000 it holds (its
 * decimals when it holds no integer), as `Intl.PluralRules` classes them, less the numbers an
 * exact source branch keeps for itself (`=n`, and 0 for i18next's `zero`, both of which stay
 * as they are). Each number votes for the source branch the source language would use for it
 * (its category, else `other`). When all agree, that branch is used. When they disagree, the
 * target joins numbers the source tells apart, and the branch with the most numbers wins: it
 * is the general sentence that shows the count ("21 files"), where the branch of a lone number
 * ("One file", for 1) would be false of the others. So Russian `one` (1, 21, 31, 101, ...)
 * and French `one` (0, 1) are built from English `other`, Polish `one` (1 alone) from English
 * `one`, Japanese `other` from English `other`. A tie goes to `other`. A category whose numbers
 * all have exact branches is left out, since no number reaches it. i18next writes both its
 * zero form and the CLDR category `zero` as `_zero`: where the target has that category, the
 * two are one key, built by the same vote with 0 voting for the source's `zero` branch.
 *
 * The number shown in the sentence is one of the category's numbers that the chosen branch
 * holds (21 for Russian `one`), so what the service reads is true as written.
 */
export function targetPluralKeys(options: TargetPluralKeysOptions): readonly TargetPluralKey[] {
  const type = options.type ?? 'cardinal';
  const offset = options.offset ?? 0;
  const cacheKey = [
    options.sourceLocale,
    options.targetLocale,
    type,
    offset,
    ...options.sourceKeys,
  ].join('\u0000');
  const cached = results.get(cacheKey);
  if (cached) return cached;
  const { sourceKeys } = options;
  const sourceCategories: readonly string[] = pluralCategories(options.sourceLocale, type);
  // i18next's `zero` in a language without that category is the form for 0, like `=0`.
  const zeroForm = sourceKeys.includes('zero') && !sourceCategories.includes('zero');
  // Raw counts (before the offset) that an exact branch takes.
  const exact = new Map<number, string>();
  for (const key of sourceKeys) if (key.startsWith('=')) exact.set(Number(key.slice(1)), key);
  if (zeroForm && !exact.has(0)) exact.set(0, 'zero');
  const branchOf = (category: string): string | undefined =>
    sourceKeys.includes(category) && !(zeroForm && category === 'zero')
      ? category
      : sourceKeys.includes('other')
        ? 'other'
        : undefined;

  const out: TargetPluralKey[] = [];
  for (const [count, key] of exact) {
    if (key === 'zero' && pluralCategories(options.targetLocale, type).includes('zero')) continue;
    out.push({ key, source: key, value: count - offset });
  }
  for (const [category, samples] of classify(options.sourceLocale, options.targetLocale, type)) {
    const merged = category === 'zero' && exact.get(0) === 'zero';
    const vote = (list: readonly Sample[]) => {
      const voters: Array<{ value: number; branch: string }> = [];
      for (const sample of list) {
        const count = sample.value + offset;
        const special = exact.get(count);
        if (special !== undefined) {
          if (merged && special === 'zero') voters.push({ value: sample.value, branch: 'zero' });
          continue;
        }
        const branch = branchOf(sample.category);
        if (branch !== undefined) voters.push({ value: sample.value, branch });
      }
      return voters;
    };
    let voters = vote(samples.integers);
    if (voters.length === 0) voters = vote(samples.decimals);
    if (merged && !voters.some((v) => v.branch === 'zero'))
      voters.unshift({ value: -offset, branch: 'zero' });
    if (voters.length === 0) continue;
    const tally = new Map<string, number>();
    for (const { branch } of voters) tally.set(branch, (tally.get(branch) ?? 0) + 1);
    const most = Math.max(...tally.values());
    const leaders = [...tally].filter(([, n]) => n === most).map(([branch]) => branch);
    const source = leaders.includes('other') ? 'other' : leaders[0]!;
    const value = voters.find((v) => v.branch === source)!.value;
    out.push({ key: category, source, value });
  }
  results.set(cacheKey, out);
  return out;
}
