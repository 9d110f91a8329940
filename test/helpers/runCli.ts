// Runs the real `kopa` binary (bin/kopa.mjs) in a child process, as a user would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseAfterFile } from './release.ts';
import { fileTempDir } from './tempDir.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const kopaBin = path.join(repoRoot, 'bin', 'kopa.mjs');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let fileDataDir: string | undefined;

export function runKopa(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  // A command without --data-dir uses a data folder of the test file's own, never the user's (where another checkout's
  // newer schema would refuse this one).
  if (!fileDataDir) {
    fileDataDir = fileTempDir('kopa-cli-data-');
    releaseAfterFile(() => (fileDataDir = undefined));
  }
  return new Promise((resolve, reject) => {
    // English unless a test asks for a language: the command line follows the system's locale.
    const child = spawn(process.execPath, [kopaBin, ...args], {
      env: { ...process.env, KOPA_DATA_DIR: fileDataDir, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...env },
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
