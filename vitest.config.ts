import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/{unit,integration,e2e}/**/*.test.ts'],
    // Native modules (SQLite, llama.cpp) and child processes are safest in separate processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
