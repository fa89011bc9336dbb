import { defineConfig } from 'vitest/config';

// One run over every package; each package's own vitest.config.ts names its project. The
// server's route tests run a second time on PostgreSQL (packages/server/vitest.postgres.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'packages/server/vitest.postgres.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});
