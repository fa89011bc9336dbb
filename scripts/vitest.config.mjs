import { defineProject } from 'vitest/config';

// The repository's own rules over every package's sources (run with `--project scripts`).
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.mjs'],
  },
});
