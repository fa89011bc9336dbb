import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { LOCALE_CODE } from '@transloom/client/languages';
import {
  isInside,
  type LocaleReport,
  type RunReport,
  reportJson,
  writeFileAtomic,
} from '@transloom/core';
import { z } from 'zod';
import { ActionError } from './action-error.js';

/** The name and version of the report file's format. */
export const REPORT_SCHEMA = 'transloom-action-report/1';
/** Largest report file `comment` mode reads. */
export const MAX_REPORT_BYTES = 512 * 1024;
/** Entries kept per list in the report file (the job summary lists everything). */
export const MAX_REPORT_ITEMS = 200;

const count = z.number().int().min(0).max(1e12);
const locale = z.string().max(35).regex(LOCALE_CODE);
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
  outcome: z.enum(['done', 'failed', 'stopped', 'work', 'unknown']),
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

// The first key of a schema problem, when it is one of the schema's own (a name the file
// made up is not repeated: the file is untrusted, and its text is never echoed).
function problemAt(path: ReadonlyArray<PropertyKey>): string {
  const top = path[0];
  return typeof top === 'string' && top in actionReportSchema.shape ? top : '(root)';
}

/**
 * Reads a report file that untrusted code may have written. The path must be inside one of
 * `roots` (the workspace, `RUNNER_TEMP`) by name and with links followed, the file itself must
 * not be a link (it is opened with `O_NOFOLLOW`) and must be a regular file, and at most
 * {@link MAX_REPORT_BYTES} are read, whatever size the file claims (a `/proc` file claims 0).
 * It must then match {@link actionReportSchema} exactly. Errors name the file and where the
 * problem is, never what the file holds.
 */
export async function readActionReport(
  file: string,
  roots: readonly string[],
): Promise<ActionReport> {
  const fail = (why: string, cause?: unknown) =>
    new ActionError('TRANSLOOM_ACTION_REPORT', `report ${file} ${why}`, { cause });
  const path = resolve(file);
  const realRoots = await Promise.all(roots.map((r) => realpath(r).catch(() => resolve(r))));
  const parent = await realpath(dirname(path)).catch(() => undefined);
  const inside = (dir: string, list: readonly string[]) => list.some((root) => isInside(root, dir));
  if (
    !inside(
      path,
      roots.map((r) => resolve(r)),
    ) ||
    parent === undefined ||
    !inside(join(parent, basename(path)), realRoots)
  )
    throw fail(
      `is not inside the workspace or RUNNER_TEMP; the Action reads a report only from there`,
    );
  const buffer = Buffer.alloc(MAX_REPORT_BYTES + 1);
  let bytes: number;
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (!(await handle.stat()).isFile()) throw fail('is not a regular file');
      // A read may return less than asked (a /proc file gives a page at a time): read until
      // the end or one byte past the cap.
      bytes = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, bytes, buffer.length - bytes, bytes);
        if (bytesRead === 0) break;
        bytes += bytesRead;
        if (bytes === buffer.length) break;
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof ActionError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(
      code === 'ELOOP'
        ? 'is a symbolic link; the Action reads only the file itself'
        : `cannot be read: ${code ?? (error as Error).message}`,
      error,
    );
  }
  if (bytes > MAX_REPORT_BYTES)
    throw fail(`is larger than ${MAX_REPORT_BYTES} bytes; at most ${MAX_REPORT_BYTES} are read`);
  let raw: unknown;
  try {
    raw = JSON.parse(buffer.subarray(0, bytes).toString('utf8'));
  } catch (error) {
    throw fail('is not valid JSON', error);
  }
  const parsed = actionReportSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = [
      ...new Set(
        parsed.error.issues
          .slice(0, 5)
          .map((i) => `${problemAt(i.path)}: ${i.code.replaceAll('_', ' ')}`),
      ),
    ].join('; ');
    throw fail(`does not match ${REPORT_SCHEMA}: ${problems}`);
  }
  return parsed.data;
}
