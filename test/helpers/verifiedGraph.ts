// A data folder that already holds a verified EDGE graph, for tests that start from one rather than check how it is
// made (verify.test.ts, the edges CLI and the Graph view do that). Verifying the 791 candidates takes seconds of CPU;
// the graph is verified once per test run, on the emulator at TEST_NOW, by whichever file asks first (others wait for
// it), and each test gets a copy of its own.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { TEST_NOW } from './emulatorArgs.ts';
import { copyOfDataDir } from './tempDir.ts';

let made: Promise<string> | undefined;
const graph = (): Promise<string> => (made ??= verifiedGraph());

/** A fresh data folder with the run's verified graph in it, removed after the current test (or the file: `keep`). */
export async function verifiedDataDir(options: { keep?: 'test' | 'file' } = {}): Promise<string> {
  return copyOfDataDir(await graph(), options.keep);
}

/** Puts the run's verified graph into a data folder no engine has opened yet. */
export async function copyVerifiedGraphInto(dataDir: string): Promise<void> {
  cpSync(await graph(), dataDir, { recursive: true });
}

async function verifiedGraph(): Promise<string> {
  const shared = inject('sharedFolder');
  const dir = path.join(shared, 'verified-graph');
  const done = `${dir}.done`;
  const failed = `${dir}.failed`;
  mkdirSync(shared, { recursive: true });
  if (!claimed(dir)) {
    // Another file is verifying it: wait for that one (a verification takes seconds, minutes on a loaded machine).
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(100)) {
      if (existsSync(done)) return dir;
      if (existsSync(failed)) throw new Error(`Verifying the shared graph failed in another test file: ${readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`The shared graph in ${dir} was not verified within 5 minutes.`);
  }
  try {
    const { Engine } = await import('../../main/engine/Engine.ts');
    const engine = Engine.open({ dataDir: dir, host: 'test', emulator: { now: () => TEST_NOW } });
    try {
      await engine.call('edges.verify', {});
    } finally {
      await engine.dispose();
    }
    writeFileSync(done, '');
    return dir;
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

/** Whether this process made `dir` (and so verifies into it). */
function claimed(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
