import { expect, it } from 'vitest';
import { emptyLocaleReport, type RunReport } from '../../pipeline/run-report.js';
import { summarizeRun } from './run-summary.js';

// A finished run's report with the given counts per locale.
function report(
  locales: Record<string, Partial<ReturnType<typeof emptyLocaleReport>>>,
  extra: Partial<RunReport> = {},
): RunReport {
  return {
    mode: 'translate',
    requests: 0,
    billedCharacters: 0,
    locales: Object.fromEntries(
      Object.entries(locales).map(([l, counts]) => [l, { ...emptyLocaleReport(), ...counts }]),
    ),
    files: { total: 20, upToDate: 20, written: [], outdated: [] },
    failures: [],
    pending: [],
    stale: [],
    unknown: [],
    orphans: [],
    notAligned: [],
    sameAsSource: [],
    diagnostics: [],
    stopped: undefined,
    glossaryPushed: [],
    durationMs: 169.4,
    ...extra,
  };
}

it('groups thousands with commas, as people read them in English', () => {
  expect(summarizeRun(report({ de: { unchanged: 60_000 }, fr: { unchanged: 40_000 } }))).toBe(
    'transloom de, fr: up to date (20 source files, 100,000 units) in 169 ms',
  );
  expect(
    summarizeRun(
      report(
        { de: { translated: 1_234, reused: 1_233_333 } },
        {
          requests: 1,
          billedCharacters: 999,
          files: { total: 1, upToDate: 0, written: ['de.json'], outdated: [] },
          durationMs: 2_500,
        },
      ),
      'transloom (pseudo)',
    ),
  ).toBe(
    'transloom (pseudo) de: 1,234,567 units translated (1,233,333 from memory), 1 request, 999 billed characters, 1 file written in 2.5 s',
  );
});
