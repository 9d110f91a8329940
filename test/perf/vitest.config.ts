// Benchmarks print numbers; they are run on demand (npm run perf), never as pass/fail timing tests.
import { defineConfig } from 'vitest/config';
import { sharedFolderConfig } from '../setup/sharedFolder.ts';

export default defineConfig({
  test: {
    include: ['test/perf/**/*.bench.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    ...sharedFolderConfig(),
    setupFiles: ['test/setup/releasePerFile.ts'],
  },
});
