import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { requestTimeoutIssue, UsageError } from '@transloom/core';

/** Options shared by the commands that work on a project. */
export const PROJECT_OPTIONS = {
  cwd: { type: 'string' },
  config: { type: 'string', short: 'c' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** `--request-timeout MS`, for the commands that talk to the service. */
export const REQUEST_TIMEOUT_OPTION = {
  'request-timeout': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/**
 * The value of `--request-timeout`, checked by the same rule as the configuration's
 * `requestTimeout` (milliseconds, 100 to 3600000); undefined when the flag is not given.
 */
export async function requestTimeoutOf(value: string | undefined): Promise<number | undefined> {
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  const why = Number.isNaN(number)
    ? 'expected a whole number of milliseconds'
    : await requestTimeoutIssue(number);
  if (why !== undefined) throw new UsageError(`--request-timeout: ${why}, got '${value}'`);
  return number;
}

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
