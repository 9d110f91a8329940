import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseAfterFile, releaseAfterTest } from './release.ts';

const remove = (dir: string) => () => rmSync(dir, { recursive: true, force: true });

/** A fresh folder, removed after the current test. */
export function tempDir(prefix = 'kopa-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  releaseAfterTest(remove(dir));
  return dir;
}

/** A fresh folder that lives until the test file ends (for state a beforeAll sets up). */
export function fileTempDir(prefix = 'kopa-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  releaseAfterFile(remove(dir));
  return dir;
}

/** A fresh data folder holding a copy of another's (a verified graph without verifying again), removed after the current
 * test, or after the file with `keep: 'file'`. The source must not be open in another process. */
export function copyOfDataDir(source: string, keep: 'test' | 'file' = 'test'): string {
  const dir = keep === 'file' ? fileTempDir('kopa-copy-') : tempDir('kopa-copy-');
  cpSync(source, dir, { recursive: true });
  return dir;
}
