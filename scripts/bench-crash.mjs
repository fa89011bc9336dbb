#!/usr/bin/env node
// The crash-safety end-to-end tests (packages/cli/src/crash-safety.e2e.test.ts) at full size:
// a generated project of 10 000 units over 20 files (18 i18next catalogs, 2 Markdown pages)
// and 3 locales, SIGKILLed at 20 random points of cold runs and 20 of warm runs (every source
// string changed after a full run), then a full disk with and without a translation memory,
// and a run stopped with SIGSTOP. The file itself runs smaller in `pnpm test` (see its
// CRASH_UNITS default), to keep within the CI budget on a 2-core machine. It prints, for each
// kill, where the run was (requests answered and in flight), what the kill left (units counted
// as a person's, broken or English targets, files git would see) and what the next run paid
// again; then vitest's verdict. Run with `pnpm bench:crash` (after `pnpm build`); `--units N`,
// `--kills N`, `--seed N` (every run prints its seed; the same seed draws the same kill points)
// and `--margin MS` (how long before a kill an answer must have been written back to count as
// received, default 200) change it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pnpmCommand } from './lib/pnpm-command.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '10000' },
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    margin: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const [command, ...leading] = pnpmCommand(root);
const child = spawn(
  command,
  [
    ...leading,
    'vitest',
    'run',
    '--project',
    'cli',
    '--reporter',
    'verbose',
    'src/crash-safety.e2e.test.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CRASH_UNITS: values.units,
      CRASH_KILLS: values.kills,
      ...(values.seed === undefined ? {} : { CRASH_SEED: values.seed }),
      ...(values.margin === undefined ? {} : { CRASH_MARGIN_MS: values.margin }),
    },
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
