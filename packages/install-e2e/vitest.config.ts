import { defineProject } from 'vitest/config';

// One test file that packs, installs with npm and builds: about a minute. It runs as its own
// group after every other (the docs builds included), so its timings compete with nothing.
export default defineProject({
  test: {
    name: 'install-e2e',
    include: ['src/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    sequence: { groupOrder: 2 },
  },
});
