// Rollout groups (`kopa rollout`): G trajectories per prompt of a synthesized dataset, sampled from a local model
// with the agent loop inference uses, each scored by the reward against the sample's reference, with GRPO advantages
// within its group; stored group by group, so a killed run resumes; summarised to say whether the data can teach
// this model anything; and optionally written as JSONL for a trainer.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { CallOptions, RolloutGroup, RolloutRunParams, RolloutRunResult } from '../../api/contract.ts';
import { loadProgress } from '../../api/loading.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { groupAdvantages, summariseGroups, type AdvantageScale } from '../../core/train/reward/groups.ts';
import { rewardOf } from '../../core/train/reward/reward.ts';
import { Agent } from '../agent/Agent.ts';
import { CatalogTools } from '../agent/catalogTools.ts';
import type { EpisodeCall } from '../agent/catalogSession.ts';
import type { ModelBackend } from '../models/backend.ts';
import type { ChatMessage, ModelTool } from '../../core/agent/types.ts';
import type { SynthSample } from '../../core/synth/types.ts';
import type { RewardPreset } from '../../core/train/reward/types.ts';
import type { EngineServices } from '../EngineServices.ts';
import { sampleReference } from './reward/sampleReference.ts';
import { DatasetRepository } from '../store/repositories/DatasetRepository.ts';
import { RolloutRepository } from '../store/repositories/RolloutRepository.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';
import { DEFAULT_REWARD_PRESET } from '../../core/train/reward/types.ts';

const seedOf = (...parts: (string | number)[]): number => createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);

