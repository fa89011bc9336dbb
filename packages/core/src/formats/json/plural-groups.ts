import { PLURAL_CATEGORIES, pluralCategories } from '../../plurals/plural-categories.js';
import { escapeRegExp } from '../../segments/escape-reg-exp.js';
import type { JsonMessage } from './json-messages.js';

/** i18next plural forms of one key: `items_one`, `items_other` (or `place_ordinal_one`, ...). */
export interface PluralGroup {
  /** Key without the plural suffix. */
  base: string;
  ordinal: boolean;
  /** Members in document order, each with its CLDR category. */
  members: Array<{ message: JsonMessage; category: string }>;
}

/**
 * Finds i18next plural groups. A key is a plural form only when its group has an `_other`
 * form and at least one other: `arrowhead_crowfoot_one` without `arrowhead_crowfoot_other`
 * is an ordinary key. In a catalog whose `locale` has one form (Japanese plurals, German
 * ordinals), or beside a bare key of the same name (i18next's fallback), a lone `_other` is
 * the whole group.
 */
export function findPluralGroups(
  messages: readonly JsonMessage[],
  separator = '_',
  locale?: string,
): Map<JsonMessage, PluralGroup> {
  const singleForm = (ordinal: boolean) =>
    locale !== undefined && pluralCategories(locale, ordinal ? 'ordinal' : 'cardinal').length === 1;
  const sep = escapeRegExp(separator);
  const suffix = new RegExp(`^(.+?)(${sep}ordinal)?${sep}(${PLURAL_CATEGORIES.join('|')})$`);
  const candidates = new Map<string, PluralGroup>();
  for (const message of messages) {
    const match = suffix.exec(message.key);
    if (!match) continue;
    const id = `${message.parentPath}\u0000${match[1]}\u0000${match[2] ? 'o' : 'c'}`;
    const group = candidates.get(id) ?? {
      base: match[1]!,
      ordinal: Boolean(match[2]),
      members: [],
    };
    group.members.push({ message, category: match[3]! });
    candidates.set(id, group);
  }
  // A bare key beside a lone `_other` is i18next's fallback for the forms the file does not
  // write (`item` + `item_other`, as catalogs written for English often are): the pair is a
  // plural, and a target gets every form its language needs.
  const bare = new Set(messages.map((m) => `${m.parentPath}\u0000${m.key}`));
  const byMessage = new Map<JsonMessage, PluralGroup>();
  for (const group of candidates.values()) {
    if (!group.members.some((m) => m.category === 'other')) continue;
    const parent = group.members[0]!.message.parentPath;
    if (
      group.members.length < 2 &&
      !singleForm(group.ordinal) &&
      !(!group.ordinal && bare.has(`${parent}\u0000${group.base}`))
    )
      continue;
    for (const member of group.members) byMessage.set(member.message, group);
  }
  return byMessage;
}
