import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { CatalogSet, ListedGroup } from './catalog-set.js';
import { splitCatalogName } from './find-locale-files.js';
import { joinPath, type TreeIndex } from './scan-tree.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A project's `i18n` block as Angular and Nx write it. */
interface ProjectI18n {
  /** The project's name (for messages). */
  name: string;
  /** The file that holds it. */
  file: string;
  /** The folder its paths are relative to (the workspace's), and the project's own folder. */
  workspace: string;
  projectRoot: string;
  i18n: Json;
  /** `extract-i18n` options: where `ng extract-i18n` writes the source. */
  extract: Json;
}

// The extract target's options, under `architect` (angular.json) or `targets` (project.json).
function extractOptions(project: Json): Json {
  const targets = (project.architect ?? project.targets) as Json | undefined;
  const extract = isObject(targets) ? targets['extract-i18n'] : undefined;
  return isObject(extract) && isObject(extract.options) ? extract.options : {};
}

async function readJson(root: string, path: string): Promise<Json | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(join(root, path), 'utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

// The nearest folder at or above `folder` with a workspace file, or the root.
function workspaceOf(index: TreeIndex, folder: string): string {
  for (let f = folder; ; f = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') {
    const files = index.folders.get(f)?.files ?? [];
    if (files.includes('nx.json') || files.includes('angular.json') || f === '') return f;
  }
}

async function projectsWithI18n(root: string, index: TreeIndex): Promise<ProjectI18n[]> {
  const found: ProjectI18n[] = [];
  for (const [folder, entries] of index.folders) {
    if (entries.files.includes('angular.json')) {
      const file = joinPath(folder, 'angular.json');
      const projects = (await readJson(root, file))?.projects;
      for (const [name, project] of Object.entries(isObject(projects) ? projects : {})) {
        if (!isObject(project) || !isObject(project.i18n)) continue;
        const own = typeof project.root === 'string' ? project.root : '';
        found.push({
          name,
          file,
          workspace: folder,
          projectRoot: posix.join(folder, own),
          i18n: project.i18n,
          extract: extractOptions(project),
        });
      }
    }
    if (entries.files.includes('project.json')) {
      const file = joinPath(folder, 'project.json');
      const project = await readJson(root, file);
      if (!project || !isObject(project.i18n)) continue;
      found.push({
        name: typeof project.name === 'string' ? project.name : folder,
        file,
        workspace: workspaceOf(index, folder),
        projectRoot: folder,
        i18n: project.i18n,
        extract: extractOptions(project),
      });
    }
  }
  return found;
}

const hasFile = (index: TreeIndex, path: string) => {
  const slash = path.lastIndexOf('/');
  const folder = slash === -1 ? '' : path.slice(0, slash);
  return index.folders.get(folder)?.files.includes(path.slice(slash + 1)) ?? false;
};

// A path of the project as a root-relative path: Angular resolves against the workspace, some
// builders against the project; whichever names a file wins. Paths that leave the root are
// not the project's.
function resolvePath(index: TreeIndex, project: ProjectI18n, path: string): string | undefined {
  const candidates = [project.workspace, project.projectRoot]
    .map((base) => posix.normalize(posix.join(base, path)).replace(/^\.\/?$/, ''))
    .filter((p) => p !== '..' && !p.startsWith('../') && !posix.isAbsolute(p));
  return candidates.find((p) => hasFile(index, p)) ?? candidates[0];
}

// Paths of one `i18n.locales` value: a path, several, or `{ translation }` with either.
function translationPaths(value: unknown): string[] {
  const translation = isObject(value) ? value.translation : value;
  const list = Array.isArray(translation) ? translation : [translation];
  return list.filter((p): p is string => typeof p === 'string' && p.length > 0);
}

const OUT_FILES: Readonly<Record<string, string>> = { json: 'messages.json', arb: 'messages.arb' };

/**
 * Angular and Nx projects that configure their translations (`angular.json` projects, Nx
 * `project.json`, with `i18n.sourceLocale` and `i18n.locales`): the source file is where
 * `extract-i18n` writes it, or the target's name without its locale (`messages.de.xlf` ->
 * `messages.xlf`); each locale's files are the ones listed. The projects of one workspace that
 * share a source locale are one set.
 */
export async function findAngularI18n(root: string, index: TreeIndex): Promise<CatalogSet[]> {
  const byWorkspace = new Map<
    string,
    { files: string[]; names: string[]; groups: ListedGroup[]; notes: string[] }
  >();
  for (const project of await projectsWithI18n(root, index)) {
    const source = project.i18n.sourceLocale;
    const sourceLocale =
      typeof source === 'string'
        ? source
        : isObject(source) && typeof source.code === 'string'
          ? source.code
          : 'en-US'; // Angular's default
    const notes: string[] = [];
    const format = typeof project.extract.format === 'string' ? project.extract.format : 'xlf';
    const outFile =
      typeof project.extract.outFile === 'string'
        ? project.extract.outFile
        : (OUT_FILES[format] ?? 'messages.xlf');
    const outputPath =
      typeof project.extract.outputPath === 'string' ? project.extract.outputPath : '';
    const extracted = resolvePath(index, project, posix.join(outputPath, outFile));
    const groups = new Map<string, ListedGroup>();
    const locales = isObject(project.i18n.locales) ? project.i18n.locales : {};
    for (const [code, value] of Object.entries(locales)) {
      if (code === sourceLocale) continue;
      for (const listed of translationPaths(value)) {
        const path = resolvePath(index, project, listed);
        const parts = path && splitCatalogName(path.slice(path.lastIndexOf('/') + 1));
        if (!path || !parts) {
          notes.push(`${project.file}: ${code}: '${listed}' is not a JSON or XLIFF file here`);
          continue;
        }
        const named = path.endsWith(`.${code}.${parts.ext}`)
          ? `${path.slice(0, -`.${code}.${parts.ext}`.length)}.${parts.ext}`
          : path;
        const sourcePath =
          named !== path && hasFile(index, named)
            ? named
            : extracted && hasFile(index, extracted)
              ? extracted
              : undefined;
        if (!sourcePath) {
          notes.push(
            `${project.file}: no source beside '${listed}'; run extract-i18n, or pass --source`,
          );
          continue;
        }
        const group = groups.get(sourcePath) ?? {
          kind: 'listed',
          source: sourcePath,
          sourceLocale,
          targets: new Map(),
          fallbackTarget: sourcePath.replace(/(\.[^./]+)$/, '.{locale}$1'),
        };
        groups.set(sourcePath, group);
        group.targets.set(code, path);
        if (!hasFile(index, path)) notes.push(`${path} (${code}) is listed but missing`);
      }
    }
    if (groups.size === 0) continue;
    const key = `${project.workspace}\0${sourceLocale}`;
    const known = byWorkspace.get(key);
    byWorkspace.set(key, {
      files: [...(known?.files ?? []), project.file],
      names: [...(known?.names ?? []), project.name],
      groups: [...(known?.groups ?? []), ...groups.values()],
      notes: [...(known?.notes ?? []), ...notes],
    });
  }
  return [...byWorkspace.values()].map(({ files, names, groups, notes }) => ({
    where: `${files.join(', ')} i18n`,
    layout: `Angular i18n of ${names.length === 1 ? 'project' : 'projects'} ${names.join(', ')}`,
    groups,
    notes,
  }));
}
