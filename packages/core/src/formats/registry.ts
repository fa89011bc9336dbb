import type { FormatAdapter, FormatName } from './format-adapter.js';
import { jsonAdapter } from './json/json-adapter.js';

/** Every format adapter by name (a plain object: adding a format is adding a line). */
export const formatAdapters: Readonly<Partial<Record<FormatName, FormatAdapter>>> = {
  json: jsonAdapter,
};
