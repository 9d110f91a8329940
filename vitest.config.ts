import { defineConfig } from 'vitest/config';
import { sharedFolderConfig } from './test/setup/sharedFolder.ts';

export default defineConfig({
  test: {
    // Native modules (SQLite, llama.cpp) and child processes are safest in separate processes.
    pool: 'forks',
    // Two files at once even on a 2-core machine: most files spend much of their time waiting on a child process,
    // a browser or a socket, so a second file fills that time (the suite ran in 1,446 s with one, see README).
    maxWorkers: 2,
    // Generous: integration tests spawn the CLI, a browser or llama.cpp, and share two cores with another file.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // llama.cpp's threads spin while they wait for each other: two of them beside another test file on two cores burn
    // a core for nothing (a bench smoke run took 28 CPU-s with two threads against 8 with one). Tests that measure
    // threads set their own; the CLI children a test starts inherit this.
    env: { KOPA_LLAMA_THREADS: '1' },
    ...sharedFolderConfig(),
    // Releases what each test and file left (folders, engines, the llama runtime): helpers register it there.
    setupFiles: ['test/setup/releasePerFile.ts'],
    projects: [
      // Unit tests are pure logic: they share their workers' modules (no process and no import graph per file),
      // which makes them run in under half the time.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      // Integration and browser tests share their workers' modules too: importing the engine's few hundred modules
      // again for each file took about a third of the CPU of many short files. Each file still gets its own engines,
      // folders and browser (test/helpers/release.ts); what modules keep (caches, the GGUF inspector process) holds
      // across files by design.
      { extends: true, test: { name: 'suite', include: ['test/{integration,e2e}/**/*.test.ts'], isolate: false } },
      // Every benchmark of test/perf once, in its smoke mode (small counts, the same code paths, no timing asserts),
      // so that a broken benchmark fails CI instead of rotting unseen.
      { extends: true, test: { name: 'perf-smoke', include: ['test/perf/**/*.bench.test.ts'], env: { KOPA_PERF_SMOKE: '1' }, testTimeout: 600_000 } },
    ],
  },
});
