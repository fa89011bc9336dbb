import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from '@transloom/core';

/** Options shared by the commands that work on a project. */
export const PROJECT_OPTIONS = {
  cwd: { type: 'string' },
  config: { type: 'string', short: 'c' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/**
 * Parses a command's arguments strictly; an unknown flag is a usage error that names it (the
 * command's name is added once, where the error is printed).
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: T,
  positionals = false,
): ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>
> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: positionals, strict: true });
  } catch (error) {
    throw new UsageError(
      (error as Error).message.replace(/\. To specify a positional argument.*$/s, ''),
    );
  }
}

/** The directory a project command works in. */
export function workingDirectory(cwd: string, given: string | undefined): string {
  return given ? resolve(cwd, given) : cwd;
}
