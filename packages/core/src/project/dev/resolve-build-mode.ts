import type { BuildMode } from './build-step-types.js';

/** Whether `CI` is set to something that means yes. */
function inCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

/** What a build does when its host does not say: `frozen` in CI (`CI` set), else `translate`. */
export function resolveBuildMode(
  mode: BuildMode | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): BuildMode {
  return mode ?? (inCi(env) ? 'frozen' : 'translate');
}
