import { createRequire } from 'node:module';
import { TransloomError } from '@transloom/client/errors';

type Parse = typeof import('@babel/parser').parse;

let loaded: Parse | undefined;
let deferring = false;

/**
 * Loads Babel's parser before a site's config is read: only a project with a docs preset
 * needs it, and a bundle keeps it in a chunk of its own, so every other run starts without it.
 */
export async function loadBabelParser(): Promise<void> {
  const module = (await import('@babel/parser')) as { parse?: Parse; default?: { parse: Parse } };
  // A CommonJS package: Node names its exports, a bundle may give only its default.
  loaded ??= module.parse ?? module.default!.parse;
}

/**
 * Raised by {@link babelParser} inside {@link withoutBabelParser} when the parser is not
 * loaded yet: never seen outside it, it tells the caller to load the parser and run again.
 */
class BabelParserNeeded extends TransloomError {
  override readonly name = 'BabelParserNeeded';

  constructor() {
    super(
      'TRANSLOOM_BABEL_PARSER_NEEDED',
      'the site config must be parsed: load the parser and read it again',
      { kind: 'internal' },
    );
  }
}

/**
 * Runs `task` (synchronous) so that it loads no parser: undefined when it needed one that is
 * not loaded, and the caller loads it ({@link loadBabelParser}) and runs `task` again. A site
 * config read from the cache needs none, and loading Babel is a fair part of what a run with
 * nothing to do costs.
 */
export function withoutBabelParser<T>(task: () => T): { value: T } | undefined {
  deferring = true;
  try {
    return { value: task() };
  } catch (error) {
    if (error instanceof BabelParserNeeded) return undefined;
    throw error;
  } finally {
    deferring = false;
  }
}

/** Babel's parser: the one {@link loadBabelParser} loaded, else the installed package's. */
export function babelParser(): Parse {
  if (!loaded && deferring) throw new BabelParserNeeded();
  // Synchronous callers that did not load it first (resolveConfig called directly) run from
  // the installed packages, where Node resolves it.
  loaded ??= (createRequire(import.meta.url)('@babel/parser') as { parse: Parse }).parse;
  return loaded;
}
