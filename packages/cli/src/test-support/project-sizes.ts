import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrashLayout } from './crash-project.js';

/** Bytes a translated project takes, by part. */
export interface ProjectSizes {
  sources: number;
  /** Targets by locale. */
  targets: Record<string, number>;
  /** The translation memory (`.transloom/tm`). */
  memory: number;
  lock: number;
}

const size = (path: string) =>
  stat(path).then(
    (s) => s.size,
    () => 0,
  );

async function folderSize(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries)
    total += entry.isDirectory()
      ? await folderSize(join(dir, entry.name))
      : await size(join(dir, entry.name));
  return total;
}

/** What the parts of a translated project at `root` weigh. */
export async function projectSizes(
  root: string,
  layout: CrashLayout,
  locales: readonly string[],
): Promise<ProjectSizes> {
  const sum = async (paths: string[]) =>
    (await Promise.all(paths.map((p) => size(join(root, p))))).reduce((a, b) => a + b, 0);
  const targets: Record<string, number> = {};
  for (const locale of locales) targets[locale] = await sum(layout.targets(locale));
  return {
    sources: await sum(layout.sources),
    targets,
    memory: await folderSize(join(root, '.transloom/tm')),
    lock: await size(join(root, 'transloom.lock')),
  };
}
