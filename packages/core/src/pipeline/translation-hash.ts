import type { UnitTranslation } from '../formats/format-adapter.js';
import { hashOf } from '../hashing/hash-of.js';

/** Hash of a unit's text in portable ids (what the lock records as written). */
export function translationHash(text: UnitTranslation): string {
  return hashOf(typeof text === 'string' ? text : JSON.stringify(text.variants));
}
