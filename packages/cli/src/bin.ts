#!/usr/bin/env node
import { runCli } from './run-cli.js';

// The only place the process exits: a run's code is its exit code, never 0 after a failure.
// Ctrl-C and a CI job's cancellation (SIGTERM) stop the run the same way: what was
// translated is written, nothing untranslated is, and the code says which signal stopped it.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));
process.once('SIGTERM', () => controller.abort(new Error('terminated')));
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = code;
