import type { FormatAdapter } from './format-adapter.js';
import { htmlAdapter } from './html/html-adapter.js';
import { jsonAdapter } from './json/json-adapter.js';
import { markdownFormat, mdxFormat } from './markdown/markdown-adapter.js';
import type { FormatName } from './registry.js';
import { xliff2Adapter } from './xliff/xliff2-adapter.js';
import { xliff12Adapter } from './xliff/xliff12-adapter.js';

/**
 * Every format's adapter by name: one per name of the registry (the type asks for each), kept
 * apart from `registry.ts` so that reading the registry loads no parser.
 */
export const formatAdapters: { readonly [N in FormatName]: FormatAdapter } = {
  json: jsonAdapter,
  xliff12: xliff12Adapter,
  xliff2: xliff2Adapter,
  markdown: markdownFormat,
  mdx: mdxFormat,
  html: htmlAdapter,
};
