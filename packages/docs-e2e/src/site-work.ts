import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * The real docs trees beside the repository (public projects' docs; licenses in SOURCES.md),
 * or where TRANSLOOM_DOCS_SITES_FIXTURES says. The tests that need them are skipped, and say
 * so, on a machine that has none.
 */
export const FIXTURES =
  process.env.TRANSLOOM_DOCS_SITES_FIXTURES ?? join(REPO, '..', 'shared', 'fixtures', 'docs-sites');
/** Whether the real docs trees are here. */
export const HAS_FIXTURES = existsSync(FIXTURES);
const CLI = join(REPO, 'packages', 'cli', 'dist', 'bin.js');
const WORK = join(REPO, 'packages', 'docs-e2e', '.work');

// Build output, caches and translations: never copied into a work folder.
const GENERATED = new Set([
  'node_modules',
  'build',
  'dist',
  '.docusaurus',
  '.astro',
  '.transloom',
  'transloom.lock',
  '.vitepress/dist',
  '.vitepress/cache',
]);

/** What a `transloom translate --json` run printed, and how it ended. */
export interface TranslateRun {
  exitCode: number;
  summary: {
    requests: number;
    locales: Record<string, Record<string, number>>;
    stale: Array<Record<string, unknown>>;
    files: { written: string[] };
  };
  stderr: string;
}

/**
 * A fresh copy of a site in the work folder, with the example's installed `node_modules`
 * linked in: the tests translate and build the copy, never the checked-in site. `skip` lists
 * more paths (relative to the site) to leave out, such as translations of an earlier run;
 * `into` puts the site in a folder of the copy (`docs`), as a repository holds it.
 */
export async function copySite(
  name: string,
  from: string,
  modulesOf: string,
  skip: readonly string[] = [],
  into = '',
): Promise<string> {
  const dir = join(WORK, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  await cp(from, join(dir, into), {
    recursive: true,
    filter: (source) => {
      const path = relative(from, source).split('\\').join('/');
      return !GENERATED.has(path) && !skip.includes(path);
    },
  });
  await symlink(join(modulesOf, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Writes a file of a work site. */
export async function writeSiteFile(dir: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

/** Reads a file of a work site. */
export function readSiteFile(dir: string, path: string): Promise<string> {
  return readFile(join(dir, path), 'utf8');
}

/** Runs a `transloom` command in a site with the built-in local service (no key set). */
export async function transloom(dir: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: dir,
      env: serviceEnv(),
      maxBuffer: 64 << 20,
    });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `transloom ${args.join(' ')} failed in ${dir}:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`,
    );
  }
}

function serviceEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'TRANSLOOM_API_KEY' && key !== 'TRANSLOOM_API_URL')
      env[key] = value;
  return { ...env, CI: 'true', NO_COLOR: '1' };
}

/** Runs `transloom translate --json` on a site with the built-in local service (no key set). */
export async function translateSite(dir: string): Promise<TranslateRun> {
  const env: NodeJS.ProcessEnv = serviceEnv();
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [CLI, 'translate', '--cwd', dir, '--json'],
      {
        env,
        maxBuffer: 64 << 20,
      },
    );
    return { exitCode: 0, summary: JSON.parse(stdout), stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return {
      exitCode: failed.code,
      summary: JSON.parse(failed.stdout || '{}'),
      stderr: failed.stderr ?? '',
    };
  }
}

/** Runs a generator's command in a site; its output is in the error when it fails. */
export async function runInSite(
  dir: string,
  node: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout, stderr } = await run(node, [...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      maxBuffer: 64 << 20,
    });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${args.join(' ')} failed in ${dir}:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`,
    );
  }
}

/**
 * The text of the heading that holds `id` in a built page (on the heading itself, or on an
 * empty span inside it), tags removed; undefined when no heading holds it.
 */
export function headingWithId(html: string, id: string): string | undefined {
  // Minified output (Docusaurus with Rspack) writes attributes without quotes.
  const hasId = new RegExp(`\\bid=(?:"${id}"|'${id}'|${id}(?=[\\s>]))`);
  for (const match of html.matchAll(/<h([1-6])\b[^>]*>[\s\S]*?<\/h\1>/g)) {
    if (!hasId.test(match[0])) continue;
    return match[0]
      .replace(/<span[^>]*\bid=[^>]*><\/span>/g, '')
      .replace(/<a[^>]*class=[^>]*(?:hash-link|header-anchor|anchor-link)[^>]*>[\s\S]*?<\/a>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&[#\w]+;/g, ' ')
      .trim();
  }
  return undefined;
}
