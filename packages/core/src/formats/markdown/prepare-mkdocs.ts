import type { ContainerTitle } from './container-title.js';
import { dedentBlock } from './dedent-block.js';
import type { Range } from './markdown-inline.js';
import { findMkdocsBlocks } from './mkdocs-blocks.js';

/** A block's body without its indentation, prepared, and where its offsets are in the file. */
export interface PreparedBody {
  text: string;
  map: (offset: number) => number;
}

/** The mkdocs blocks of a text: the text with them blanked, and what they hold. */
export interface PreparedMkdocs {
  text: string;
  titles: ContainerTitle[];
  markup: Range[];
  bodies: PreparedBody[];
}

function blankRange(text: string, range: Range): string {
  return (
    text.slice(0, range.start) +
    text.slice(range.start, range.end).replace(/[^\r\n]/g, ' ') +
    text.slice(range.end)
  );
}

/**
 * Blanks mkdocs-material's admonitions and content tabs (marker line and indented body, offsets
 * unchanged): CommonMark reads a body indented by four spaces as a code block. Their titles and
 * labels become units and a marker without one is markup; each body is dedented and prepared
 * again by `prepare` (tabs nest in admonitions), to be parsed as Markdown of its own, its
 * offsets mapped back to the file's.
 */
export function prepareMkdocs(
  text: string,
  prepare: (body: string) => PreparedMkdocs,
): PreparedMkdocs {
  const out: PreparedMkdocs = { text, titles: [], markup: [], bodies: [] };
  for (const block of findMkdocsBlocks(text)) {
    out.text = blankRange(out.text, block.marker);
    if (block.title) out.titles.push({ ...block.title, bracket: false });
    else out.markup.push(block.marker);
    if (!block.body) continue;
    out.text = blankRange(out.text, block.body);
    const dedented = dedentBlock(text, block.body);
    const inner = prepare(dedented.body);
    const map = dedented.map;
    const shift = (r: Range) => ({ start: map(r.start), end: map(r.start) + (r.end - r.start) });
    out.titles.push(...inner.titles.map((t) => ({ ...t, ...shift(t) })));
    out.markup.push(...inner.markup.map(shift));
    out.bodies.push({ text: inner.text, map });
    out.bodies.push(
      ...inner.bodies.map((b) => ({ text: b.text, map: (o: number) => map(b.map(o)) })),
    );
  }
  return out;
}
