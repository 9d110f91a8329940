// A folder for what test files of one run build once and share (a verified graph, helpers/verifiedGraph.ts): named
// by the config for the whole run, so every project's files find the same one, and removed when the run ends.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared folder; it exists once a file has built something there. */
    sharedFolder: string;
  }
}

/** The config's `provide` and `globalSetup` for a run's shared folder (the config is read once per run). */
export function sharedFolderConfig(): { provide: { sharedFolder: string }; globalSetup: string[] } {
  return { provide: { sharedFolder: path.join(tmpdir(), `kopa-test-run-${process.pid}`) }, globalSetup: ['test/setup/sharedFolder.ts'] };
}

// Vitest calls this once per project and once for the root; removing an absent folder is harmless.
export default function setup(project: TestProject): () => void {
  return () => rmSync(project.getProvidedContext().sharedFolder, { recursive: true, force: true });
}
