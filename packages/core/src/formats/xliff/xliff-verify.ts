import type { FormatAdapter } from '../format-adapter.js';
import { verifyIcu } from '../icu/verify-icu.js';
import { isUnchanged } from '../unchanged-translation.js';
import type { XliffParsed } from './xliff-document.js';
import type { XliffUnit } from './xliff-units.js';

/**
 * Verifies what an XLIFF target gets for an ICU unit (Angular's plural and select, Symfony's
 * ICU catalogs): the ICU text, with inline elements standing as the private-use characters the
 * reader gives ICU, must give the translation back. Other text is escaped as XML and its
 * elements copied, so it always reads back as it was.
 */
export const verifyXliffUnit: NonNullable<FormatAdapter<XliffParsed, XliffUnit>['verify']> = (
  _parsed,
  unit,
  translation,
  context,
) => {
  if (!unit.content.icu || isUnchanged(unit, translation)) return undefined;
  return verifyIcu(
    translation,
    { plural: unit.plural, markup: unit.markup, literals: unit.content.literals },
    {
      isIcuSyntax: (original) => typeof original === 'string',
      tags: false,
      sourceLocale: context.sourceLocale,
      targetLocale: context.targetLocale,
    },
  );
};
