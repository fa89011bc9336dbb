import { isMap, isScalar, isSeq, type Node, parseDocument, type Scalar } from 'yaml';
import { FormatError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type { AdapterUnit } from '../format-adapter.js';
import { i18nextToSegment } from '../json/i18next-to-segments.js';

/** Front-matter keys translated by default. */
export const DEFAULT_FRONT_MATTER_KEYS = ['title', 'description', 'sidebar_label'];

/** A translatable front-matter value. */
export interface FrontMatterUnit extends AdapterUnit {
  kind: 'front-matter';
  span: { start: number; end: number };
  style: Scalar['type'];
  /** Block scalars: the header (`|`, `>-`) and the indentation of their lines. */
  header: string;
  indent: string;
  /** Whitespace after a block scalar's last line, written back as it was. */
  tail: string;
}

interface KeyPattern {
  parts: string[];
  /** `?tag=title`: the value's own map must hold this key with this value. */
  where?: [string, string];
}

// `hero.actions.*.text`: dot-separated keys, `*` for any key or index; `head.*.content?tag=title`
// only where the map holding `content` has `tag: title`.
function keyPattern(key: string): KeyPattern {
  const [path, condition] = key.split('?') as [string, string | undefined];
  const equals = condition?.indexOf('=') ?? -1;
  return {
    parts: path.split('.'),
    ...(condition && equals > 0
      ? { where: [condition.slice(0, equals), condition.slice(equals + 1)] as [string, string] }
      : {}),
  };
}

function matches(
  path: readonly string[],
  patterns: readonly KeyPattern[],
  parent: ReadonlyMap<string, unknown>,
): boolean {
  return patterns.some(
    (p) =>
      p.parts.length === path.length &&
      p.parts.every((part, i) => part === '*' || part === path[i]) &&
      (!p.where || parent.get(p.where[0]) === p.where[1]),
  );
}

/**
 * Units of a YAML front matter whose content starts at `offset` of the file. Front matter that
 * is not valid YAML is a FormatError with its line and column: the site's generator would
 * stop on it too, and leaving it out silently would hide it.
 */
export function frontMatterUnits(
  file: SourceFile,
  content: string,
  offset: number,
  keys: readonly string[],
): FrontMatterUnit[] {
  const document = parseDocument(content, { keepSourceTokens: true });
  if (document.errors.length > 0) {
    throw new FormatError(
      file.path,
      document.errors.map((error) => ({
        file: file.path,
        ...file.position(offset + error.pos[0]),
        rule: 'front-matter-yaml',
        severity: 'error' as const,
        message: `front matter is not valid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      })),
    );
  }
  const patterns = keys.map(keyPattern);
  const units: FrontMatterUnit[] = [];
  const none = new Map<string, unknown>();
  const visit = (node: Node | null, path: string[], parent: ReadonlyMap<string, unknown>) => {
    if (isMap(node)) {
      const scalars = new Map<string, unknown>();
      for (const pair of node.items)
        if (isScalar(pair.key) && isScalar(pair.value))
          scalars.set(String(pair.key.value), pair.value.value);
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key !== undefined) visit(pair.value as Node | null, [...path, key], scalars);
      }
    } else if (isSeq(node)) {
      for (const [i, item] of node.items.entries())
        visit(item as Node | null, [...path, String(i)], none);
    } else if (
      isScalar(node) &&
      typeof node.value === 'string' &&
      node.value.trim() !== '' &&
      node.range &&
      matches(path, patterns, parent)
    ) {
      const [start, valueEnd] = node.range;
      const raw = content.slice(start, valueEnd);
      const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
      const header = block ? (/^[|>][-+0-9]*[^\n]*\n/.exec(raw)?.[0] ?? '') : '';
      const indent = block ? /^[ \t]*/.exec(raw.slice(header.length))![0] : '';
      const tail = block ? /\s*$/.exec(raw.slice(header.length))![0] : '';
      const builder = new SegmentBuilder();
      i18nextToSegment(node.value.replace(/\n+$/, ''), builder);
      const id = `frontmatter:${path.join('.')}`;
      units.push({
        id,
        segment: builder.take(),
        path: id,
        ...file.position(offset + start),
        markup: builder.markup(),
        kind: 'front-matter',
        span: { start: offset + start, end: offset + valueEnd },
        style: node.type,
        header,
        indent,
        tail,
      });
    }
  };
  visit(document.contents as Node | null, [], none);
  return units;
}

const PLAIN_UNSAFE =
  /^[\s\-?:,[\]{}#&*!|>'"%@`]|: | #|\s$|\n|^(?:true|false|null|yes|no|on|off|~)$|^[\d.+-]/i;

/** Writes a front-matter value in the scalar style it had (or quoted, when plain cannot hold it). */
export function encodeFrontMatterValue(value: string, unit: FrontMatterUnit): string {
  switch (unit.style) {
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      const lines = value.split('\n').map((line) => (line === '' ? '' : `${unit.indent}${line}`));
      return `${unit.header}${lines.join('\n')}${unit.tail}`;
    }
    case 'QUOTE_SINGLE':
      return value.includes('\n') ? JSON.stringify(value) : `'${value.replaceAll("'", "''")}'`;
    case 'QUOTE_DOUBLE':
      return JSON.stringify(value);
    default:
      return PLAIN_UNSAFE.test(value) ? JSON.stringify(value) : value;
  }
}
