import type { FormatAdapter, FormatName } from './format-adapter.js';
import { jsonAdapter } from './json/json-adapter.js';

/** Every format adapter by name. */
export const formatAdapters: Readonly<Record<FormatName, FormatAdapter<any, any>>> = {
  json: jsonAdapter,
} as Record<FormatName, FormatAdapter<any, any>>;
