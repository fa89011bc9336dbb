import { createRequire } from 'node:module';

type Parse = typeof import('@babel/parser').parse;

let loaded: Parse | undefined;

/**
 * Loads Babel's parser before a site's config is read: only a project with a docs preset
 * needs it, and a bundle keeps it in a chunk of its own, so every other run starts without it.
 */
export async function loadBabelParser(): Promise<void> {
  const module = (await import('@babel/parser')) as { parse?: Parse; default?: { parse: Parse } };
  // A CommonJS package: Node names its exports, a bundle may give only its default.
  loaded ??= module.parse ?? module.default!.parse;
}

/** Babel's parser: the one {@link loadBabelParser} loaded, else the installed package's. */
export function babelParser(): Parse {
  // Synchronous callers that did not load it first (resolveConfig called directly) run from
  // the installed packages, where Node resolves it.
  loaded ??= (createRequire(import.meta.url)('@babel/parser') as { parse: Parse }).parse;
  return loaded;
}
