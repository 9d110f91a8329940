// The tool-and-reward service over HTTP, as a trainer's rollouts use it: tools answer with exactly the view the
// agent sees (the query tool reading an episode's earlier results), rewards of trainer-format completions by sample
// id, the reference and every alternative of every sample at the maximum under every preset, and typed errors for
// bad requests.
import { beforeAll, describe, expect, it } from 'vitest';
import { toTrainerMessages } from '../../../main/core/train/reward/trainerMessages.ts';
import { functionName } from '../../../main/core/catalog/functionSchema.ts';
import { referenceMessages } from '../../../main/core/train/reward/referenceMessages.ts';
import { rewardPresets } from '../../../main/core/train/reward/types.ts';
import { sampleClaim, toolReply } from '../../../main/core/synth/formats.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import { Engine } from '../../../main/engine/Engine.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { startEnvService, type EnvService } from '../../../main/host/envService.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { floodedCompletion } from '../../helpers/floodedCompletion.ts';
import { fileTempDir } from '../../helpers/tempDir.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';
import { fileEngine } from '../../helpers/engine.ts';
import { releaseAfterFile } from '../../helpers/release.ts';

let engine: Engine;
let service: EnvService;
let samples: SynthSample[];

const MAX = { kopa: 1, toolrl: 4, 'tool-n1': 1, outcome: 1 } as const;

async function post(path: string, body: unknown, token: string | null = service.token): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  engine = fileEngine({ dataDir: await verifiedDataDir({ keep: 'file' }), emulator: { now: () => TEST_NOW } });
  await engine.call('synth.run', { count: 24, seed: 'rewards', name: 'rl' });
  samples = new DatasetRepository(engine.store.db).samples(1);
  service = await startEnvService(engine, { mode: 'emulator', dataset: 'rl' });
  releaseAfterFile(() => service.close());
}, 300_000);

