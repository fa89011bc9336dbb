import { appendFile, mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { runGit as git } from '../git/run-git.js';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import type { FoundRecord } from './lock-facts.js';
import { readLockText } from './lock-file.js';
import type { LockedTranslation } from './lock-types.js';
import { parseLockedTranslation } from './lock-types.js';

/**
 * Every lock line that was ever true here: the ones this clone wrote (`.transloom/<lock
 * name>.history`, appended when a run folds its journal into the lock) and the ones git has
 * in any commit of the repository. A lock that lost lines (a merge resolved to one side, a
 * lock deleted or written again) is read against it: a text one of these lines names was
 * written by whoever the line says, whatever the lock says now.
 */
export interface LockHistory {
  /**
   * Whether it holds every line Transloom wrote for this repository's targets, so that a text
   * no line names is a person's: true only where Transloom's records are there to read (the
   * lock, the clone's history, or lock lines in git) and whole. False in a shallow clone (its
   * commits' parents are not there), and where no record of Transloom's is left at all (no
   * lock, no history, none in git): a first adoption looks exactly like a project whose lock
   * and `.transloom/` were deleted, so what its targets hold is of unknown origin until a
   * person says (`transloom adopt --accept`).
   */
  complete: boolean;
  /**
   * Who wrote the text with hash `written` in `locale`, for the unit `id` whose source is
   * `source`: a person's record first, then Transloom's for that source, then Transloom's for
   * another source of that same unit (its source changed since: due again), then a line that
   * found it of unknown origin (it stays so). Transloom's text of another unit is no
   * evidence: a person may have copied it.
   */
  recordOf(locale: string, written: string, source: string, id: string): FoundRecord | undefined;
}

/** Where a clone keeps the lock lines it wrote. */
export function lockHistoryPath(root: string, lockFile: string): string {
  return join(root, STATE_DIRECTORY, `${basename(lockFile)}.history`);
}

/** Moves a run's journal into the clone's history, once the lock holds its lines. */
export async function foldJournalIntoHistory(journalPath: string, historyPath: string) {
  const text = readLockText(journalPath);
  if (text) {
    await mkdir(dirname(historyPath), { recursive: true });
    await appendFile(historyPath, text.endsWith('\n') ? text : `${text}\n`);
  }
  await rm(journalPath, { force: true });
}

interface Entry {
  human?: FoundRecord;
  /** A line that found the text and could not say who wrote it: it stays of unknown origin. */
  unknown?: FoundRecord;
  /** Transloom's records by the source they translate, and by the unit they were on. */
  machine?: Map<string, FoundRecord>;
  units?: Map<string, FoundRecord>;
}

// The records of a unit line (`unit "<path>" "<id>" <source> <locale>=<record>...`, or the
// lock's earlier `unit "<id>" <source> ...`), added to `into` by locale and written hash.
function addLine(line: string, into: Map<string, Map<string, Entry>>): void {
  const match = /^unit (?:"(?:[^"\\]|\\.)*" )?("(?:[^"\\]|\\.)*") ([0-9a-f]+)((?: \S+)*)$/.exec(
    line,
  );
  if (!match) return;
  const id = match[1]!;
  const source = match[2]!;
  for (const entry of match[3]!.trim().split(' ')) {
    const equals = entry.indexOf('=');
    const record: LockedTranslation | undefined =
      equals > 0 ? parseLockedTranslation(entry.slice(equals + 1)) : undefined;
    if (!record) continue;
    const locale = entry.slice(0, equals);
    let byHash = into.get(locale);
    if (!byHash) {
      byHash = new Map();
      into.set(locale, byHash);
    }
    let found = byHash.get(record.written);
    if (!found) {
      found = {};
      byHash.set(record.written, found);
    }
    if (record.human) found.human ??= { record, source };
    else if (record.unknown) found.unknown ??= { record, source };
    else {
      found.machine ??= new Map();
      found.units ??= new Map();
      if (!found.machine.has(source)) found.machine.set(source, { record, source });
      if (!found.units.has(id)) found.units.set(id, { record, source });
    }
  }
}

// Whether a lock text records any unit.
function hasUnitLine(text: string | undefined): boolean {
  return text !== undefined && /^\s*unit /m.test(text);
}

/**
 * Reads the lock lines of the clone's history and of every commit git has (every branch and
 * tag, and a merge, rebase or cherry-pick under way), once, when a run meets a text its lock
 * does not know. Git is asked only then, never on a run whose lock knows every text.
 */
export async function readLockHistory(root: string, lockFile: string): Promise<LockHistory> {
  const entries = new Map<string, Map<string, Entry>>();
  const local = readLockText(lockHistoryPath(root, lockFile));
  if (local) for (const line of local.split('\n')) addLine(line, entries);
  // Whether any record of Transloom's is here: the lock itself, or the clone's history.
  let recorded = hasUnitLine(local) || hasUnitLine(readLockText(lockFile));
  const probe = await git(root, ['rev-parse', '--show-toplevel', '--is-shallow-repository']);
  // Not in a git repository (or no git): what this clone wrote is all there is.
  let complete = probe === undefined || probe.code !== 0;
  if (probe && probe.code === 0) {
    const [top, shallow] = probe.out.trim().split('\n');
    complete = shallow === 'false';
    const path = relative(top!, lockFile).split('\\').join('/');
    const heads: string[] = [];
    for (const ref of ['MERGE_HEAD', 'REBASE_HEAD', 'CHERRY_PICK_HEAD', 'ORIG_HEAD']) {
      const found = await git(root, ['rev-parse', '-q', '--verify', ref]);
      if (found?.code === 0) heads.push(found.out.trim());
    }
    const log = await git(
      top!,
      [
        'log',
        '--all',
        ...heads,
        '-p',
        '--diff-merges=first-parent',
        '--no-color',
        '--no-ext-diff',
        '--format=',
        '--',
        path,
      ],
      (line) => {
        if (line.startsWith('+unit ')) {
          recorded = true;
          addLine(line.slice(1), entries);
        } else if (line.startsWith('+  unit ')) {
          recorded = true;
          addLine(line.slice(3), entries);
        }
      },
    );
    // The lines of a conflicted lock's stages, not committed yet (one side resolved away).
    for (const stage of [1, 2, 3]) {
      const shown = await git(top!, ['show', `:${stage}:${path}`]);
      if (shown?.code === 0) {
        recorded ||= hasUnitLine(shown.out);
        for (const line of shown.out.split('\n')) addLine(line.trim(), entries);
      }
    }
    if (log === undefined || log.code !== 0) complete = false;
  }
  return {
    complete: complete && recorded,
    recordOf(locale, written, source, id) {
      const entry = entries.get(locale)?.get(written);
      return (
        entry?.human ??
        entry?.machine?.get(source) ??
        entry?.units?.get(JSON.stringify(id)) ??
        entry?.unknown
      );
    },
  };
}
