import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Real SQLite files, a real PostgreSQL server and a real browser: keep suites in separate processes.
    pool: 'forks',
  },
});
