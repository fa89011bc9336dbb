import type { ResolvedConfig } from '../settings/resolved-config.js';

/** The name of the glossary a project creates on the service: its folder's name. */
export function glossaryName(config: ResolvedConfig): string {
  return `transloom: ${config.root.split(/[\\/]/).at(-1)}`;
}
