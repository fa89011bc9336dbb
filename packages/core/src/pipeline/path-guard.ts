import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import { isPlainRelative, underRoot } from '../fs/under-root.js';
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
  private rootReal: string | undefined;
  private readonly rootPrefix: string;
  private readonly directories = new Map<string, string | undefined>();
  private readonly listings = new Map<string, Map<string, Dirent>>();
  // Per directory checked clean (named relative to the root in plain segments, `.` for the root
  // itself; inside it, no link on the way from a root that is its own real path, no `.git` or
  // `.github` in it): the names in its listing that are neither links nor directories nor
  // spell `git`. A path to one of them has nothing left to find, and is answered at once.
  private readonly plainNames = new Map<string, Set<string>>();

  constructor(
    readonly root: string,
    private readonly configFile?: string,
  ) {
    this.rootPrefix = root.endsWith(sep) ? root : root + sep;
  }

  /** Checks `path` (absolute, or relative to the root) for `key`; resolves to the absolute path. */
  async check(key: string, path: string): Promise<string> {
    return this.checkSync(key, path);
  }

  /**
   * {@link check}, answered at once. A run checks every source and target: thousands of paths
   * whose answers come from a few directories' cached real paths and listings, so no promise
   * (and no trip through the thread pool) is spent per path.
   */
  checkSync(key: string, path: string): string {
    const slash = path.lastIndexOf('/');
    // A plain folder and a name from its listing: a plain relative path, joined to the root.
    if (this.plainNames.get(slash < 0 ? '.' : path.slice(0, slash))?.has(path.slice(slash + 1)))
      return this.rootPrefix + path;
    const absolute = underRoot(this.root, path);
    // A normalized path below the root names itself relative to it by its tail; anything else
    // (the root itself, `..`, another drive) is judged by path.relative.
    const below = absolute.startsWith(this.rootPrefix);
    const shown = below
      ? absolute.slice(this.rootPrefix.length)
      : relative(this.root, absolute) || '.';
    if (!below && !isInside(this.root, absolute)) throw outside(key, path, this.configFile);
    const named = protectedFolderOf(shown);
    if (named === '.git') throw new ConfigError([gitFolderIssue(key, shown)], this.configFile);
    this.rootReal ??= realpathSync.native(this.root);
    const root = this.rootReal;
    const directory = dirname(absolute);
    const stat = this.entryOf(absolute, directory);
    let real: string | undefined;
    if (stat?.isSymbolicLink()) {
      real = this.realPathOrUndefined(absolute);
      if (real === undefined) {
        // A dangling link: judged by where it points.
        const target = resolve(dirname(absolute), readlinkSync(absolute));
        const parent = this.realDirectory(dirname(target));
        real =
          parent === undefined
            ? undefined
            : resolve(parent, target.slice(dirname(target).length + 1));
      }
    } else {
      const parent = this.realDirectory(directory);
      real =
        parent === undefined
          ? undefined
          : parent === directory
            ? absolute
            : resolve(parent, absolute.slice(directory.length + 1));
      if (stat?.isDirectory()) real = this.realDirectory(absolute);
    }
    // No link on the way, from a root that is its own real path: what was judged above holds.
    if (real === absolute && root === this.root) {
      if (named === undefined && isPlainRelative(path) && absolute === this.rootPrefix + path)
        this.notePlainNames(path, directory);
      return absolute;
    }
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

  // Records the plain names of the directory of `path` (plain, relative, found clean) once.
  private notePlainNames(path: string, directory: string): void {
    const slash = path.lastIndexOf('/');
    const relative = slash < 0 ? '.' : path.slice(0, slash);
    if (this.plainNames.has(relative) || this.realDirectory(directory) !== directory) return;
    const names = new Set<string>();
    const listing = this.listings.get(directory);
    for (const [name, entry] of listing ?? [])
      if (!entry.isSymbolicLink() && !entry.isDirectory() && !/git/i.test(name)) {
        names.add(name);
        // Asked of no more: a run holds its listings of thousands of files until it ends.
        listing!.delete(name);
      }
    this.plainNames.set(relative, names);
  }

  private realPathOrUndefined(path: string): string | undefined {
    try {
      return realpathSync.native(path);
    } catch {
      return undefined;
    }
  }

  // What `absolute` is (link, directory, other), undefined when it does not exist. Read from
  // its directory's listing, one readdir per directory instead of one lstat per file (a run
  // checks every source and target); a name the listing lacks is asked with lstat, so a file
  // system that matches names without regard to case answers as it would for lstat.
  private entryOf(
    absolute: string,
    directory: string,
  ): Pick<Dirent, 'isSymbolicLink' | 'isDirectory'> | undefined {
    let listing = this.listings.get(directory);
    if (listing === undefined && directory !== absolute) {
      try {
        listing = new Map();
        for (const entry of readdirSync(directory, { withFileTypes: true }))
          listing.set(entry.name, entry);
      } catch {
        // Missing, not a directory, not readable: lstat below gives the answer or the error.
        listing = new Map();
      }
      this.listings.set(directory, listing);
    }
    return listing?.get(basename(absolute)) ?? lstatSync(absolute, { throwIfNoEntry: false });
  }

  // The real path of a directory, or of its nearest existing ancestor joined with the rest.
  private realDirectory(directory: string): string | undefined {
    // One lookup for a directory already known (nearly every call), two for one known missing.
    const known = this.directories.get(directory);
    if (known !== undefined || this.directories.has(directory)) return known;
    let real: string | undefined;
    try {
      real = realpathSync.native(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(directory);
      const above = parent === directory ? undefined : this.realDirectory(parent);
      real = above === undefined ? undefined : resolve(above, directory.slice(parent.length + 1));
    }
    this.directories.set(directory, real);
    return real;
  }
}
