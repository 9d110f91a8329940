// The training kit as the GPU server runs it, with this machine's python3 and nothing but the standard library:
// the generated tool functions return the service's view of every reference step (query steps included, through
// one environment per rollout), the reward functions return the service's rewards for the reference and for a wrong
// completion, verl's compute_score too; the training scripts and verl files byte-compile. TRL and verl themselves
// cannot be installed here.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseAfterFile } from '../../helpers/release.ts';
import type { TrainExportResult } from '../../../main/api/contract.ts';
import { functionName } from '../../../main/core/catalog/functionSchema.ts';
import { referenceMessages } from '../../../main/core/train/reward/referenceMessages.ts';
import { toTrainerMessages } from '../../../main/core/train/reward/trainerMessages.ts';
import { sampleClaim, toolReply } from '../../../main/core/synth/formats.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { fileEngine } from '../../helpers/engine.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { startEnvService, type EnvService } from '../../../main/host/envService.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileTempDir } from '../../helpers/tempDir.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';

let engine: Engine;
let service: EnvService;
let samples: SynthSample[];
let trl: TrainExportResult;
let verl: TrainExportResult;

/**
 * Runs Python in the kit's folder against the service, with `input` as JSON on stdin; returns its JSON output. The
 * service runs in this process, so the child is awaited, never waited for synchronously.
 */
function python(dir: string, code: string, input: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', code], {
      cwd: dir,
      env: { ...process.env, KOPA_ENV_URL: service.url, KOPA_ENV_TOKEN: service.token, PYTHONDONTWRITEBYTECODE: '1' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve(JSON.parse(out)) : reject(new Error(`python3 exited ${status}: ${err}`))));
    child.stdin.end(JSON.stringify(input));
  });
}

beforeAll(async () => {
  engine = fileEngine({ dataDir: await verifiedDataDir({ keep: 'file' }), emulator: { now: () => TEST_NOW } });
  await engine.call('synth.run', { count: 12, seed: 'kit', name: 'kit' });
  samples = new DatasetRepository(engine.store.db).samples(1);
  service = await startEnvService(engine, { mode: 'emulator', dataset: 'kit' });
  releaseAfterFile(() => service.close());
  trl = await engine.call('train.export', { dataset: 'kit', trainer: 'trl', out: path.join(fileTempDir(), 'trl') });
  verl = await engine.call('train.export', { dataset: 'kit', trainer: 'verl', out: path.join(fileTempDir(), 'verl') });
}, 300_000);

describe('kopa train export', () => {
  it('writes the files each trainer needs, one row per sample', () => {
    expect(trl.files).toEqual(expect.arrayContaining(['train.jsonl', 'train_grpo.py', 'kopa_tools.py', 'kopa_rewards.py', 'README.md']));
    expect(verl.files).toEqual(
      expect.arrayContaining(['train.verl.jsonl', 'kopa_verl_reward.py', 'kopa_verl_tool.py', 'tool_config.yaml', 'to_parquet.py', 'kopa_tools.py']),
    );
    expect(readFileSync(path.join(trl.dir, 'train.jsonl'), 'utf8').trim().split('\n')).toHaveLength(samples.length);
    const rows = readFileSync(path.join(verl.dir, 'train.verl.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { data_source: string; reward_model: { ground_truth: string } });
    expect(rows[0]).toMatchObject({ data_source: 'kopa' });
    expect(JSON.parse(rows[0]!.reward_model.ground_truth)).toMatchObject({ sample_id: samples[0]!.ordinal });
    for (const line of readFileSync(path.join(verl.dir, 'tool_config.yaml'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('tool_schema:')))
      expect(() => JSON.parse(line.split('tool_schema: ')[1]!)).not.toThrow();
  });

  it('imports with the standard library, and its tools return the view the agent sees, step by step', async () => {
    const count = await python(trl.dir, 'import json, kopa_tools; print(json.dumps(len(kopa_tools.TOOLS)))', null);
    expect(count).toBe(trl.tools);
    const code = `
import json, sys, kopa_tools
out = []
for steps in json.load(sys.stdin):
    env = kopa_tools.KopaEnvironment()
    out.append([getattr(env, s["name"])(**s["args"]) for s in steps])
print(json.dumps(out, ensure_ascii=False))`;
    const queried = samples.filter((s) => s.walk.trace.steps.some((st) => st.tool === 'local.queryRows'));
    expect(queried.length, 'a sample with a query step, which needs the episode').toBeGreaterThan(0);
    const trajectories = [...queried.slice(0, 3), ...samples.slice(0, 4)].map((s) => s.walk.trace.steps);
    const views = (await python(
      trl.dir,
      code,
      trajectories.map((steps) => steps.map((st) => ({ name: functionName(st.tool), args: st.args }))),
    )) as string[][];
    trajectories.forEach((steps, i) => steps.forEach((st, j) => expect(views[i]![j], `${i} ${st.tool}`).toBe(toolReply(st))));
  });

  it('returns the service’s rewards: the maximum for the reference, less for a wrong answer', async () => {
    const s = samples[0]!;
    const completions = [
      toTrainerMessages(referenceMessages(s.walk.trace.steps, s.answerText, sampleClaim(s))),
      toTrainerMessages(referenceMessages(s.walk.trace.steps, '모르겠습니다.', { kind: 'decline', reason: '모름' })),
    ];
    const rewards = (await python(
      trl.dir,
      'import json, sys, kopa_rewards; c = json.load(sys.stdin); print(json.dumps(kopa_rewards.kopa_reward(c, [%d] * len(c))))'.replace(
        '%d',
        String(s.ordinal),
      ),
      completions,
    )) as number[];
    expect(rewards[0]).toBeCloseTo(1, 9);
    expect(rewards[1]).toBeCloseTo(0.25, 9);
    const score = await python(
      verl.dir,
      `import json, sys, kopa_verl_reward; m = json.load(sys.stdin); print(json.dumps(kopa_verl_reward.compute_score("kopa", "", json.dumps({"sample_id": ${s.ordinal}}), {"messages": m})))`,
      completions[0],
    );
    expect(score).toBeCloseTo(1, 9);
  });

  it('byte-compiles the training scripts and the verl files', () => {
    for (const [dir, files] of [
      [trl.dir, ['train_grpo.py', 'kopa_tools.py', 'kopa_rewards.py']],
      [verl.dir, ['kopa_verl_reward.py', 'kopa_verl_tool.py', 'to_parquet.py']],
    ] as const) {
      const run = spawnSync('python3', ['-m', 'py_compile', ...files], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, PYTHONPYCACHEPREFIX: fileTempDir() },
      });
      expect(run.status, run.stderr).toBe(0);
    }
  });
});
