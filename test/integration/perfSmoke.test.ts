// Every benchmark of test/perf runs once in `npm test`, in its smoke mode (small counts, no timing asserts), so a
// broken one fails CI: the replay benchmark once broke unnoticed because nothing ran it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/runCli.ts';

describe('benchmarks', () => {
  it('all run in smoke mode', async () => {
    const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [vitest, 'run', '--config', 'test/perf/vitest.config.ts'], { cwd: repoRoot, env: { ...process.env, KOPA_PERF_SMOKE: '1' } });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.once('close', (code) => resolve({ code, output }));
    });
    expect(run.code, run.output.slice(-4000)).toBe(0);
    expect(run.output).toMatch(/Test Files\s+.*\d+ passed/);
  }, 600_000);
});
