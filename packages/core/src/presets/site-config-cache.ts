import { lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import type { SiteConfigReading } from './site-config.js';

/** The cache of site config readings, in the project's state directory. */
export const SITE_CONFIG_CACHE = `${STATE_DIRECTORY}/site-config.json`;

// Raised whenever what a reading holds, or how a config is read, changes: an older cache is
// then read as empty.
const FORMAT = 1;

interface CacheFile {
  format: number;
  /** Readings by config file (relative to the project root). */
  readings: Record<string, SiteConfigReading>;
}

// The state directory when it is a real directory of the project (a link may lead out of it,
// so a cache behind one is neither read nor written); undefined when there is none.
function stateDirectory(root: string): string | undefined {
  const dir = join(root, STATE_DIRECTORY);
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return stat?.isDirectory() ? dir : undefined;
}

function readCache(root: string): CacheFile | undefined {
  const dir = stateDirectory(root);
  if (!dir) return undefined;
  const path = join(dir, 'site-config.json');
  try {
    if (!lstatSync(path).isFile()) return undefined;
    const cache = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    return cache?.format === FORMAT && typeof cache.readings === 'object' && cache.readings
      ? cache
      : undefined;
  } catch {
    // Absent, unreadable or damaged: a cache is only ever a shortcut.
    return undefined;
  }
}

/**
 * The reading of `file` (relative to `root`) cached by an earlier run, not yet checked
 * against the files it came from (see `sourcesHold`). Undefined when there is none.
 */
export function cachedSiteConfig(root: string, file: string): SiteConfigReading | undefined {
  const reading = readCache(root)?.readings[file];
  return Array.isArray(reading?.sources) &&
    Array.isArray(reading.shape?.objects) &&
    typeof reading.shape.searched === 'number'
    ? reading
    : undefined;
}

/**
 * Keeps `reading` of `file` for the next run, so one whose site config is unchanged reads it
 * without Babel. Only into a state directory that exists (a run makes it), through a new file
 * renamed over the old one; a failure to write is ignored, as the next run parses again.
 */
export function cacheSiteConfig(root: string, file: string, reading: SiteConfigReading): void {
  const dir = stateDirectory(root);
  if (!dir) return;
  const cache = readCache(root) ?? { format: FORMAT, readings: {} };
  cache.readings[file] = reading;
  const path = join(dir, 'site-config.json');
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    // `wx`: never through a file or link already at the temporary name.
    writeFileSync(temporary, JSON.stringify(cache), { flag: 'wx' });
    renameSync(temporary, path);
  } catch {
    rmSync(temporary, { force: true });
  }
}
