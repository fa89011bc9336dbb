import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@actions/core';
import { TransloomError } from '@transloom/core';
import { run } from './run-action.js';

export { run } from './run-action.js';

// The bundle's entry. Run as a file (`node dist/index.js`, as the runner does), it runs the
// Action; imported (by @github/local-action), it only exports `run`.
async function main(): Promise<void> {
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    core.warning(`${signal} received: stopping the run (a budget key is still deactivated)`);
    controller.abort(
      new TransloomError('TRANSLOOM_INTERRUPTED', `${signal} received`, { kind: 'user' }),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await run({ signal: controller.signal });
  // Open keep-alive sockets must not hold the step open once the run is over.
  process.exit(process.exitCode ?? 0);
}

const entry = process.argv[1];
let invoked = false;
try {
  invoked =
    entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
} catch {}
if (invoked) await main();
