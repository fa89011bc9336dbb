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

// `hero.actions.*.text`: dot-separated keys, `*` for any key or index.
function matches(path: readonly string[], patterns: readonly string[][]): boolean {
  return patterns.some(
    (p) => p.length === path.length && p.every((part, i) => part === '*' || part === path[i]),
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
  const patterns = keys.map((k) => k.split('.'));
  const units: FrontMatterUnit[] = [];
  const visit = (node: Node | null, path: string[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key !== undefined) visit(pair.value as Node | null, [...path, key]);
      }
    } else if (isSeq(node)) {
      for (const [i, item] of node.items.entries())
        visit(item as Node | null, [...path, String(i)]);
    } else if (
      isScalar(node) &&
      typeof node.value === 'string' &&
      node.value.trim() !== '' &&
      node.range &&
      matches(path, patterns)
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
  visit(document.contents as Node | null, []);
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
