import { PLURAL_CATEGORIES } from './plural-categories.js';

function rank(key: string): [number, number] {
  if (key.startsWith('=')) return [0, Number(key.slice(1))];
  if (key === 'other') return [3, 0];
  const index = (PLURAL_CATEGORIES as readonly string[]).indexOf(key);
  return index === -1 ? [2, 0] : [1, index];
}

/**
 * The order a selector's keys are written in, one for every form of a message so that each
 * form's keys follow the same order: a plural's exact values ascending, then CLDR categories
 * in their order, `other` last; a select's keys as they come, `other` last. (A reader lists the
 * forms of a message in the order its keys first appear, so forms listed in any other order
 * would not be read back as they were written.)
 */
export function compareSelectorKeys(a: string, b: string, select: boolean): number {
  if (select) return (a === 'other' ? 1 : 0) - (b === 'other' ? 1 : 0);
  const [ga, na] = rank(a);
  const [gb, nb] = rank(b);
  return ga - gb || na - nb;
}
