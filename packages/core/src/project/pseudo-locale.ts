import { UsageError } from '@transloom/client/errors';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { STATE_DIRECTORY } from '../settings/state-directory.js';

/**
 * Where the pseudo-locale keeps its lock and its built-in service, inside the state
 * directory: the project's `transloom.lock` never mentions the pseudo-locale.
 */
export const PSEUDO_STATE = `${STATE_DIRECTORY}/pseudo`;

/** Refuses a pseudo-locale that is already a locale of the project (its targets would clash). */
export function checkPseudoLocale(config: ResolvedConfig, locale: string): void {
  const taken = [config.sourceLocale, ...config.targetLocales].map((l) => l.toLowerCase());
  if (taken.includes(locale.toLowerCase()))
    throw new UsageError(
      `pseudoLocale '${locale}' is already a locale of the project; choose an unused code such as en-XA`,
    );
}

/**
 * The configuration the pseudo-locale is written with: the project's sources, one target
 * (every file gets it, whichever real locales its entry is limited to), its own lock under
 * {@link PSEUDO_STATE}, no translation memory and none of the project's service settings
 * (glossary, formality, instructions: the pseudo engine takes none of them).
 */
export async function pseudoConfig(
  config: ResolvedConfig,
  locale: string,
): Promise<ResolvedConfig> {
  const { resolveConfig } = await import('../config/resolve-config.js');
  return resolveConfig(
    {
      sourceLocale: config.sourceLocale,
      targetLocales: [locale],
      files: config.files.map(({ locales: _only, ...entry }) => entry),
      lockFile: `${PSEUDO_STATE}/transloom.lock`,
      translationMemory: false,
    },
    config.root,
  );
}
