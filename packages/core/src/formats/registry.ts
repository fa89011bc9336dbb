import { extname } from 'node:path';
import type * as z from 'zod/mini';
import type { FormatSpec } from './format-spec.js';
import { htmlSpec } from './html/html-spec.js';
import { jsonSpec } from './json/json-spec.js';
import { markdownSpec, mdxSpec } from './markdown/markdown-spec.js';
import { xliff2Spec, xliff12Spec } from './xliff/xliff-spec.js';

/**
 * Every format by name: the one list of formats, their extensions, detection and option
 * schemas (a plain object: adding a format is adding a line here, and its adapter's line in
 * `format-adapters.ts`). No format's code is loaded with it: configuration reads it.
 */
export const formatSpecs = {
  json: jsonSpec,
  xliff12: xliff12Spec,
  xliff2: xliff2Spec,
  markdown: markdownSpec,
  mdx: mdxSpec,
  html: htmlSpec,
} as const satisfies Readonly<Record<string, FormatSpec>>;

/** The formats Transloom reads and writes. */
export type FormatName = keyof typeof formatSpecs;

/** Every format's name, in the registry's order. */
export const FORMAT_NAMES = Object.keys(formatSpecs) as [FormatName, ...FormatName[]];

const isFormat = (name: string | undefined): name is FormatName =>
  name !== undefined && Object.hasOwn(formatSpecs, name);

// Extension -> the first format that claims it, from the formats' own declarations.
const byExtension = new Map<string, FormatName>();
for (const name of FORMAT_NAMES)
  for (const extension of formatSpecs[name].extensions)
    if (!byExtension.has(extension)) byExtension.set(extension, name);

/** The format whose files have `path`'s extension (any case), or undefined. */
export function formatOfExtension(path: string): FormatName | undefined {
  return byExtension.get(extname(path).toLowerCase());
}

/** The format of a file: by extension, then by what its text says where the format reads it (XLIFF's `version`). */
export function detectFormat(path: string, text: string): FormatName | undefined {
  const format = formatOfExtension(path);
  if (!format) return undefined;
  const spec: FormatSpec = formatSpecs[format];
  const detected = spec.detect?.(text);
  return isFormat(detected) ? detected : format;
}

/** One problem of a file entry's options: the key path under `options`, and what is wrong. */
export interface FormatOptionIssue {
  path: PropertyKey[];
  message: string;
  /** Keys the entry's format does not know (the path is then the object holding them). */
  unknownKeys?: string[];
  /** The keys allowed where {@link unknownKeys} are. */
  allowedKeys?: string[];
}

// The keys an object schema allows, following `path` through nested objects.
function keysAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let node = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown } };
  for (const key of [...path, undefined]) {
    while (node?.def?.innerType) node = node.def.innerType as typeof node;
    if (key === undefined) break;
    node = node?.shape?.[String(key)] as typeof node;
  }
  return Object.keys(node?.shape ?? {});
}

/**
 * What is wrong with a file entry's `options`, by its format's declared schema; the format is
 * the entry's `format` or its source's extension (nothing is checked when neither tells).
 */
export function formatOptionIssues(entry: {
  source: string;
  format?: string | undefined;
  options?: unknown;
}): FormatOptionIssue[] {
  if (entry.options === undefined) return [];
  const format = isFormat(entry.format) ? entry.format : formatOfExtension(entry.source);
  if (!format) return [];
  const schema: z.ZodMiniType = formatSpecs[format].options;
  const checked = schema.safeParse(entry.options);
  if (checked.success) return [];
  return checked.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? {
          path: issue.path,
          message: `unknown option of ${format}`,
          unknownKeys: issue.keys,
          allowedKeys: keysAt(schema, issue.path),
        }
      : { path: issue.path, message: issue.message },
  );
}
