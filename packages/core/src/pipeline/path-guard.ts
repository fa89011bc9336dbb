import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import {
  gitFolderIssue,
  githubFolderIssue,
  isInside,
  outsideIssue,
  protectedFolderOf,
} from '../settings/config-paths.js';

function outside(key: string, path: string, file: string | undefined): ConfigError {
  return new ConfigError([outsideIssue(key, path)], file);
}

/**
 * Checks that paths resolve inside the project root with symbolic links followed: a file, or
 * for a file that does not exist yet, its nearest existing directory. A link inside the project
 * that points inside it is fine; one that leads out is a ConfigError naming the key and the
 * path, raised before anything is read from or written to it. No path may pass through `.git`,
 * by name or through a link, and a link may not lead into `.github` (a path named there was
 * allowed by the configuration's `allowGitHubFolder`, or refused when it was read). Real paths
 * of directories are remembered, so checking every file of a big project costs one `lstat` per
 * file.
 */
export class PathGuard {
  private rootReal: Promise<string> | undefined;
  private readonly directories = new Map<string, Promise<string | undefined>>();
  private readonly listings = new Map<string, Map<string, Dirent>>();

  constructor(
    readonly root: string,
    private readonly configFile?: string,
  ) {}

  /** Checks `path` (absolute, or relative to the root) for `key`; resolves to the absolute path. */
  async check(key: string, path: string): Promise<string> {
    const absolute = resolve(this.root, path);
    const shown = relative(this.root, absolute) || '.';
    if (!isInside(this.root, absolute)) throw outside(key, path, this.configFile);
    const named = protectedFolderOf(shown);
    if (named === '.git') throw new ConfigError([gitFolderIssue(key, shown)], this.configFile);
    this.rootReal ??= realpath(this.root);
    const root = await this.rootReal;
    const stat = this.entryOf(absolute);
    let real: string | undefined;
    if (stat?.isSymbolicLink()) {
      real = await realpath(absolute).catch(() => undefined);
      if (real === undefined) {
        // A dangling link: judged by where it points.
        const target = resolve(dirname(absolute), await readlink(absolute));
        const parent = await this.realDirectory(dirname(target));
        real =
          parent === undefined
            ? undefined
            : resolve(parent, target.slice(dirname(target).length + 1));
      }
    } else {
      const directory = dirname(absolute);
      const parent = await this.realDirectory(directory);
      real =
        parent === undefined
          ? undefined
          : parent === directory
            ? absolute
            : resolve(parent, absolute.slice(directory.length + 1));
      if (stat?.isDirectory()) real = await this.realDirectory(absolute);
    }
    // No link on the way, from a root that is its own real path: what was judged above holds.
    if (real === absolute && root === this.root) return absolute;
    if (real !== undefined && !isInside(root, real)) throw outside(key, shown, this.configFile);
    if (real !== undefined) {
      const link = relative(root, real);
      const reached = protectedFolderOf(link);
      if (reached === '.git')
        throw new ConfigError([gitFolderIssue(key, shown, link)], this.configFile);
      if (reached === '.github' && named !== '.github')
        throw new ConfigError([githubFolderIssue(key, shown, link)], this.configFile);
    }
    return absolute;
  }

  // What `absolute` is (link, directory, other), undefined when it does not exist. Read from
  // its directory's listing, one readdir per directory instead of one lstat per file (a run
  // checks every source and target); a name the listing lacks is asked with lstat, so a file
  // system that matches names without regard to case answers as it would for lstat.
  private entryOf(absolute: string): Pick<Dirent, 'isSymbolicLink' | 'isDirectory'> | undefined {
    const directory = dirname(absolute);
    let listing = this.listings.get(directory);
    if (listing === undefined && directory !== absolute) {
      try {
        listing = new Map(readdirSync(directory, { withFileTypes: true }).map((d) => [d.name, d]));
      } catch {
        // Missing, not a directory, not readable: lstat below gives the answer or the error.
        listing = new Map();
      }
      this.listings.set(directory, listing);
    }
    return listing?.get(basename(absolute)) ?? lstatSync(absolute, { throwIfNoEntry: false });
  }

  // The real path of a directory, or of its nearest existing ancestor joined with the rest.
  private realDirectory(directory: string): Promise<string | undefined> {
    let known = this.directories.get(directory);
    if (!known) {
      known = realpath(directory).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') throw error;
        const parent = dirname(directory);
        if (parent === directory) return undefined;
        const real = await this.realDirectory(parent);
        return real === undefined ? undefined : resolve(real, directory.slice(parent.length + 1));
      });
      this.directories.set(directory, known);
    }
    return known;
  }
}
