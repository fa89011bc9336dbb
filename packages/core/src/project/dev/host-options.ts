import type { TransloomConfig } from '../../settings/config-schema.js';

/** Where a dev host (a bundler plugin) finds its project: the options its session and build share. */
export interface HostProjectOptions {
  /** The host's root (a bundler's `root`): update paths and the `types` file are relative to it. */
  root: string;
  /** Where the configuration is searched from, upward (default: `root`). */
  cwd?: string;
  /** A configuration file to read instead of searching. */
  configFile?: string;
  /** The configuration itself (paths relative to `cwd`). */
  config?: TransloomConfig;
}
