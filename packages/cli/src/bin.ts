#!/usr/bin/env node
import { TransloomError } from '@transloom/client/errors';
import { EXIT } from './cli-io.js';
import { armHeapGrowth } from './heap-growth.js';
import { runCli } from './run-cli.js';

// The only place the process exits: a run's code is its exit code, never 0 after a failure.
// Ctrl-C and a CI job's cancellation (SIGTERM) stop the run the same way: what was
// translated is written, nothing untranslated is, and the code says which signal stopped it.
const controller = new AbortController();
// The reason says which (report-error.ts reads `terminated`).
const stopped = (why: string) => new TransloomError('TRANSLOOM_INTERRUPTED', why, { kind: 'user' });
process.once('SIGINT', () => controller.abort(stopped('interrupted')));
process.once('SIGTERM', () => controller.abort(stopped('terminated')));
// A bad TRANSLOOM_HEAP_GROWING_PERCENT stops the command as a bad argument does.
const badHeapSetting = (() => {
  try {
    armHeapGrowth(process.env, process.execArgv);
    return undefined;
  } catch (error) {
    process.stderr.write(`transloom: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
})();
const code =
  badHeapSetting ??
  (await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  }));
process.exitCode = code;
