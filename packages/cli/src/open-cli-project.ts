import { createProject, localServiceNotice, type Project, type RunEvent } from '@transloom/core';
import type { CliIo } from './cli-io.js';
import { startLocalService } from './local-service.js';
import { requestTimeoutOf, workingDirectory } from './parse-command-args.js';

/** Options of {@link openCliProject}. */
export interface OpenCliProjectOptions {
  /** `--cwd` and `-c` as given. */
  values: { cwd?: string | undefined; config?: string | undefined };
  /** `--request-timeout` as given, for the commands that talk to the service. */
  requestTimeout?: string | undefined;
  /** Whether the built-in local service may start (the commands that talk to the service). */
  localService?: boolean;
  /** Where notices go (stderr unless quiet); each line without the `transloom: ` prefix. */
  notice: (line: string) => void;
  /** A hint added to the notice that another run holds the project. */
  waitingHint?: string;
  /** The other events of the run (progress). */
  onEvent?: (event: RunEvent) => void;
}

/**
 * Opens the project a command works on, the same way for every command: the directory and
 * configuration file from the flags, the service from the environment (the built-in local
 * service when allowed), and the notices people see while it runs: the local service in use,
 * another run holding the project.
 */
export async function openCliProject(io: CliIo, options: OpenCliProjectOptions): Promise<Project> {
  const { values, notice } = options;
  const requestTimeout = await requestTimeoutOf(options.requestTimeout);
  return createProject({
    cwd: workingDirectory(io.cwd, values.cwd),
    ...(values.config ? { configFile: values.config } : {}),
    env: io.env,
    ...(options.localService ? { localService: startLocalService } : {}),
    ...(requestTimeout !== undefined ? { requestTimeout } : {}),
    onEvent(event) {
      if (event.type === 'service' && event.kind === 'local') notice(localServiceNotice(event.url));
      else if (event.type === 'waiting')
        notice(
          `waiting for another run on this project (pid ${event.holder.pid} on ${event.holder.host}, since ${event.holder.since})${options.waitingHint ?? ''}`,
        );
      else options.onEvent?.(event);
    },
  });
}

/** The notices of a command on stderr, each prefixed `transloom: `. */
export function stderrNotice(io: CliIo): (line: string) => void {
  return (line) => io.stderr.write(`transloom: ${line}\n`);
}
