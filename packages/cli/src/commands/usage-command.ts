import { join } from 'node:path';
import { chooseService, STATE_DIRECTORY } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { startLocalService } from '../local-service.js';
import {
  PROJECT_OPTIONS,
  parseCommandArgs,
  REQUEST_TIMEOUT_OPTION,
  requestTimeoutOf,
  workingDirectory,
} from '../parse-command-args.js';

/** Help of `transloom usage`. */
export const USAGE_USAGE = `Usage: transloom usage [--json] [--request-timeout MS] [--cwd DIR]

Prints the characters used in the current period and the limit, from the service.

  --request-timeout MS  stop when the service gives no answer for MS milliseconds (default
                        60000); exit 5 when the service cannot be reached
`;

/** `transloom usage`: needs no configuration, only a service. */
export async function usageCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...PROJECT_OPTIONS, ...REQUEST_TIMEOUT_OPTION });
  if (values.help) {
    io.stdout.write(USAGE_USAGE);
    return EXIT.ok;
  }
  const root = workingDirectory(io.cwd, values.cwd);
  const service = chooseService({
    env: io.env,
    localService: startLocalService,
    stateDir: join(root, STATE_DIRECTORY),
    requestTimeout: await requestTimeoutOf(values['request-timeout']),
  });
  const connection = await service.connect();
  try {
    const usage = await connection.client.usage(io.signal ? { signal: io.signal } : {});
    if (values.json) {
      io.stdout.write(`${JSON.stringify(usage)}\n`);
    } else {
      const share =
        usage.characterLimit > 0
          ? ` (${((100 * usage.characterCount) / usage.characterLimit).toFixed(2)}%)`
          : '';
      io.stdout.write(`characters: ${usage.characterCount} of ${usage.characterLimit}${share}\n`);
    }
    return EXIT.ok;
  } finally {
    await connection.close();
  }
}
