import type { BuiltLinksReport, CheckBuiltLinksOptions } from '../presets/check-built-links.js';

/**
 * Checks every link and `#anchor` between the pages of a built docs site (a generator's
 * output folder); a broken one is an error diagnostic at its page. The checker (an HTML
 * parser) is loaded here, on demand.
 */
export async function checkBuiltLinks(options: CheckBuiltLinksOptions): Promise<BuiltLinksReport> {
  const { checkBuiltLinks: check } = await import('../presets/check-built-links.js');
  return check(options);
}
