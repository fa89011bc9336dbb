import { spliceEdits } from '../../document/splice-edits.js';
import type { FormatAdapter } from '../format-adapter.js';
import type { XliffParsed } from './xliff-document.js';
import type { XliffUnit } from './xliff-units.js';
import { verifyXliffUnit } from './xliff-verify.js';

/** What both XLIFF versions' adapters do alike: writing, verifying, and what a target keeps. */
export const xliffAdapterCommon: Pick<
  FormatAdapter<XliffParsed, XliffUnit>,
  'serialize' | 'verify' | 'usesPreviousTarget' | 'detected'
> = {
  serialize(parsed, edits) {
    return spliceEdits(parsed.file.text, edits);
  },

  verify: verifyXliffUnit,

  // What a reviewer sets on a target (its state, notes) lives only in the target file.
  usesPreviousTarget: true,

  detected(parsed) {
    return { text: parsed.text };
  },
};