/** How one group is sampled. */
export interface GroupSettings {
  groupSize: number;
  /** Mixed into each attempt's sampling seed with the sample and the attempt's index. */
  seed: number | string;
  temperature: number;
  maxSteps: number;
  maxTokens: number | null;
  preset: RewardPreset;
  scale: AdvantageScale;
  mode: 'emulator' | 'replay';
  snapshot?: string | undefined;
  systemPrompt?: string | undefined;
  resultTokens?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface SampledGroup {
  group: RolloutGroup;
  /** What the model was offered (the same for every attempt), as the model read it. */
  offered: ModelTool[];
  /** Each attempt's whole conversation, its system prompt included: the text the model read and wrote. */
  conversations: ChatMessage[][];
}

/**
 * G attempts at one sample's question with the tools given (catalog ids), at the sample's recorded moment, each
 * scored by the reward against the sample's reference, with its advantage within the group.
 */
export async function sampleGroup(
  engine: EngineServices,
  backend: ModelBackend,
  sample: SynthSample,
  tools: string[],
  settings: GroupSettings,
): Promise<SampledGroup> {
  const catalog = engine.catalog();
  const gateway = engine.gateway();
  const asOf = new Date(sample.walk.asOf);
  const { reference, metric } = sampleReference(sample, catalog);
  const boxes: CatalogTools[] = [];
  const agent = (g: number): Agent<EpisodeCall> => {
    const box = new CatalogTools({
      catalog,
      call: (tool, args, signal) =>
        gateway.call(tool, args, { mode: settings.mode, snapshot: settings.snapshot, signal, emulatorNow: asOf, origin: 'rollout' }),
      tools,
      asOf,
      // As the model was trained to read results: the budget asked, the row form its GGUF records.
      view: { ...(settings.resultTokens ? { tokenBudget: settings.resultTokens } : {}), ...(backend.resultRows ? { rows: backend.resultRows } : {}) },
    });
    boxes.push(box);
    return new Agent({
      backend,
      tools: box,
      maxSteps: settings.maxSteps,
      temperature: settings.temperature,
      seed: seedOf(settings.seed, sample.ordinal, g),
      ...(settings.maxTokens ? { maxTokens: settings.maxTokens } : {}),
      ...(settings.systemPrompt ? { systemPrompt: settings.systemPrompt } : {}),
      ...(settings.signal ? { signal: settings.signal } : {}),
    });
  };
  // The G attempts of one prompt run at once: a local model with several sequences decodes them in one batch.
  const episodes = await Promise.all(Array.from({ length: settings.groupSize }, (_, g) => agent(g).run(sample.query)));
  const scored = episodes.map((e) => rewardOf({ messages: e.messages }, reference, metric, { preset: settings.preset }));
  const rewards = scored.map((r) => r.reward);
  const group: RolloutGroup = {
    sampleId: sample.ordinal,
    query: sample.query,
    kind: (sample.intent ?? 'walk').split('.')[0]!,
    length: sample.walk.trace.steps.length,
    rewards,
    advantages: groupAdvantages(rewards, settings.scale),
    solved: scored.map((r) => r.components.outcome === 1),
    trajectories: episodes.map((e, g) => ({
      // A trajectory is what the model finished; an unfinished turn is not training data.
      messages: e.messages.filter((m) => m.role !== 'system' && !(m.role === 'assistant' && m.cut)),
      answer: e.answer,
      stoppedBy: e.stoppedBy,
      components: scored[g]!.components,
      notes: scored[g]!.notes,
    })),
  };
  return { group, offered: boxes[0]!.offered(), conversations: episodes.map((e) => e.messages) };
}

export async function runRollout(engine: EngineServices, params: RolloutRunParams, options: CallOptions): Promise<RolloutRunResult> {
  const mode = params.mode ?? 'emulator';
  if (mode === 'live' || mode === 'record') throw saidError('Usage', { message: 'error.rolloutLive', hint: 'error.rolloutLive.hint' });
  const datasets = new DatasetRepository(engine.store.db);
  const dataset = /^\d+$/.test(params.dataset) ? datasets.get(Number(params.dataset)) : datasets.byName(params.dataset);
  if (!dataset) throw saidError('NotFound', { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: params.dataset } });
  const samples = datasets.samples(dataset.id).slice(0, params.prompts ?? Infinity);
  const settings = {
    model: params.model,
    lora: params.lora ?? [],
    chatWrapper: params.chatWrapper ?? 'auto',
    dataset: dataset.id,
    groupSize: params.groupSize,
    prompts: samples.length,
    seed: params.seed ?? 1,
    temperature: params.temperature ?? 1,
    maxSteps: params.maxSteps ?? 6,
    maxTokens: params.maxTokens ?? null,
    preset: params.preset ?? DEFAULT_REWARD_PRESET,
    scale: params.scale ?? 'group',
    mode,
    snapshot: params.snapshot ?? null,
    systemPrompt: params.systemPrompt ?? null,
    resultTokens: params.resultTokens ?? null,
  };
  const runId = params.runId ?? `rollout-${createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12)}`;
  const repo = new RolloutRepository(engine.store.db);
  const existing = repo.run(runId);
  if (existing && canonicalJson(existing.params) !== canonicalJson(settings)) {
    throw saidError('Usage', { message: 'error.rolloutSettings', hint: 'error.rolloutSettings.hint', vars: { run: runId } });
  }
  repo.open(runId, dataset.id, settings, new Date());
  const done = new Set(repo.groups<RolloutGroup>(runId).map((g) => g.sampleId));
  const backend = await resolveBackend(
    engine,
    { model: params.model, lora: params.lora, chatWrapper: params.chatWrapper, contextSize: params.contextSize, sequences: settings.groupSize },
    options.signal,
    loadProgress(options.onProgress),
  );
  try {
    for (const [index, sample] of samples.entries()) {
      if (done.has(sample.ordinal)) continue;
      if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.rolloutStopped', vars: { done: index, total: samples.length } });
      const { group } = await sampleGroup(engine, backend, sample, [...new Set(sample.walk.plan.steps.map((s) => s.tool))], {
        ...settings,
        systemPrompt: params.systemPrompt,
        resultTokens: params.resultTokens,
        snapshot: params.snapshot,
        signal: options.signal,
      });
      repo.saveGroup(runId, sample.ordinal, group, new Date());
      options.onProgress?.({ stage: 'rollouts', done: index + 1, total: samples.length });
    }
  } finally {
    await backend.dispose();
  }
  const groups = repo.groups<RolloutGroup>(runId);
  const summary = summariseGroups(groups);
  repo.finish(runId, summary, new Date());
  const result: RolloutRunResult = { runId, resumed: done.size > 0, settings, summary };
  if (params.export) {
    const file = path.resolve(params.export);
    writeFileNoFollow(file, groups.map((g) => JSON.stringify({ run: runId, ...g })).join('\n') + '\n');
    result.export = { file, groups: groups.length };
  }
  return result;
}
