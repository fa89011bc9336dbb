import type { RunReport } from '../../pipeline/run-report.js';

// Thousands separated by commas, as `toLocaleString('en-US')` writes them: Intl's first use
// loads its locale data, some 20 ms of a build whose translations are all up to date.
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function count(value: number, word: string): string {
  return `${grouped(value)} ${word}${value === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * One line for a finished run: its locales, units translated (and from the memory), failed
 * and kept, requests and billed characters, and how long it took.
 */
export function summarizeRun(report: RunReport, label = 'transloom'): string {
  const locales = Object.keys(report.locales);
  const sum = (key: 'translated' | 'reused' | 'failed' | 'kept' | 'unchanged') =>
    Object.values(report.locales).reduce((total, l) => total + l[key], 0);
  const translated = sum('translated');
  const reused = sum('reused');
  const failed = sum('failed');
  const files = report.files.written.length;
  const head = `${label} ${locales.join(', ')}:`;
  const time = seconds(report.durationMs);
  if (translated + reused + failed === 0 && files === 0)
    return `${head} up to date (${count(report.files.total, 'source file')}, ${count(sum('unchanged'), 'unit')}) in ${time}`;
  const parts = [
    `${count(translated + reused, 'unit')} translated${reused > 0 ? ` (${grouped(reused)} from memory)` : ''}`,
  ];
  if (failed > 0) parts.push(`${count(failed, 'unit')} failed`);
  if (report.stopped) parts.push(`stopped at the ${report.stopped}`);
  parts.push(count(report.requests, 'request'));
  parts.push(`${count(report.billedCharacters, 'billed character')}`);
  parts.push(`${count(files, 'file')} written`);
  return `${head} ${parts.join(', ')} in ${time}`;
}