describe('kopa serve-env', () => {
  it('lists the tools as function schemas', async () => {
    const res = await fetch(`${service.url}/v1/tools`, { headers: { authorization: `Bearer ${service.token}` } });
    const { tools } = (await res.json()) as { tools: { function: { name: string } }[] };
    expect(tools.map((t) => t.function.name)).toEqual(expect.arrayContaining(['kma_getUltraSrtNcst', 'local_queryRows', 'molit_getRTMSDataSvcAptTradeDev']));
  });

  it('answers each step of a trajectory with the view the agent sees, query steps included', async () => {
    const withQuery = samples.find((s) => s.walk.trace.steps.some((st) => st.tool === 'local.queryRows')) ?? samples[0]!;
    for (const [i, sample] of [withQuery, ...samples.slice(0, 4)].entries()) {
      const episode = `episode-${i}`;
      for (const step of sample.walk.trace.steps) {
        const { status, json } = await post(`/v1/tools/${functionName(step.tool)}`, { arguments: step.args, episode });
        expect(status).toBe(200);
        expect(json.content, `${sample.ordinal} ${step.id} ${step.tool}`).toBe(toolReply(step));
      }
    }
  });

  it('gives the reference and every alternative of every sample the maximum under every preset', async () => {
    let trajectories = 0;
    for (const preset of rewardPresets) {
      const items = samples.flatMap((s) =>
        [s.walk.trace.steps, ...s.alternatives.map((a) => a.trace!.steps)].map((steps) => ({
          sample_id: s.ordinal,
          completion: toTrainerMessages(referenceMessages(steps, s.answerText, sampleClaim(s))),
        })),
      );
      trajectories = items.length;
      const { status, json } = await post('/v1/reward', { preset, items });
      expect(status).toBe(200);
      const results = json.results as { reward: number; notes: string[] }[];
      results.forEach((r, i) => expect(r.reward, `${preset} item ${i}: ${r.notes?.join('; ')}`).toBeCloseTo(MAX[preset], 9));
    }
    expect(trajectories).toBeGreaterThan(samples.length);
  });

  it("answers each call at its sample's recorded moment on a machine whose clock is elsewhere, so golden rollouts keep the top reward", async () => {
    const later = Engine.open({
      dataDir: engine.dataDir,
      host: 'test',
      emulator: { now: () => new Date(TEST_NOW.getTime() + 97 * 86_400_000) },
    });
    const elsewhere = await startEnvService(later, { mode: 'emulator', dataset: 'rl' });
    try {
      const ask = async (name: string, body: unknown): Promise<Record<string, unknown>> =>
        (await (
          await fetch(`${elsewhere.url}${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${elsewhere.token}` },
            body: JSON.stringify(body),
          })
        ).json()) as Record<string, unknown>;
      let moved = 0;
      const items = [];
      for (const sample of samples) {
        const messages = [];
        for (const [i, step] of sample.walk.trace.steps.entries()) {
          const episode = `moment-${sample.ordinal}`;
          const at = await ask(`/v1/tools/${functionName(step.tool)}`, { arguments: step.args, episode, sample_id: sample.ordinal });
          expect(at.content, `${sample.ordinal} ${step.id}`).toBe(toolReply(step));
          const now = await ask(`/v1/tools/${functionName(step.tool)}`, { arguments: step.args });
          if (now.content !== at.content) moved++;
          messages.push(
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: `c${i}`, type: 'function', function: { name: functionName(step.tool), arguments: JSON.stringify(step.args) } }],
            },
            { role: 'tool', tool_call_id: `c${i}`, content: at.content },
          );
        }
        const answer = toTrainerMessages(referenceMessages([], sample.answerText, sampleClaim(sample)));
        items.push({ sample_id: sample.ordinal, completion: [...messages, ...answer] });
      }
      // The machine's clock answers other readings for some of them: the moment is what keeps them equal.
      expect(moved).toBeGreaterThan(0);
      const scored = await ask('/v1/reward', { items });
      expect(scored.rewards).toEqual(samples.map(() => 1));
    } finally {
      await elsewhere.close();
      await later.dispose();
    }
  });

  it('scores a wrong answer below the reference, in the outcome component', async () => {
    const s = samples[0]!;
    const { json } = await post('/v1/reward', {
      items: [
        { sample_id: s.ordinal, completion: toTrainerMessages(referenceMessages(s.walk.trace.steps, '모르겠습니다.', { kind: 'decline', reason: '모름' })) },
      ],
    });
    const [r] = json.results as { reward: number; components: Record<string, number> }[];
    expect(r!.components.outcome).toBe(0);
    expect(r!.reward).toBeCloseTo(0.25, 9);
  });

  it('refuses bad requests with typed errors', async () => {
    expect(await post('/v1/tools/kma_getNothing', { arguments: {} })).toMatchObject({ status: 404, json: { error: { code: 'NotFound' } } });
    expect(await post('/v1/tools/kma_getUltraSrtNcst', { arguments: [] })).toMatchObject({ status: 400, json: { error: { code: 'InvalidRequest' } } });
    expect(await post('/v1/tools/kma_getUltraSrtNcst', { arguments: {} }, null)).toMatchObject({ status: 401, json: { error: { code: 'Unauthorized' } } });
    expect(await post('/v1/tools/kma_getUltraSrtNcst', { arguments: {} }, 'wrong')).toMatchObject({ status: 401 });
    const tooLarge = await post('/v1/reward', `{"items": [${'"x",'.repeat(3_000_000)}"x"]}`);
    expect(tooLarge).toMatchObject({ status: 413, json: { error: { code: 'InvalidRequest', hint: 'Send fewer completions per request.' } } });
    expect((tooLarge.json.error as { message: string }).message).toMatch(/^The request body is larger than [\d,]+ bytes\.$/);
    expect(await post('/v1/reward', 'not json')).toMatchObject({ status: 400, json: { error: { code: 'InvalidRequest' } } });
    // Arguments the tool refuses are the policy's mistake: a result it reads, not a failed request.
    const refused = await post('/v1/tools/kma_getUltraSrtNcst', { arguments: { base_date: '2025' } });
    expect(refused).toMatchObject({ status: 200, json: { ok: false, error: 'InvalidParam' } });
    const missing = await post('/v1/reward', { items: [{ sample_id: 99_999, completion: [] }, { completion: [] }] });
    expect(missing.json.rewards).toEqual([null, null]);
    expect(missing.json.results).toMatchObject([{ error: { code: 'NotFound' } }, { error: { code: 'InvalidRequest' } }]);
  });
});

