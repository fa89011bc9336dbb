import { defineProject } from 'vitest/config';

// The route and accounting tests again, each test server on a database of its own in one
// real PostgreSQL cluster that the global setup starts (and stops) for the run.
export default defineProject({
  test: {
    name: 'server-postgres',
    include: [
      'src/routes/**/*.test.ts',
      'src/accounting.test.ts',
      'src/http/auth.test.ts',
      'src/robustness.test.ts',
      'src/interop/**/*.test.ts',
    ],
    env: { TRANSLOOM_TEST_DATABASE: 'postgres' },
    globalSetup: ['src/test-support/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
