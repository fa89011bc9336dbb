import type { FormatAdapter, FormatName } from './format-adapter.js';
import { htmlAdapter } from './html/html-adapter.js';
import { jsonAdapter } from './json/json-adapter.js';
import { markdownFormat, mdxFormat } from './markdown/markdown-adapter.js';
import { xliff2Adapter } from './xliff/xliff2-adapter.js';
import { xliff12Adapter } from './xliff/xliff12-adapter.js';

/** Every format adapter by name (a plain object: adding a format is adding a line). */
export const formatAdapters: Readonly<Partial<Record<FormatName, FormatAdapter>>> = {
  json: jsonAdapter,
  html: htmlAdapter,
  markdown: markdownFormat,
  mdx: mdxFormat,
  xliff12: xliff12Adapter,
  xliff2: xliff2Adapter,
};
