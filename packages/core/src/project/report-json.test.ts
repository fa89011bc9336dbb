import { expect, it } from 'vitest';
import { emptyLocaleReport, type RunReport } from '../pipeline/run-report.js';
import { reportJson } from './report-json.js';

const unit = { file: 'locales/en/a.json', line: 2, column: 3, locale: 'de', unit: 'one' };

function report(mode: RunReport['mode']): RunReport {
  return {
    mode,
    requests: 2,
    billedCharacters: 30,
    locales: { de: { ...emptyLocaleReport(), new: 1, pending: 1, characters: 3, requests: 1 } },
    files: { total: 1, upToDate: 0, written: [], outdated: ['locales/de/a.json'] },
    failures: [],
    pending: [{ ...unit, state: 'new' }],
    stale: [],
    unknown: [],
    orphans: [],
    notAligned: [],
    sameAsSource: [],
    diagnostics: [],
    stopped: undefined,
    glossaryPushed: [],
    durationMs: 12.6,
  };
}

it('gives every host one JSON shape: what a check would send only in a check or dry run', () => {
  const check = reportJson(report('check'));
  expect(check).toEqual({
    requests: 2,
    billedCharacters: 30,
    locales: {
      de: {
        translated: 0,
        reused: 0,
        failed: 0,
        kept: 0,
        unchanged: 0,
        new: 1,
        changed: 0,
        removed: 0,
        stale: 0,
        unknown: 0,
        pending: 1,
        characters: 3,
        plannedRequests: 1,
      },
    },
    mode: 'check',
    outcome: 'work',
    stopped: null,
    files: { total: 1, upToDate: 0, written: [], outdated: ['locales/de/a.json'] },
    failures: [],
    pending: [{ ...unit, state: 'new' }],
    stale: [],
    unknown: [],
    orphans: [],
    notAligned: [],
    sameAsSource: [],
    diagnostics: [],
    durationMs: 13,
  });
  const translated = reportJson({ ...report('translate'), pending: [] });
  expect(translated.locales.de).not.toHaveProperty('pending');
  expect(translated.outcome).toBe('done');
  expect(JSON.parse(JSON.stringify(translated))).toEqual(translated);
});
