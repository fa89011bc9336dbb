import { basename } from 'node:path';
import type { ConfigIssue } from '@transloom/client/errors';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { ConfigFormat } from './find-config-file.js';

type Segment = string | number;

// `files[0].options.syntax` -> ['files', 0, 'options', 'syntax'].
function segmentsOf(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    segments.push(index !== undefined ? Number(index) : key!);
  return segments;
}

// The offset of the key (or array item) at `path` in a JSON text, or undefined.
function jsonOffset(text: string, path: Segment[]): number | undefined {
  const root = parseTree(text);
  const node = root && findNodeAtLocation(root, path);
  if (!node) return undefined;
  return node.parent?.type === 'property' ? node.parent.offset : node.offset;
}

interface YamlNode {
  range?: [number, number, number] | null;
  items?: { key?: { value?: unknown; range?: [number, number, number] | null } | null }[];
}

// The offset of the key (or sequence item) at `path` in a YAML text, or undefined.
async function yamlOffset(text: string, path: Segment[]): Promise<number | undefined> {
  // A bundle that splits chunks (the CLI's) hands a CommonJS module over as its default export.
  const loaded: Partial<typeof import('yaml')> & { default?: typeof import('yaml') } = await import(
    'yaml'
  );
  const parseDocument = loaded.parseDocument ?? loaded.default!.parseDocument;
  let node = parseDocument(text).contents as YamlNode | null;
  let offset: number | undefined;
  for (const segment of path) {
    if (typeof segment === 'number') {
      const item = node?.items?.[segment] as YamlNode | undefined;
      if (!item) return undefined;
      node = item;
      offset = item.range?.[0];
      continue;
    }
    const pair = node?.items?.find((p) => p.key?.value === segment) as
      | { key: { range?: [number, number, number] | null }; value?: YamlNode | null }
      | undefined;
    if (!pair) return undefined;
    node = pair.value ?? null;
    offset = pair.key.range?.[0];
  }
  return offset;
}

/**
 * The issues of a data configuration (JSON or YAML) with the line and column of each one's
 * key where the text has it; a configuration that is code has no text to point into.
 */
export async function issuePositions(
  issues: readonly ConfigIssue[],
  file: string,
  format: ConfigFormat,
  text: string,
): Promise<ConfigIssue[]> {
  if (format === 'code') return [...issues];
  const prefix: Segment[] = basename(file) === 'package.json' ? ['transloom'] : [];
  const placed: ConfigIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...segmentsOf(issue.path)];
    const offset =
      issue.path === ''
        ? undefined
        : format === 'json'
          ? jsonOffset(text, path)
          : await yamlOffset(text, path);
    if (offset === undefined) {
      placed.push(issue);
      continue;
    }
    const before = text.slice(0, offset).split('\n');
    placed.push({ ...issue, line: before.length, column: before.at(-1)!.length + 1 });
  }
  return placed;
}
