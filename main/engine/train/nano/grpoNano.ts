// `train.nanoGrpo` (`kopa train nano --grpo --from RUN`): a supervised KOPA-Nano tuned with the product's own rewards.
// Each iteration exports the policy as a GGUF, samples G attempts at each of a few training questions with the agent
// loop a chat runs (the same prompt, grammar, argument copying and result view), scores each with the reward preset
// against the sample's reference, and hands the attempts, written as the text the model read and wrote, with their
// group advantages, to nano.py's GRPO step (a KL term to the supervised model keeps it near what it learned). The
// run's folder (train/nano/NAME) keeps the reference weights, each iteration's attempts (rollouts/), the reward curve
// (curve.jsonl), the held-out checks (heldout.jsonl: the policy answering questions it never trained on, greedily, every
// few iterations) and the trainer's checkpoint; a stopped run goes on from its last whole iteration.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { CallOptions, GrpoCurvePoint, GrpoHeldOutPoint, TrainNanoGrpoParams, TrainNanoGrpoResult } from '../../../api/contract.ts';
import { grammarMessages } from '../../../core/agent/grammarConversation.ts';
import { canonicalJson } from '../../../core/canonicalJson.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import { Rng } from '../../../core/random.ts';
import { QUERY_TOOL } from '../../../core/resultView/queryRows.ts';
import type { SynthSample } from '../../../core/synth/types.ts';
import { corpusSegments } from '../../../core/train/nano/nanoCorpus.ts';
import type { EngineServices } from '../../EngineServices.ts';
import { writeFileNoFollow, appendFileNoFollow } from '../../files/noFollow.ts';
import { LlamaBackend } from '../../models/llamaBackend.ts';
import { regionBookFile } from '../../models/regionBookFile.ts';
import { DatasetRepository } from '../../store/repositories/DatasetRepository.ts';
import { visibleTools } from '../../synth/exporter.ts';
import { sampleGroup } from '../rollout.ts';
import { checkParity, exportNanoGguf, HELD_OUT_EVERY, nanoTrainer, readRunRecord, registerNano, type NanoTrainer } from './nanoRun.ts';
import { DISTRACTORS } from './trainNano.ts';
import { mean } from '../../../core/mean.ts';
import { DEFAULT_REWARD_PRESET } from '../../../core/train/reward/types.ts';

/** Defaults of a run (TrainNanoGrpoParams says each). */
const DEFAULTS = {
  iterations: 40,
  prompts: 8,
  groupSize: 4,
  temperature: 1,
  lr: 1e-4,
  beta: 0.04,
  preset: DEFAULT_REWARD_PRESET,
  maxSteps: 6,
  seed: 1,
  evalEvery: 10,
  evalPrompts: 16,
} as const;

/** Where the run's state lives. */
const files = (dir: string) => ({
  settings: path.join(dir, 'grpo.json'),
  reference: path.join(dir, 'reference.pt'),
  curve: path.join(dir, 'curve.jsonl'),
  heldOut: path.join(dir, 'heldout.jsonl'),
  rollouts: path.join(dir, 'rollouts'),
  policy: path.join(dir, 'policy.gguf'),
});

/** A new run starts from the supervised run's weights, tokenizer, corpus record and held-out prompts. */
function startRun(from: string, dir: string): void {
  mkdirSync(path.join(dir, 'rollouts'), { recursive: true });
  for (const name of ['tokenizer.model', 'run.json', 'val.jsonl'])
    if (!existsSync(path.join(dir, name))) copyFileSync(path.join(from, name), path.join(dir, name));
  // The policy begins as the supervised model; the reference stays it.
  for (const target of [files(dir).reference, path.join(dir, 'checkpoint.pt')])
    if (!existsSync(target)) {
      copyFileSync(path.join(from, 'checkpoint.pt'), `${target}.partial`);
      renameSync(`${target}.partial`, target);
    }
}

/** A series kept one point per iteration (the last written wins: an iteration redone after a crash is written again). */
function readByIteration<T extends { iteration: number }>(file: string): T[] {
  if (!existsSync(file)) return [];
  const byIteration = new Map<number, T>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const point = JSON.parse(line) as T;
    byIteration.set(point.iteration, point);
  }
  return [...byIteration.values()].sort((a, b) => a.iteration - b.iteration);
}

