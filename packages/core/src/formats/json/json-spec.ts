import * as z from 'zod/mini';
import type { FormatSpec } from '../format-spec.js';

const TEXT = z.string();

/** i18next and ICU JSON catalogs. */
export const jsonSpec = {
  name: 'json',
  kind: 'catalog',
  extensions: ['.json'],
  options: z.strictObject({
    /** The messages' syntax; detected when `auto` or absent. */
    syntax: z.optional(z.enum(['auto', 'i18next', 'icu'])),
    /** What joins nested keys into unit ids (default `.`), or false for flat keys only. */
    keySeparator: z.optional(z.union([z.literal(false), z.string().check(z.minLength(1))])),
    /** What joins an i18next plural key to its form (default `_`). */
    pluralSeparator: z.optional(z.string().check(z.minLength(1))),
    /** i18next's `interpolation` options: how placeholders and nesting are written. */
    interpolation: z.optional(
      z.strictObject({
        prefix: z.optional(TEXT),
        suffix: z.optional(TEXT),
        nestingPrefix: z.optional(TEXT),
        nestingSuffix: z.optional(TEXT),
      }),
    ),
    /** ICU: read `<b>...</b>` in messages as tags (default true). */
    icuTags: z.optional(z.boolean()),
  }),
} as const satisfies FormatSpec<'json'>;
