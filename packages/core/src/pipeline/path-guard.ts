import {
  constants,
  type Dirent,
  lstatSync,
  readdirSync,
  readlinkSync,
  realpathSync,
} from 'node:fs';
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

/**
 * Where the platform has it (not on Windows), the flag that makes an open fail on a path whose
 * last part is a link: what {@link PathGuard.checkFolderSync} leaves to whoever opens the path.
 */
export const NO_FOLLOW: number | undefined = constants.O_NOFOLLOW;

/** Whether an open with {@link NO_FOLLOW} failed because the path's last part is a link. */
export function isLinkRefused(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // Linux and macOS say ELOOP; FreeBSD says EMLINK.
  return code === 'ELOOP' || code === 'EMLINK';
}

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
  // Folders (relative to the root, plain segments, `.` for the root) found inside the project,
  // outside `.git`, with no link on the way from a root that is its own real path.
  private readonly cleanFolders = new Set<string>();

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

  /**
   * {@link checkSync} for a file its caller opens with {@link NO_FOLLOW}: everything but a link
   * as the path's last part, which the open refuses and the caller then checks with
   * `checkSync`. A run's thousands of sources and targets are answered from their folders'
   * checks, without listing a folder or asking about each file. Where the platform has no
   * such flag, this is `checkSync`.
   */
  checkFolderSync(key: string, path: string): string {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    // `.git` and `.github` by name, and any path not plainly below the root, in full.
    if (NO_FOLLOW === undefined || /git/i.test(name) || !isPlainRelative(path))
      return this.checkSync(key, path);
    const folder = slash < 0 ? '.' : path.slice(0, slash);
    if (!this.cleanFolders.has(folder)) {
      const absolute = slash < 0 ? this.root : underRoot(this.root, folder);
      // A folder that leads out is reported as the full check reports the file in it.
      if (slash >= 0 && !this.folderPasses(key, folder)) return this.checkSync(key, path);
      this.rootReal ??= realpathSync.native(this.root);
      // A folder reached through a link (inside the project) is answered in full, file by file.
      if (this.rootReal !== this.root || this.realDirectory(absolute) !== absolute)
        return this.checkSync(key, path);
      this.cleanFolders.add(folder);
    }
    return this.rootPrefix + path;
  }

  private folderPasses(key: string, folder: string): boolean {
    try {
      this.checkSync(key, folder);
      return true;
    } catch {
      return false;
    }
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
