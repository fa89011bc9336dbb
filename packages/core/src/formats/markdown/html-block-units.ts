import { writeHtmlUnit } from '../html/html-render.js';
import { parseHtml } from '../html/html-tree.js';
import { extractHtmlUnits } from '../html/html-units.js';
import { copyOriginal, type MarkdownExtraction } from './markdown-extraction.js';
import type { Range } from './markdown-inline.js';

/** Adds the units of an HTML block, read as an HTML fragment (only where offsets are the file's). */
export function pushHtmlBlockUnits(x: MarkdownExtraction, range: Range | undefined): void {
  if (!range) return;
  const root = parseHtml(x.text.slice(range.start, range.end), { fragment: true });
  for (const unit of extractHtmlUnits(x.file, root, {
    attributes: [...x.settings.attributes],
    shift: range.start,
    seen: x.htmlSeen,
  })) {
    x.units.push({
      ...unit,
      write: (translation, copy) => writeHtmlUnit(unit, translation, copyOriginal(copy)),
    });
  }
}
