import { ServiceUnreachableError, TransloomError } from '@transloom/core';
import { type CliIo, EXIT } from './cli-io.js';
import { colors } from './color.js';

// What a user can do about a service that cannot be reached, after the error's own words.
const UNREACHABLE_HINTS = {
  connection: 'check TRANSLOOM_API_URL and that the service is running',
  timeout: 'if the service is only slow, wait longer with --request-timeout MS or requestTimeout',
} as const;

/**
 * Prints what stopped a command and returns its exit code: 130 after Ctrl-C and 143 after
 * SIGTERM (what was translated and verified is written), 2 for what a user fixes (arguments,
 * configuration, files, a refused key, a project another run holds), 5 when the service
 * cannot be reached, 1 for other failures of the service or a defect. Only a defect prints a
 * stack.
 */
export function reportError(command: string, error: unknown, io: CliIo): number {
  const c = colors(io);
  if (io.signal?.aborted) {
    const terminated = (io.signal.reason as Error | undefined)?.message === 'terminated';
    io.stderr.write(
      `transloom ${command}: ${terminated ? 'terminated' : 'interrupted'}; every translation verified so far was written, and nothing else\n`,
    );
    return terminated ? EXIT.terminated : EXIT.interrupted;
  }
  if (error instanceof ServiceUnreachableError) {
    io.stderr.write(
      `${c.red(`transloom ${command}: ${error.message}; ${UNREACHABLE_HINTS[error.reason]}`)}\n`,
    );
    return EXIT.unreachable;
  }
  // A disk that takes no more writes: a file could not be written (exit 3), not a usage error.
  if (error instanceof TransloomError && error.code === 'TRANSLOOM_DISK') {
    io.stderr.write(`${c.red(`transloom ${command}: ${error.message}`)}\n`);
    return EXIT.failed;
  }
  if (error instanceof TransloomError && error.kind !== 'internal') {
    io.stderr.write(`${c.red(`transloom ${command}: ${error.message}`)}\n`);
    return error.kind === 'user' ? EXIT.usage : EXIT.internal;
  }
  io.stderr.write(
    `${c.red(`transloom ${command}: internal error: ${(error as Error)?.stack ?? String(error)}`)}\n`,
  );
  return EXIT.internal;
}
