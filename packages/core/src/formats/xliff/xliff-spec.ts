import * as z from 'zod/mini';
import type { FormatSpec } from '../format-spec.js';

// The options of both XLIFF versions.
const XLIFF_OPTIONS = z.strictObject({
  /** Where a unit's text is: `source`, `target` (a target-only file), or `auto`. */
  text: z.optional(z.enum(['auto', 'source', 'target'])),
  /** Keep `{x}`, `%s` and the like in text as placeholders (default true). */
  protectPlaceholders: z.optional(z.boolean()),
  /** `target`: units are read from the file's targets (a translation already there), not its sources. */
  segmentsFrom: z.optional(z.enum(['source', 'target'])),
});

// An `.xlf` file may be either version: its `version` attribute says which.
function xliffVersion(text: string): 'xliff12' | 'xliff2' | undefined {
  const version = /<xliff\b[^>]*\bversion\s*=\s*["']([\d.]+)["']/.exec(text)?.[1];
  if (version?.startsWith('2')) return 'xliff2';
  if (version?.startsWith('1')) return 'xliff12';
  return undefined;
}

/** XLIFF 1.2. */
export const xliff12Spec = {
  name: 'xliff12',
  kind: 'catalog',
  extensions: ['.xlf', '.xliff'],
  detect: xliffVersion,
  options: XLIFF_OPTIONS,
} as const satisfies FormatSpec<'xliff12'>;

/** XLIFF 2.0. */
export const xliff2Spec = {
  name: 'xliff2',
  kind: 'catalog',
  extensions: ['.xlf2'],
  detect: xliffVersion,
  options: XLIFF_OPTIONS,
} as const satisfies FormatSpec<'xliff2'>;
