import { defineProject } from 'vitest/config';

// Each test file builds real sites: minutes, not seconds, and two files at a time at most.
export default defineProject({
  test: {
    name: 'docs-e2e',
    include: ['src/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    maxWorkers: 2,
  },
});
