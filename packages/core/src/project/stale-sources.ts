import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { Unit } from '../formats/format-adapter.js';
import { type LocDocument, loadDocument } from '../formats/load-document.js';
import { underRoot } from '../fs/under-root.js';
import { gitRepository, runGit } from '../git/run-git.js';
import { expandFiles, type ProjectFile } from '../pipeline/expand-files.js';
import type { RunReport, StaleEdit } from '../pipeline/run-report.js';
import { translationHash } from '../pipeline/translation-hash.js';
import { segmentText } from '../segments/parse-segment.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/** Commits of a source's history searched for the text a stale edit was written for. */
const HISTORY_DEPTH = 200;

// A unit's source text without markup, its plural forms one per line.
function textOf(unit: Unit): string {
  return unit.plural
    ? unit.plural.variants.map((v) => `${v.keys.join(' ')}: ${segmentText(v.segment)}`).join('\n')
    : segmentText(unit.segment);
}

function load(
  file: ProjectFile,
  config: ResolvedConfig,
  content: Uint8Array | string,
): LocDocument {
  return loadDocument({
    path: file.source,
    content,
    sourceLocale: config.sourceLocale,
    options: file.options,
    ...(file.format ? { format: file.format } : {}),
  });
}

// Fills the old source texts of one file's stale edits from its git history: the newest
// version whose unit hashes as the edit's reviewed source.
async function fillFromHistory(
  config: ResolvedConfig,
  file: ProjectFile,
  edits: StaleEdit[],
): Promise<void> {
  const repository = await gitRepository(config.root);
  if (!repository) return;
  const path = relative(repository.top, underRoot(config.root, file.source)).split(sep).join('/');
  const log = await runGit(repository.top, [
    'log',
    '--all',
    `-n${HISTORY_DEPTH}`,
    '--format=%H',
    '--',
    path,
  ]);
  if (log?.code !== 0) return;
  let open = edits.filter((e) => e.reviewedSource && e.previousSourceText === undefined);
  for (const commit of log.out.split('\n').filter(Boolean)) {
    if (open.length === 0) return;
    const shown = await runGit(repository.top, ['show', `${commit}:${path}`]);
    if (shown?.code !== 0) continue;
    let doc: LocDocument;
    try {
      doc = load(file, config, shown.out);
    } catch {
      continue;
    }
    const byId = new Map(doc.units.map((u) => [u.id, u]));
    for (const edit of open) {
      const unit = byId.get(edit.unit);
      if (unit && translationHash(doc.portable(unit.id)) === edit.reviewedSource)
        edit.previousSourceText = textOf(unit);
    }
    open = open.filter((e) => e.previousSourceText === undefined);
  }
}

/**
 * Adds to each stale edit of `report` the source text it is kept under now and, when the
 * repository's history has it, the source text it was written for: what a reviewer compares.
 */
export async function describeStaleEdits(config: ResolvedConfig, report: RunReport) {
  if (report.stale.length === 0) return;
  const files = new Map((await expandFiles(config)).map((f) => [f.source, f]));
  const byFile = new Map<string, StaleEdit[]>();
  for (const edit of report.stale) {
    const list = byFile.get(edit.file);
    if (list) list.push(edit);
    else byFile.set(edit.file, [edit]);
  }
  for (const [source, edits] of byFile) {
    const file = files.get(source);
    if (!file) continue;
    try {
      const doc = load(file, config, await readFile(underRoot(config.root, source)));
      const byId = new Map(doc.units.map((u) => [u.id, u]));
      for (const edit of edits) {
        const unit = byId.get(edit.unit);
        if (unit) edit.sourceText = textOf(unit);
      }
    } catch {
      continue;
    }
    await fillFromHistory(config, file, edits);
  }
}
