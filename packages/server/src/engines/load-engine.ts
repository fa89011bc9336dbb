import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TransloomError } from '@transloom/client/errors';
import { identityEngine } from './identity-engine.js';
import { pseudoEngine } from './pseudo-engine.js';
import type { TranslationEngine } from './translation-engine.js';

/** Built-in engines by name. */
export const builtInEngines: Readonly<Record<string, TranslationEngine>> = {
  pseudo: pseudoEngine,
  identity: identityEngine,
};

/** Thrown when `--engine` names neither a built-in engine nor a usable module. */
export class EngineLoadError extends TransloomError {
  override readonly name = 'EngineLoadError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_ENGINE_LOAD', message, { ...options, kind: 'user' });
  }
}

function isEngine(value: unknown): value is TranslationEngine {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TranslationEngine).translate === 'function'
  );
}

/**
 * Resolves `pseudo`, `identity`, or a path to a module whose default export (or `engine`
 * export, or `createEngine()` result) implements {@link TranslationEngine}.
 */
export async function loadEngine(spec: string, cwd = process.cwd()): Promise<TranslationEngine> {
  const builtIn = builtInEngines[spec];
  if (builtIn) return builtIn;
  const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new EngineLoadError(
      `Engine '${spec}' is neither a built-in engine (${Object.keys(builtInEngines).join(', ')}) nor a module that can be loaded`,
      { cause: error },
    );
  }
  const candidate =
    typeof mod.createEngine === 'function'
      ? await (mod.createEngine as () => unknown)()
      : (mod.default ?? mod.engine);
  if (!isEngine(candidate)) {
    throw new EngineLoadError(
      `Engine module '${spec}' must export a default engine, an 'engine', or 'createEngine()' with a translate() method`,
    );
  }
  return candidate;
}
