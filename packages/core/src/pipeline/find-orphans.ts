import { lstatSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { underRoot } from '../fs/under-root.js';
import type { Lock } from '../lock/lock-file.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { type ProjectFile, projectFileFor } from './expand-files.js';
import type { PathGuard } from './path-guard.js';

/** Targets whose source the project no longer has (deleted, or moved elsewhere). */
export interface Orphan {
  /** The source, as the lock names it. */
  source: string;
  /** Its targets still on the disk, relative to the root. */
  targets: string[];
}

/**
 * The targets of the sources the lock knows but the project no longer has, that are still on
 * the disk: their text is in no source's plan, so no run would ever update or remove them.
 * Their lock lines stay until they are pruned, so a source moved without them still finds
 * its translations there.
 */
export function findOrphans(
  config: ResolvedConfig,
  lock: Lock,
  files: readonly ProjectFile[],
): Orphan[] {
  const known = new Set(files.map((f) => f.source));
  const orphans: Orphan[] = [];
  for (const source of lock.files.keys()) {
    if (known.has(source)) continue;
    const file = projectFileFor(config, source);
    if (!file) continue;
    const targets = file.locales
      .map((locale) => file.target(locale))
      .filter((target) => {
        try {
          // A link counts as what it is, not what it points to: only the project's own file is removed.
          return lstatSync(underRoot(config.root, target)).isFile();
        } catch {
          return false;
        }
      });
    if (targets.length > 0) orphans.push({ source, targets });
  }
  return orphans.sort((a, b) => (a.source < b.source ? -1 : 1));
}

/**
 * Removes the orphans' targets; their lock lines go with them when the lock is written. Each
 * path is checked like every path a run writes (links followed, never out of the project).
 */
export async function pruneOrphans(
  config: ResolvedConfig,
  orphans: readonly Orphan[],
  guard: PathGuard,
): Promise<void> {
  for (const orphan of orphans)
    for (const target of orphan.targets) {
      const path = underRoot(config.root, target);
      guard.checkSync('target', path);
      await rm(path, { force: true });
    }
}
