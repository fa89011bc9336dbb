import * as z from 'zod/mini';
import { type FormatSpec, optionChecked } from '../format-spec.js';
import { templatesProblem } from './html-options.js';

/** HTML pages and fragments. */
export const htmlSpec = {
  name: 'html',
  kind: 'document',
  extensions: ['.html', '.htm'],
  options: z.strictObject({
    /** Read the file as a fragment (no implied `<html>`, `<head>`, `<body>`). */
    fragment: z.optional(z.boolean()),
    /** Attributes translated besides the default ones. */
    attributes: z.optional(z.array(z.string().check(z.minLength(1)))),
    /** Template tags kept as placeholders: true, false or a list of syntaxes. */
    templates: z.optional(optionChecked(templatesProblem)),
  }),
} as const satisfies FormatSpec<'html'>;
