/**
 * A replacement of `text[start, end)`. `render` receives `copy`, which copies a range of the
 * original text with the edits inside it applied: a translated paragraph copies its link
 * placeholder, and the link's translated title lands inside the copy.
 */
export interface Edit {
  start: number;
  end: number;
  render(copy: (start: number, end: number) => string): string;
}

/** Writes `text` with `edits` applied; edits nested in a replaced range are applied by its renderer. */
export function spliceEdits(text: string, edits: readonly Edit[]): string {
  return spliceRange(text, edits, 0, text.length);
}

/**
 * Writes `text[start, end)` with the edits inside it applied. An edit across its ends is left
 * out, and so is an insertion at `start` past the text's beginning: it belongs to what ends there.
 */
export function spliceRange(
  text: string,
  edits: readonly Edit[],
  start: number,
  end: number,
): string {
  const sorted = edits
    .filter((e) => start === 0 || e.end > start || e.start > start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const copy = (start: number, end: number): string => {
    let out = '';
    let position = start;
    for (const edit of sorted) {
      if (edit.start < position || edit.end > end) continue;
      if (edit.start < start) continue;
      out += text.slice(position, edit.start) + edit.render(copy);
      position = edit.end;
    }
    return out + text.slice(position, end);
  };
  return copy(start, end);
}
