import type { GlossaryCell } from '@transloom/client/wire';
import { validateGlossaryEntries } from '@transloom/client/wire';
import type { Diagnostic } from '../document/diagnostics.js';
import { glossaryDiagnostic, quoteCell } from './glossary-source.js';
import type { PositionedEntry } from './parse-glossary-file.js';

function at(file: string, cell: GlossaryCell): string {
  return `${file}:${cell.line}:${cell.column}`;
}

// The contract's rules live in the client; its messages name the side as "the source
// phrase ..." or "the target phrase ..." after a label quoting the source. The diagnostic
// points at the cell that breaks the rule and quotes only that cell.
function phraseDiagnostic(entry: PositionedEntry, rule: string, message: string): Diagnostic {
  const source = message.lastIndexOf(': the source phrase ');
  const target = message.lastIndexOf(': the target phrase ');
  const side = target > source ? 'target' : 'source';
  const cell = side === 'target' ? entry.targetCell : entry.sourceCell;
  const marker = Math.max(source, target);
  if (marker === -1) return glossaryDiagnostic(entry.file, cell, rule, message);
  const rest = message.slice(marker + ': the source phrase '.length);
  const subject = cell.text === '' ? '' : `${quoteCell(cell.text)}: `;
  return glossaryDiagnostic(entry.file, cell, rule, `${subject}the ${side} phrase ${rest}`);
}

/**
 * Checks one dictionary's entries before anything is sent. Errors are what the contract
 * forbids (part 2.2 and the limits: empty, control characters, surrounding whitespace,
 * length, size, and a source phrase given twice, which is case-sensitive: the service keeps
 * `Branch` and `branch` apart). Warnings are what it allows but what is likely a mistake: two
 * source phrases that differ only in letter case, and an entry whose target is another
 * entry's source (`A -> B` beside `B -> C`). Both positions are named for each pair.
 */
export function checkGlossaryEntries(entries: readonly PositionedEntry[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A dictionary has one entry per row, so an issue's line finds its entry.
  const issues = validateGlossaryEntries(entries).filter((i) => i.rule !== 'duplicate-source');
  const byLine = issues.length > 0 ? new Map(entries.map((e) => [e.line, e])) : undefined;
  for (const issue of issues) {
    const entry = byLine!.get(issue.line) ?? entries.at(-1)!;
    out.push(
      issue.rule === 'dictionary-too-large'
        ? glossaryDiagnostic(entry.file, entry.sourceCell, issue.rule, issue.message)
        : phraseDiagnostic(entry, issue.rule, issue.message),
    );
  }
  const bySource = new Map<string, PositionedEntry>();
  const byFolded = new Map<string, PositionedEntry>();
  for (const entry of entries) {
    const first = bySource.get(entry.source);
    if (first) {
      out.push(
        glossaryDiagnostic(
          entry.file,
          entry.sourceCell,
          'duplicate-source',
          `${quoteCell(entry.source)}: duplicate source phrase, first given at ${at(first.file, first.sourceCell)}; a dictionary holds each source phrase once`,
        ),
      );
      continue;
    }
    bySource.set(entry.source, entry);
    const folded = entry.source.toLowerCase();
    const twin = byFolded.get(folded);
    if (twin) {
      out.push(
        glossaryDiagnostic(
          entry.file,
          entry.sourceCell,
          'glossary-case-duplicate',
          `${quoteCell(entry.source)} differs only in letter case from the source phrase at ${at(twin.file, twin.sourceCell)}; the service keeps both, but a tool that matches terms in any case applies only one`,
          'warning',
        ),
      );
    } else {
      byFolded.set(folded, entry);
    }
  }
  for (const entry of entries) {
    if (entry.target === entry.source) continue;
    const next = bySource.get(entry.target);
    // `B -> B` beside `A -> B` only confirms B; a chain needs `B -> C`.
    if (!next || next === entry || next.target === next.source) continue;
    out.push(
      glossaryDiagnostic(
        entry.file,
        entry.targetCell,
        'glossary-chained-entry',
        `the target phrase ${quoteCell(entry.target)} is also the source phrase of the entry at ${at(next.file, next.sourceCell)}, which translates it to something else; check that both entries are meant`,
        'warning',
      ),
    );
  }
  return out;
}
