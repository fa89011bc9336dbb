/** How a glossary file separates its fields: CSV with the contract's quoting, or TSV without any. */
export type GlossaryFileFormat = 'csv' | 'tsv';

/** One field of a row, with where it starts (1-based line and column) for diagnostics. */
export interface GlossaryCell {
  text: string;
  line: number;
  column: number;
}

/** One row of a glossary file and the exact span of text it came from. */
export interface GlossaryRow {
  cells: GlossaryCell[];
  /** Line the row starts on. */
  line: number;
  /** Offsets of the row in the text, its line break excluded. */
  start: number;
  end: number;
  /** The line break that ends the row as written ('' for a last line without one). */
  eol: '' | '\n' | '\r\n';
  /** A syntax problem (an unclosed quote, text after a closing quote); the row has no entry. */
  error?: { line: number; column: number; message: string };
}

/** Whether a row is an empty line. */
export function isBlankRow(row: GlossaryRow): boolean {
  return row.cells.length === 1 && row.start === row.end;
}

/**
 * Splits a glossary file into rows of cells. CSV follows contract part 2.2: a field holding a
 * comma, a quote or a line break is enclosed in double quotes and a quote inside is doubled;
 * TSV has no quoting. Written here rather than with a CSV library because diagnostics need
 * the line and column of every cell and the writer copies untouched rows byte for byte, so
 * each row's exact span (CRLF or LF, as written) is needed; csv-parse reports neither.
 */
export function readGlossaryRows(text: string, format: GlossaryFileFormat): GlossaryRow[] {
  const separator = format === 'csv' ? ',' : '\t';
  const rows: GlossaryRow[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = text.length;
  while (i < n) {
    const row: GlossaryRow = { cells: [], line, start: i, end: i, eol: '' };
    for (;;) {
      const cell: GlossaryCell = { text: '', line, column: i - lineStart + 1 };
      row.cells.push(cell);
      if (format === 'csv' && text[i] === '"') {
        const open = { line, column: cell.column };
        let value = '';
        let closed = false;
        i++;
        while (i < n) {
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (ch === '\n') {
            line++;
            lineStart = i + 1;
          }
          value += ch;
          i++;
        }
        cell.text = value;
        if (!closed) {
          row.error = { ...open, message: 'a quoted field is never closed' };
          break;
        }
        if (i < n && text[i] !== separator && !atLineBreak(text, i)) {
          row.error = {
            line,
            column: i - lineStart + 1,
            message:
              'unexpected text after a closing quote (a quote inside a quoted field is written "")',
          };
          while (i < n && !atLineBreak(text, i)) i++;
          break;
        }
      } else {
        const from = i;
        while (i < n && text[i] !== separator && !atLineBreak(text, i)) i++;
        cell.text = text.slice(from, i);
      }
      if (text[i] === separator) {
        i++;
        continue;
      }
      break;
    }
    row.end = i;
    if (text.startsWith('\r\n', i)) {
      row.eol = '\r\n';
      i += 2;
    } else if (text[i] === '\n') {
      row.eol = '\n';
      i += 1;
    }
    if (row.eol !== '') {
      line++;
      lineStart = i;
    }
    rows.push(row);
  }
  return rows;
}

function atLineBreak(text: string, i: number): boolean {
  return text[i] === '\n' || (text[i] === '\r' && text[i + 1] === '\n');
}
