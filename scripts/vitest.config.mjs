import { defineProject } from 'vitest/config';

// The repository's own rules over every package's sources (run with `--project scripts`).
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.mjs'],
    // These tests read every package's sources (and the TypeScript compiler for function
    // lengths): seconds on a busy machine, more than vitest's default of 5 s.
    testTimeout: 60_000,
  },
});
