import type { RunReport } from '@transloom/core';
import { describe, expect, it } from 'vitest';
import { ANNOTATIONS_PER_KIND, annotationsOf } from './annotate-report.js';

/** A check's report with `counts[i]` missing units in file `locales/en/page<i>.json`. */
function reportWithMissing(counts: number[]): RunReport {
  return {
    mode: 'check',
    requests: 0,
    billedCharacters: 0,
    locales: {},
    files: { total: counts.length, upToDate: 0, written: [], outdated: [] },
    failures: [],
    pending: counts.flatMap((n, i) =>
      Array.from({ length: n }, (_, line) => ({
        file: `locales/en/page${i}.json`,
        line: line + 2,
        column: 3,
        locale: 'de',
        unit: `key${line}`,
        state: 'new' as const,
      })),
    ),
    stale: [],
    unknown: [],
    orphans: [],
    notAligned: [],
    sameAsSource: [],
    diagnostics: [],
    stopped: undefined,
    glossaryPushed: [],
    durationMs: 0,
  };
}

const options = { failOn: 'missing' as const, repoPath: (file: string) => `app/${file}` };

describe('annotationsOf', () => {
  it('annotates each finding on its line while GitHub shows them all', () => {
    const all = annotationsOf(reportWithMissing([2, 1]), options);
    expect(all.map((a) => [a.level, a.file, a.startLine])).toEqual([
      ['error', 'app/locales/en/page0.json', 2],
      ['error', 'app/locales/en/page0.json', 3],
      ['error', 'app/locales/en/page1.json', 2],
    ]);
  });

  it('groups findings per file past the limit, and counts the files left over', () => {
    // Twelve files with 1 to 12 findings: nine groups, then one for the last three files.
    const all = annotationsOf(
      reportWithMissing(Array.from({ length: 12 }, (_, i) => i + 1)),
      options,
    );
    expect(all).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(all[0]).toMatchObject({
      title: '1 Transloom findings in this file',
      file: 'app/locales/en/page0.json',
    });
    expect(all[8]!.title).toBe('9 Transloom findings in this file');
    expect(all.at(-1)).toMatchObject({
      level: 'error',
      title: '33 more Transloom findings in 3 files',
      file: undefined,
    });
  });
});
