import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type LocaleReport, type RunReport, reportJson, writeFileAtomic } from '@transloom/core';
import { z } from 'zod';
import { ActionError } from './action-error.js';

/** The name and version of the report file's format. */
export const REPORT_SCHEMA = 'transloom-action-report/1';
/** Largest report file `comment` mode reads. */
export const MAX_REPORT_BYTES = 512 * 1024;
/** Entries kept per list in the report file (the job summary lists everything). */
export const MAX_REPORT_ITEMS = 200;

const count = z.number().int().min(0).max(1e12);
const locale = z.string().regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,4}$/);
const path = z.string().min(1).max(400);
const unitId = z.string().max(400);
const place = { file: path, line: count, locale, unit: unitId };

const localeCounts = z.strictObject({
  translated: count,
  reused: count,
  kept: count,
  failed: count,
  new: count,
  changed: count,
  stale: count,
  pending: count,
  unchanged: count,
});

/** The schema of the report file; everything in it is capped, since a fork's run wrote it. */
export const actionReportSchema = z.strictObject({
  schema: z.literal(REPORT_SCHEMA),
  mode: z.enum(['check', 'translate']),
  outcome: z.enum(['done', 'failed', 'stopped', 'work']),
  pullRequest: z.number().int().min(1).max(1e9).nullable(),
  headSha: z
    .string()
    .regex(/^[0-9a-f]{40}$|^[0-9a-f]{64}$/)
    .nullable(),
  requests: count,
  billedCharacters: count,
  locales: z.record(locale, localeCounts).refine((l) => Object.keys(l).length <= 200, {
    message: 'at most 200 locales',
  }),
  totals: z.strictObject({ missing: count, stale: count, failed: count }),
  pending: z
    .array(z.strictObject({ ...place, state: z.enum(['new', 'changed']) }))
    .max(MAX_REPORT_ITEMS),
  stale: z.array(z.strictObject(place)).max(MAX_REPORT_ITEMS),
  failures: z.array(z.strictObject(place)).max(MAX_REPORT_ITEMS),
});

/** The report file a run writes (output `report-path`) and `comment` mode reads. */
export type ActionReport = z.output<typeof actionReportSchema>;

/**
 * A locale's missing units: what a check or dry run would send (the `pending` of the engine's
 * JSON report). After a translate run what is left is counted as failed, so nothing is missing.
 */
export function missingOf(report: RunReport, locale: LocaleReport): number {
  return report.mode === 'check' || report.mode === 'dry-run' ? locale.pending : 0;
}

/**
 * The report file's content for a run: the engine's JSON report (`reportJson`, as
 * `transloom --json` prints it) with the pull request it ran for, its counts in this schema's
 * fixed set and its lists cut to {@link MAX_REPORT_ITEMS}.
 */
export function toActionReport(
  report: RunReport,
  context: {
    mode: 'check' | 'translate';
    pullRequest: number | undefined;
    headSha: string | undefined;
    /** Turns a path relative to the project into one relative to the repository. */
    repoPath: (file: string) => string;
  },
): ActionReport {
  const json = reportJson(report);
  const locales: ActionReport['locales'] = {};
  for (const [name, l] of Object.entries(json.locales)) {
    locales[name] = {
      translated: l.translated,
      reused: l.reused,
      kept: l.kept,
      failed: l.failed,
      new: l.new,
      changed: l.changed,
      stale: l.stale,
      pending: l.pending ?? 0,
      unchanged: l.unchanged,
    };
  }
  const at = (u: { file: string; line: number; locale: string; unit: string }) => ({
    file: context.repoPath(u.file),
    line: u.line,
    locale: u.locale,
    unit: u.unit,
  });
  return {
    schema: REPORT_SCHEMA,
    mode: context.mode,
    outcome: json.outcome,
    pullRequest: context.pullRequest ?? null,
    headSha: context.headSha && /^[0-9a-f]{40}$/.test(context.headSha) ? context.headSha : null,
    requests: json.requests,
    billedCharacters: json.billedCharacters,
    locales,
    totals: {
      missing: json.pending.length,
      stale: json.stale.length,
      failed: json.failures.length,
    },
    pending: json.pending.slice(0, MAX_REPORT_ITEMS).map((u) => ({ ...at(u), state: u.state })),
    stale: json.stale.slice(0, MAX_REPORT_ITEMS).map(at),
    failures: json.failures.slice(0, MAX_REPORT_ITEMS).map(at),
  };
}

/** Writes the report file under `tempDir` (temp file + rename) and returns its path. */
export async function writeReportFile(tempDir: string, report: ActionReport): Promise<string> {
  const file = join(tempDir, 'transloom', 'report.json');
  await writeFileAtomic(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/**
 * Reads a report file that untrusted code may have written: its size is capped before it is
 * read, then it must match {@link actionReportSchema} exactly (no unknown key, every string
 * and list bounded). The error names the file and the first problems.
 */
export async function readActionReport(file: string): Promise<ActionReport> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    throw new ActionError(
      'TRANSLOOM_ACTION_REPORT',
      `report ${file} cannot be read: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (size > MAX_REPORT_BYTES)
    throw new ActionError(
      'TRANSLOOM_ACTION_REPORT',
      `report ${file} is ${size} bytes; at most ${MAX_REPORT_BYTES} are read`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ActionError(
      'TRANSLOOM_ACTION_REPORT',
      `report ${file} is not JSON: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const parsed = actionReportSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new ActionError(
      'TRANSLOOM_ACTION_REPORT',
      `report ${file} does not match ${REPORT_SCHEMA}: ${problems}`,
    );
  }
  return parsed.data;
}
