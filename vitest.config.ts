import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Real SQLite files, a real PostgreSQL server and a real browser: keep suites in separate processes.
    pool: 'forks',
  },
});
