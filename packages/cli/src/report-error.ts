import { TransloomError } from '@transloom/core';
import { type CliIo, EXIT } from './cli-io.js';
import { colors } from './color.js';

/**
 * Prints what stopped a command and returns its exit code: 130 after Ctrl-C, 143 after
 * SIGTERM (what was translated and verified is written), 2 for what a user fixes (arguments, configuration, files, a refused
 * key, a project another run holds), 1 for the service or a defect. Only a defect prints a
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
  if (error instanceof TransloomError && error.kind !== 'internal') {
    io.stderr.write(`${c.red(`transloom ${command}: ${error.message}`)}\n`);
    return error.kind === 'user' ? EXIT.usage : EXIT.internal;
  }
  io.stderr.write(
    `${c.red(`transloom ${command}: internal error: ${(error as Error)?.stack ?? String(error)}`)}\n`,
  );
  return EXIT.internal;
}
