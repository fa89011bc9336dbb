import type { Candidate } from './resolve-candidate.js';

/** Locale codes for a line of text: the first `max`, then how many more. */
export function listLocales(codes: readonly string[], max = 8): string {
  const shown = codes.slice(0, max).join(', ');
  return codes.length > max ? `${shown}, ... (+${codes.length - max} more)` : shown;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One line on a candidate: where, which layout, how many catalogs, units in its source and
 * which target locales (`public/intl/messages/{locale}.json: one catalog per locale; 52
 * catalogs, 428 keys in en-US.json, 51 target locales (ar-SA, ...)`).
 */
export function describeCandidate(candidate: Candidate): string {
  const { set, sourceFiles, targetLocales } = candidate;
  const sources =
    sourceFiles.length === 1
      ? sourceFiles[0]!.slice(sourceFiles[0]!.lastIndexOf('/') + 1)
      : `${sourceFiles.length} ${candidate.sourceLocale} catalogs`;
  const targets =
    targetLocales.length === 0
      ? 'no translations yet'
      : `${plural(targetLocales.length, 'target locale')} (${listLocales(targetLocales)})`;
  return `${set.where}: ${set.layout}; ${plural(candidate.catalogs, 'catalog')}, ${plural(candidate.keys, 'key')} in ${sources}, ${targets}`;
}

/** Lines on why the chosen candidate's source is what it is, and what else to know. */
export function candidateDetails(candidate: Candidate): string[] {
  return [
    `source locale ${candidate.sourceLocale}${candidate.sourceReason ? ` (${candidate.sourceReason})` : ''}`,
    ...candidate.unreadable.map((u) => `not read: ${u}`),
    ...candidate.notes,
  ];
}

/** The candidates as a list, the chosen one marked, at most `max` of them. */
export function candidateList(
  candidates: readonly Candidate[],
  chosen?: Candidate,
  max = 10,
): string[] {
  const lines = candidates
    .slice(0, max)
    .map((c) => `${c === chosen ? '* ' : '  '}${describeCandidate(c)}`);
  if (candidates.length > max) lines.push(`  ... and ${candidates.length - max} smaller`);
  return lines;
}
