#!/usr/bin/env node
import { runCli } from './run-cli.js';

// The only place the process exits: a run's code is its exit code, never 0 after a failure.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = code;
