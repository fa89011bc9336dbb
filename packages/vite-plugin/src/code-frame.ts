/** Lines shown above and below the one a problem points at. */
const CONTEXT = 2;

/**
 * A few numbered lines around `line` with a caret under `column`, the way compilers quote
 * source. Written here because Vite keeps its own frame helper internal.
 */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const from = Math.max(1, line - CONTEXT);
  const to = Math.min(lines.length, line + CONTEXT);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const marker = n === line ? '>' : ' ';
    // Long minified lines would swamp the overlay: keep the part around the column.
    const content = lines[n - 1]!.slice(0, 200);
    out.push(`${marker} ${String(n).padStart(width)} | ${content}`);
    if (n === line)
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, Math.min(column, 200) - 1))}^`);
  }
  return out.join('\n');
}
