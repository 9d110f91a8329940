// The `kopa` command tree as the CLI builds it, writing nowhere: for tests that read its commands and options.
import type { Command } from 'commander';
import { buildProgram } from '../../main/cli/main.ts';
import { tempDir } from './tempDir.ts';

export function silentProgram(): Command {
  return buildProgram(
    {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
      platform: process.platform,
      homeDir: tempDir(),
      interrupted: () => new Promise(() => undefined),
      onInterrupt: () => () => undefined,
    },
    () => undefined,
  );
}
