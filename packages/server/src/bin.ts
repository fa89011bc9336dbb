#!/usr/bin/env node
import { runServerCommand } from './run-server-command.js';

const code = await runServerCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
process.exit(code);