/** A question's tools as the corpus offered them: the plan's and the same distractors (the query tool is the loop's own). */
const offeredAsTrained = (sample: SynthSample, catalog: ReturnType<EngineServices['catalog']>): string[] =>
  visibleTools(sample, catalog, DISTRACTORS)
    .map((t) => t.id)
    .filter((id) => id !== QUERY_TOOL);

/** The reward curve so far. */
export const readCurve = (file: string): GrpoCurvePoint[] => readByIteration<GrpoCurvePoint>(file);

/** The held-out checks so far. */
export const readHeldOut = (file: string): GrpoHeldOutPoint[] => readByIteration<GrpoHeldOutPoint>(file);

/** The policy exported at `policy` answering held-out questions once each, greedily, as a chat would. */
async function askHeldOut(
  engine: EngineServices,
  policy: string,
  questions: SynthSample[],
  settings: ReturnType<typeof settingsOf>,
  resultTokens: number,
  iteration: number,
  signal: AbortSignal | undefined,
): Promise<GrpoHeldOutPoint> {
  const catalog = engine.catalog();
  const base = await (await engine.llama()).loadModel({ modelPath: policy, contextSize: 4096 });
  const backend = new LlamaBackend(base, { owned: false, regions: regionBookFile(engine.resourcesDir) });
  try {
    const rewards: number[] = [];
    const solved: number[] = [];
    for (const sample of questions) {
      if (signal?.aborted) throw saidError('Aborted', { message: 'error.trainingStopped' });
      const tools = offeredAsTrained(sample, catalog);
      const { group } = await sampleGroup(engine, backend, sample, tools, {
        groupSize: 1,
        seed: `${settings.seed}/held-out`,
        temperature: 0,
        maxSteps: settings.maxSteps,
        maxTokens: null,
        preset: settings.preset,
        scale: 'none',
        mode: 'emulator',
        resultTokens,
        signal,
      });
      rewards.push(group.rewards[0]!);
      solved.push(group.solved[0] ? 1 : 0);
    }
    return { iteration, reward: mean(rewards), solved: mean(solved), prompts: questions.length };
  } finally {
    await backend.dispose();
    await base.dispose();
  }
}

/** One iteration's attempts, sampled from the policy now exported at `policy`; written whole or not at all. */
async function sampleIteration(
  engine: EngineServices,
  policy: string,
  batch: SynthSample[],
  settings: ReturnType<typeof settingsOf>,
  resultTokens: number,
  iteration: number,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const catalog = engine.catalog();
  const base = await (await engine.llama()).loadModel({ modelPath: policy, contextSize: 4096 });
  const backend = new LlamaBackend(base.withSequences(settings.groupSize), { owned: true, regions: regionBookFile(engine.resourcesDir) });
  try {
    const lines: string[] = [];
    for (const sample of batch) {
      if (signal?.aborted) throw saidError('Aborted', { message: 'error.trainingStopped' });
      const tools = offeredAsTrained(sample, catalog);
      const { group, offered, conversations } = await sampleGroup(engine, backend, sample, tools, {
        groupSize: settings.groupSize,
        seed: `${settings.seed}/${iteration}`,
        temperature: settings.temperature,
        maxSteps: settings.maxSteps,
        maxTokens: null,
        preset: settings.preset,
        scale: 'group',
        mode: 'emulator',
        resultTokens,
        signal,
      });
      for (const [g, conversation] of conversations.entries()) {
        // What the model read and wrote, as the corpus writes it; an unfinished turn is not the model's to learn from.
        const finished = conversation.filter((m) => !(m.role === 'assistant' && m.cut));
        lines.push(
          JSON.stringify({
            sample: sample.ordinal,
            reward: group.rewards[g],
            solved: group.solved[g],
            advantage: group.advantages[g],
            segments: corpusSegments(grammarMessages(finished, offered, 'compact')),
          }),
        );
      }
    }
    return lines;
  } finally {
    await backend.dispose();
    await base.dispose();
  }
}

