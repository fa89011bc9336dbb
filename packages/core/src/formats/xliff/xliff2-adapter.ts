import type { FormatAdapter } from '../format-adapter.js';
import { xliffAdapterCommon } from './xliff-adapter-common.js';
import { applyXliff } from './xliff-apply.js';
import { completeXliff, readXliffTree, type XliffParsed } from './xliff-document.js';
import { xliff2Spec } from './xliff-spec.js';
import { type XliffUnit, xliffUnits } from './xliff-units.js';
import { collectSites2 } from './xliff2-sites.js';

const RULES = { pairs: new Set(['pc', 'mrk']) };

/**
 * XLIFF 2.0: every `<segment>` of every `<unit>` of every `<file>` (groups included,
 * `translate="no"` inherited and honoured down to `<sm>`/`<em>` ranges); notes become context;
 * `pc` and `mrk` are pairs, `ph`, `sc`, `ec`, `cp`, `sm` and `em` placeholders, all restored
 * exactly. Translations fill `<target>`, with the segment's `state="translated"` where the
 * text changed and the document's `trgLang` when rendering another locale; rendered over the
 * target file as it is now, an unchanged text keeps its state there, and a person's notes stay.
 */
export const xliff2Adapter: FormatAdapter<XliffParsed, XliffUnit> = {
  ...xliff2Spec,

  parse(file, options) {
    const tree = readXliffTree(file, '2');
    return completeXliff(tree, collectSites2(tree), [], options);
  },

  extract(parsed) {
    return xliffUnits(parsed, RULES);
  },

  apply(parsed, units, translations, context) {
    return applyXliff(parsed, units, translations, context, {
      elements: [parsed.root],
      name: 'trgLang',
    });
  },

  ...xliffAdapterCommon,
};
