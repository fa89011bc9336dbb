import { parseSiteConfig, type SiteConfig, siteConfigOf, sourcesHold } from './site-config.js';
import { cachedSiteConfig, cacheSiteConfig } from './site-config-cache.js';

/**
 * Reads a generator's config file (relative to `root`) without running it: from the project's
 * cache when the files it was read from are unchanged (a run with nothing to do then loads no
 * parser), else parsed with Babel ({@link parseSiteConfig}) and cached. Undefined when the
 * file is absent or does not parse.
 */
export function readSiteConfig(root: string, file: string): SiteConfig | undefined {
  const cached = cachedSiteConfig(root, file);
  if (cached && sourcesHold(root, cached.sources)) return siteConfigOf(file, cached.shape);
  const reading = parseSiteConfig(root, file);
  if (!reading) return undefined;
  cacheSiteConfig(root, file, reading);
  return siteConfigOf(file, reading.shape);
}