describe('kopa serve-env against a hostile trainer', () => {
  it('scores the good items of a batch and gives each malformed one its own error', async () => {
    const sample = samples[0]!;
    const good = {
      sample_id: sample.ordinal,
      completion: toTrainerMessages(referenceMessages(sample.walk.trace.steps, sample.answerText, sampleClaim(sample))),
    };
    const inline = {
      query: '질문',
      offered: ['kasi.getRestDeInfo'],
      trajectories: [[]],
      answer: { expr: '1', compare: 'number' },
      expected: 1,
      year: 2025,
    };
    const bad = [
      { ...inline, trajectories: [] },
      { ...inline, trajectories: [null] },
      { ...inline, answer: undefined },
      { ...inline, offered: 5 },
      { ...inline, trajectories: Array.from({ length: 300_000 }, () => []) },
    ];
    const { status, json } = await post('/v1/reward', { items: [good, ...bad.map((reference) => ({ reference, completion: [] })), good] });
    expect(status).toBe(200);
    expect(json.rewards).toEqual([1, null, null, null, null, null, 1]);
    const results = json.results as { error?: { code: string; message: string } }[];
    for (const r of results.slice(1, 6)) expect(r.error?.code).toBe('InvalidRequest');
    expect(results[5]!.error!.message).toContain('300000 trajectories; at most 64');
  });

  it('answers malformed names and weights with 400, never 500', async () => {
    expect(await post('/v1/tools/%E0%A4%A', { arguments: {} })).toMatchObject({ status: 400, json: { error: { code: 'InvalidRequest' } } });
    const item = { sample_id: samples[0]!.ordinal, completion: [] };
    for (const weights of ['null', '{"outcome": -0.5}', '{"outcome": 1e309}', '{"outcome": "1"}', '{"bonus": 1}', '{"outcome": 1}'])
      expect(await post('/v1/reward', `{"weights": ${weights}, "items": [${JSON.stringify(item)}]}`), weights).toMatchObject({
        status: 400,
        json: { error: { code: 'InvalidRequest' } },
      });
    expect((await post('/v1/reward', { weights: { outcome: 0.5 }, items: [item] })).status).toBe(200);
  });

  it('refuses arguments nested 100,000 deep with 400 and keeps serving', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const tool = await post('/v1/tools/kma_getUltraSrtNcst', `{"arguments": {"nx": ${deep}}}`);
    expect(tool).toMatchObject({ status: 400, json: { error: { code: 'InvalidRequest' } } });
    expect(String((tool.json.error as { message: string }).message)).toContain('nested more than 256 levels');
    expect((await post('/v1/reward', `{"items": [{"sample_id": 1, "completion": ${deep}}]}`)).status).toBe(400);
    expect((await post('/v1/tools/kma_getUltraSrtNcst', { arguments: {} })).status).toBe(200);
  });

  it('refuses a completion of more calls than a rollout makes, in its slot', async () => {
    const sample = samples[0]!;
    const { json } = await post('/v1/reward', { items: [{ sample_id: sample.ordinal, completion: floodedCompletion(sample, 1_001) }] });
    expect((json.results as { error: { message: string } }[])[0]!.error.message).toContain(
      `${1_001 + sample.walk.trace.steps.length} tool calls; at most 1000`,
    );
  });

  it('keeps answering other requests while a batch of large completions is scored', async () => {
    const { request } = await import('node:http');
    const sample = samples[0]!;
    const item = { sample_id: sample.ordinal, completion: floodedCompletion(sample, 1_000 - sample.walk.trace.steps.length) };
    const body = JSON.stringify({ items: Array.from({ length: 16 }, () => item) });
    const order: string[] = [];
    // The tools are asked for once the whole batch is sent: the service is then reading or scoring it.
    const sent = new Promise<void>((resolve) => {
      const batch = request(`${service.url}/v1/reward`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      batch.once('finish', resolve);
      batch.once('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.once('end', () => {
          const rewards = (JSON.parse(text) as { rewards: (number | null)[] }).rewards;
          order.push(rewards.every((r) => typeof r === 'number') ? 'batch' : 'batch failed');
        });
      });
      batch.end(body);
    });
    await sent;
    const res = await fetch(`${service.url}/v1/tools`, { headers: { authorization: `Bearer ${service.token}` } });
    order.push(`tools ${res.status}`);
    await expect.poll(() => order.length, { timeout: 60_000 }).toBe(2);
    expect(order).toEqual(['tools 200', 'batch']);
  });
});

describe('kopa serve-env from the shell', () => {
  it('prints its address and token, serves the tools, refuses live mode, and stops on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const { kopaBin, repoRoot, runKopa } = await import('../../helpers/runCli.ts');
    const live = await runKopa(['--data-dir', fileTempDir(), 'serve-env', '--mode', 'live']);
    expect(live.code).toBe(2);
    const short = await runKopa(['--data-dir', fileTempDir(), 'serve-env', '--token', 'shell-token']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 32 characters');
    const token = 'shell-token-'.padEnd(40, 'x');
    const child = spawn(process.execPath, [kopaBin, '--json', '--data-dir', fileTempDir(), 'serve-env', '--token', token], { cwd: repoRoot });
    try {
      const info = await new Promise<{ url: string; token: string }>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          try {
            resolve(JSON.parse(out) as { url: string; token: string });
          } catch {
            // the JSON is not complete yet
          }
        });
        child.once('exit', (code) => reject(new Error(`serve-env exited ${code}`)));
      });
      expect(info.token).toBe(token);
      const res = await fetch(`${info.url}/v1/tools`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  }, 120_000);
});
