import type { Selector } from '../format-adapter.js';

/**
 * The selector a `#` placeholder prints the number of: the one plural whose `numberIds` hold
 * it; undefined when none or several do (the same `#` under different plurals in different
 * forms).
 */
export function poundSelector(selectors: readonly Selector[], id: string): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < selectors.length; i++) {
    if (selectors[i]!.type === 'select' || !selectors[i]!.numberIds.includes(id)) continue;
    if (found !== undefined) return undefined;
    found = i;
  }
  return found;
}
