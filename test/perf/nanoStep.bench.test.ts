// A KOPA-Nano training step with glibc's default heap against the kept heap the trainer runs with (trainerProcess.ts):
// seconds a step and tokens a second, each way. Prints what it measured; skipped where no Python can train.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEEP_HEAP, trainingPythonOrNull } from '../../main/engine/train/nano/trainerProcess.ts';
import { repoRoot } from '../helpers/runCli.ts';
import { SMOKE, sized } from './smoke.ts';

const python = trainingPythonOrNull(process.env);
const steps = sized(3, 1);

function timeSteps(env: NodeJS.ProcessEnv): { secondsPerStep: number; tokensPerStep: number } {
  const run = spawnSync(python!, [path.join(repoRoot, 'test', 'perf', 'nanoStep.py'), String(steps), ...(SMOKE ? ['smoke'] : [])], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { secondsPerStep: number; tokensPerStep: number };
}

describe.skipIf(!python)('KOPA-Nano training step', () => {
  it("glibc's default heap beside the kept heap", () => {
    const { GLIBC_TUNABLES: _, ...plain } = process.env;
    const ways = [
      ['default heap', plain],
      ['kept heap (the trainer)', { ...plain, GLIBC_TUNABLES: KEEP_HEAP }],
    ] as const;
    // The smoke run inside npm test checks the benchmark runs, the trainer's way only, on a tiny model.
    for (const [label, env] of SMOKE ? ways.slice(1) : ways) {
      const m = timeSteps(env);
      console.log(`${label}: ${m.secondsPerStep.toFixed(2)} s a step, ${Math.round(m.tokensPerStep / m.secondsPerStep)} tokens/s`);
      expect(m.secondsPerStep).toBeGreaterThan(0);
    }
  });
});
