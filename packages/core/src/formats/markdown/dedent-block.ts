import type { Range } from './markdown-inline.js';

/** An indented block's text without its indentation, and where each of its offsets is in the file. */
export interface DedentedBlock {
  body: string;
  map: (offset: number) => number;
}

/** Strips one level of indentation (up to four spaces or a tab) from each line of a range. */
export function dedentBlock(text: string, range: Range): DedentedBlock {
  const lines = text.slice(range.start, range.end).split('\n');
  const starts: Array<{ body: number; file: number }> = [];
  let body = '';
  let offset = range.start;
  for (const line of lines) {
    const indent = /^(?: {1,4}|\t)/.exec(line)?.[0].length ?? 0;
    starts.push({ body: body.length, file: offset + indent });
    body += `${line.slice(indent)}\n`;
    offset += line.length + 1;
  }
  return {
    body,
    map: (o) => {
      let i = starts.length - 1;
      while (i > 0 && starts[i]!.body > o) i--;
      return starts[i]!.file + (o - starts[i]!.body);
    },
  };
}
