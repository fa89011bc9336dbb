import { defineProject } from 'vitest/config';

// Each test file builds real sites: minutes, not seconds, and two files at a time at most. They
// run as their own group after the other packages' tests, so the builds compete with nothing.
export default defineProject({
  test: {
    name: 'docs-e2e',
    include: ['src/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
