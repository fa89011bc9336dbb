import type { RunReport } from '@transloom/core';

/**
 * One report for a run that translated in several rounds (its branch moved, and it translated
 * again on the new tip): the last round's, which is what the run committed, with what every
 * round paid for. Requests, billed characters and time are summed; a locale's `translated` is
 * every unit the service translated in any round, and `reused` leaves out the units an earlier
 * round of the same run had translated (the last round found them in the run's memory).
 */
export function combineRoundReports(reports: readonly [RunReport, ...RunReport[]]): RunReport {
  const last = reports[reports.length - 1]!;
  if (reports.length === 1) return last;
  const earlier = reports.slice(0, -1);
  const locales: RunReport['locales'] = {};
  for (const [name, l] of Object.entries(last.locales)) {
    const before = earlier.reduce((n, r) => n + (r.locales[name]?.translated ?? 0), 0);
    locales[name] = {
      ...l,
      translated: l.translated + before,
      reused: Math.max(0, l.reused - before),
    };
  }
  const sum = (of: (r: RunReport) => number) => reports.reduce((n, r) => n + of(r), 0);
  return {
    ...last,
    requests: sum((r) => r.requests),
    billedCharacters: sum((r) => r.billedCharacters),
    durationMs: sum((r) => r.durationMs),
    locales,
    glossaryPushed: [...new Set(reports.flatMap((r) => r.glossaryPushed))],
  };
}