const settingsOf = (params: TrainNanoGrpoParams) => ({
  from: params.from,
  prompts: params.prompts ?? DEFAULTS.prompts,
  groupSize: params.groupSize ?? DEFAULTS.groupSize,
  temperature: params.temperature ?? DEFAULTS.temperature,
  lr: params.lr ?? DEFAULTS.lr,
  beta: params.beta ?? DEFAULTS.beta,
  preset: params.preset ?? DEFAULTS.preset,
  maxSteps: params.maxSteps ?? DEFAULTS.maxSteps,
  seed: params.seed ?? DEFAULTS.seed,
  evalEvery: params.evalEvery ?? DEFAULTS.evalEvery,
  evalPrompts: params.evalPrompts ?? DEFAULTS.evalPrompts,
});

/** The training questions in the run's order: every sample but the held-out tenth, shuffled by the seed. */
function promptOrder(samples: SynthSample[], seed: number): SynthSample[] {
  return Rng.for(seed, 'grpo-prompts').shuffle(samples.filter((s) => s.ordinal % HELD_OUT_EVERY !== 0));
}

export async function grpoNano(engine: EngineServices, params: TrainNanoGrpoParams, options: CallOptions): Promise<TrainNanoGrpoResult> {
  const started = performance.now();
  const settings = settingsOf(params);
  const iterations = params.iterations ?? DEFAULTS.iterations;
  const { name, dir, f, record, order, questions } = openGrpoRun(engine, params, settings);
  const trainer: NanoTrainer = nanoTrainer(engine, dir, options.signal);
  try {
    const progress = (stage: string, done: number, total: number, message?: string): void =>
      options.onProgress?.({ stage, done, total, ...(message ? { message } : {}) });

    let curve = readCurve(f.curve);
    let heldOut = readHeldOut(f.heldOut);
    let exported = -1;
    const exportPolicy = async (iteration: number): Promise<void> => {
      if (exported === iteration) return;
      await exportNanoGguf(trainer, dir, f.policy, name, record, { grpoIteration: String(iteration) });
      exported = iteration;
    };
    // Asked before the iteration's update (the first check is the supervised model itself), and after the last.
    const check = async (iteration: number): Promise<void> => {
      const due = settings.evalEvery > 0 && questions.length > 0 && (iteration % settings.evalEvery === 0 || iteration === iterations);
      if (!due || heldOut.some((p) => p.iteration === iteration)) return;
      progress('held-out', iteration, iterations, `iteration ${iteration + 1}: ${questions.length} held-out questions`);
      await exportPolicy(iteration);
      const point = await askHeldOut(engine, f.policy, questions, settings, record.resultTokens, iteration, options.signal);
      appendFileNoFollow(f.heldOut, `${JSON.stringify(point)}\n`);
      heldOut = readHeldOut(f.heldOut);
    };
    for (let iteration = curve.length; iteration < iterations; iteration++) {
      await check(iteration);
      const batchFile = path.join(f.rollouts, `iteration-${String(iteration).padStart(4, '0')}.jsonl`);
      if (!existsSync(batchFile)) {
        progress('rollouts', iteration, iterations, `iteration ${iteration + 1}: sampling`);
        await exportPolicy(iteration);
        const batch = Array.from({ length: settings.prompts }, (_, i) => order[(iteration * settings.prompts + i) % order.length]!);
        const lines = await sampleIteration(engine, f.policy, batch, settings, record.resultTokens, iteration, options.signal);
        writeFileNoFollow(`${batchFile}.partial`, `${lines.join('\n')}\n`);
        renameSync(`${batchFile}.partial`, batchFile);
      }
      const attempts = readBatch(batchFile);
      progress('update', iteration, iterations, `iteration ${iteration + 1}: reward ${mean(attempts.map((a) => a.reward)).toFixed(3)}`);
      const point = await updatePolicy(trainer, { dir, reference: f.reference, batchFile }, iteration, settings, attempts);
      appendFileNoFollow(f.curve, `${JSON.stringify(point)}\n`);
      curve = readCurve(f.curve);
      progress(
        'update',
        iteration + 1,
        iterations,
        `iteration ${iteration + 1}: reward ${point.reward.toFixed(3)} · solved ${Math.round(point.solved * 100)}%`,
      );
    }
    await check(curve.length);
    rmSync(f.policy, { force: true });
    progress('export', 0, 1);
    const file = path.join(dir, `${name}.gguf`);
    await exportNanoGguf(trainer, dir, file, name, record, { grpoFrom: params.from, grpoIterations: String(curve.length), seed: String(settings.seed) });
    const parity = await checkParity(engine, dir, file, trainer);
    progress('export', 1, 1);
    return {
      model: await registerNano(engine, file, name),
      runDir: dir,
      iterations: curve.length,
      curve,
      heldOut,
      parity,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await trainer.close();
  }
}

/**
 * The run's folder, begun from the supervised run or gone on with, and its questions: the training prompts in the
 * run's order and the held-out ones asked at every check.
 */
function openGrpoRun(engine: EngineServices, params: TrainNanoGrpoParams, settings: ReturnType<typeof settingsOf>) {
  const name = params.name ?? `${params.from}-grpo`;
  const root = path.join(engine.dataDir, 'train', 'nano');
  const from = path.join(root, params.from);
  const dir = path.join(root, name);
  if (name === params.from) throw saidError('Usage', { message: 'error.grpoSameRun', vars: { name } });
  if (!existsSync(path.join(from, 'checkpoint.pt')) || !existsSync(path.join(from, 'run.json')))
    throw saidError('NotFound', { message: 'error.grpoNoRun', hint: 'error.grpoNoRun.hint', vars: { name: params.from, dir: from } });
  const f = files(dir);
  // A run goes on only with the settings it began with; more iterations are the one change it takes.
  if (existsSync(f.settings) && canonicalJson(JSON.parse(readFileSync(f.settings, 'utf8'))) !== canonicalJson(settings))
    throw saidError('Usage', { message: 'error.grpoSettings', hint: 'error.grpoSettings.hint', vars: { name, file: f.settings } });
  startRun(from, dir);
  writeFileNoFollow(f.settings, JSON.stringify(settings, null, 2));
  const record = readRunRecord(dir);
  const datasets = new DatasetRepository(engine.store.db);
  const dataset = datasets.get(record.datasetId);
  if (!dataset) throw saidError('NotFound', { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: record.dataset } });
  const samples = datasets.samples(dataset.id);
  const order = promptOrder(samples, settings.seed);
  // The same held-out questions at every check, the first of the tenth the supervised run never trained on.
  const questions = samples.filter((s) => s.ordinal % HELD_OUT_EVERY === 0).slice(0, settings.evalPrompts);
  if (order.length === 0) throw saidError('InvalidRequest', { message: 'error.grpoNoPrompts', vars: { name: record.dataset } });
  return { name, dir, f, record, order, questions };
}

interface ScoredAttempt {
  reward: number;
  solved: boolean;
  advantage: number;
}

const readBatch = (batchFile: string): ScoredAttempt[] =>
  readFileSync(batchFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ScoredAttempt);

/** One update of the policy from an iteration's scored attempts, and the curve's point for it. */
async function updatePolicy(
  trainer: NanoTrainer,
  at: { dir: string; reference: string; batchFile: string },
  iteration: number,
  settings: ReturnType<typeof settingsOf>,
  attempts: ScoredAttempt[],
): Promise<GrpoCurvePoint> {
  const update = (
    await trainer.run([
      'grpo',
      ...['--out', at.dir, '--reference', at.reference, '--batch', at.batchFile, '--iteration', String(iteration)],
      ...['--lr', String(settings.lr), '--beta', String(settings.beta), '--seed', String(settings.seed)],
    ])
  ).find((e) => e.event === 'grpo');
  return {
    iteration,
    reward: mean(attempts.map((a) => a.reward)),
    solved: mean(attempts.map((a) => (a.solved ? 1 : 0))),
    attempts: attempts.length,
    learnedFrom: attempts.filter((a) => a.advantage !== 0).length,
    kl: typeof update?.kl === 'number' ? update.kl : null,
  };
}
