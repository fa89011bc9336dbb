import { createProject, type Project, type RunEvent } from '@transloom/core';
import type { ConfigFormat } from '@transloom/core/config';

/** Options of {@link openActionProject}. */
export interface OpenActionProjectOptions {
  cwd: string;
  /** The service; without it a call that has to send fails with a clear error. */
  service: { url: string; apiKey: string } | undefined;
  /** The configuration file to read (found by `findActionConfig`). */
  configFile?: string | undefined;
  /** The formats to accept: JSON only when the checkout is not trusted. */
  configFormats?: readonly ConfigFormat[] | undefined;
  onEvent?: (event: RunEvent) => void;
}

/**
 * Opens the project for the Action: the configuration from `cwd` upward (or the file named),
 * and the service the inputs name (never the process environment's). The run's budget is the
 * translate call's.
 */
export function openActionProject(options: OpenActionProjectOptions): Promise<Project> {
  return createProject({
    cwd: options.cwd,
    env: {},
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.configFormats ? { configFormats: options.configFormats } : {}),
    ...(options.service ? { service: options.service } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}
