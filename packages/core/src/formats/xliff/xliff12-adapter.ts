import type { FormatAdapter } from '../format-adapter.js';
import { xliffAdapterCommon } from './xliff-adapter-common.js';
import { applyXliff } from './xliff-apply.js';
import { completeXliff, readXliffTree, type XliffParsed } from './xliff-document.js';
import { xliff12Spec } from './xliff-spec.js';
import { type XliffUnit, xliffUnits } from './xliff-units.js';
import { collectSites12 } from './xliff12-sites.js';

const RULES = { pairs: new Set(['g', 'mrk']) };

/**
 * XLIFF 1.2: every `<trans-unit>` of every `<file>` (groups included, `translate="no"`
 * skipped), one unit per segment of a segmented `<seg-source>`; notes become context; `g` and
 * `mrk` are pairs, `x`, `bx`, `ex`, `ph`, `bpt`, `ept` and `it` placeholders, all restored
 * exactly. Translations fill `<target>`, with `state="translated"` where the text changed and
 * the file's `target-language` when rendering another locale; rendered over the target file
 * as it is now, an unchanged text keeps its state and approval there, and a person's notes stay.
 */
export const xliff12Adapter: FormatAdapter<XliffParsed, XliffUnit> = {
  ...xliff12Spec,

  parse(file, options) {
    const tree = readXliffTree(file, '1');
    const { sites, warnings } = collectSites12(tree);
    return completeXliff(tree, sites, warnings, options);
  },

  extract(parsed) {
    return xliffUnits(parsed, RULES);
  },

  apply(parsed, units, translations, context) {
    return applyXliff(parsed, units, translations, context, {
      elements: parsed.files,
      name: 'target-language',
    });
  },

  ...xliffAdapterCommon,
};
