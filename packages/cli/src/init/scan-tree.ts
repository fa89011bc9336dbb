import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What one folder holds: names of its files and of its sub-folders (symbolic links left out). */
export interface FolderEntries {
  files: string[];
  folders: string[];
}

/** The project's folders `transloom init` looked at, by path relative to the root (`''` is the root). */
export interface TreeIndex {
  folders: Map<string, FolderEntries>;
  /** Whether the walk stopped at its folder limit before seeing everything. */
  truncated: boolean;
}

/**
 * Folders never searched for catalogs: dependencies (`node_modules`, `vendor` with Composer's
 * packages and their own translations, `bower_components`) and build output. Hidden folders
 * (`.git`, `.next`, `.svelte-kit`, `.turbo`, ...) are skipped by their dot.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'bower_components',
  'vendor',
  'dist',
  'build',
  'out',
  'coverage',
]);

/** How deep below the root catalogs are looked for (`apps/client/src/locales` is 4). */
export const MAX_DEPTH = 6;
// Enough for a large monorepo; a walk that reaches it says so rather than running on.
const MAX_FOLDERS = 20_000;

/** Options of {@link scanTree}. */
export interface ScanTreeOptions {
  /** Where to start, relative to the root (default: the root). */
  from?: string;
  /** Levels of folders below `from` (default {@link MAX_DEPTH}). */
  depth?: number;
}

// Entries of one folder, or none when it cannot be read (permissions, a race with a delete).
async function entriesOf(path: string): Promise<FolderEntries> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return {
      files: entries.filter((e) => e.isFile()).map((e) => e.name),
      folders: entries.filter((e) => e.isDirectory()).map((e) => e.name),
    };
  } catch {
    return { files: [], folders: [] };
  }
}

/** `folder/name` with `/`, or `name` in the root (`''`). */
export function joinPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/**
 * Lists the project's folders breadth first, one level at a time, skipping dependencies,
 * build output and hidden folders. A start folder given explicitly is read even when its own
 * name would be skipped.
 */
export async function scanTree(root: string, options: ScanTreeOptions = {}): Promise<TreeIndex> {
  const folders = new Map<string, FolderEntries>();
  const depth = options.depth ?? MAX_DEPTH;
  let level = [options.from ?? ''];
  let truncated = false;
  for (let d = 0; d <= depth && level.length > 0; d++) {
    const read = await Promise.all(level.map((f) => entriesOf(join(root, f))));
    const next: string[] = [];
    level.forEach((folder, i) => {
      const entries = read[i]!;
      folders.set(folder, entries);
      for (const name of entries.folders)
        if (!name.startsWith('.') && !SKIPPED_FOLDERS.has(name)) next.push(joinPath(folder, name));
    });
    if (folders.size + next.length > MAX_FOLDERS) {
      truncated = true;
      next.length = Math.max(0, MAX_FOLDERS - folders.size);
    }
    level = d < depth ? next : [];
  }
  return { folders, truncated };
}

/** Two indexes as one (a `--source` folder read besides the root's walk). */
export function mergeTrees(a: TreeIndex, b: TreeIndex): TreeIndex {
  return { folders: new Map([...a.folders, ...b.folders]), truncated: a.truncated || b.truncated };
}

/** Every file below `folder` that the index holds, relative to the root. */
export function filesBelow(index: TreeIndex, folder: string): string[] {
  const out: string[] = [];
  const visit = (path: string) => {
    const entries = index.folders.get(path);
    if (!entries) return;
    for (const file of entries.files) out.push(joinPath(path, file));
    for (const sub of entries.folders) visit(joinPath(path, sub));
  };
  visit(folder);
  return out;
}
