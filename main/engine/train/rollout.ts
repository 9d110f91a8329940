// Rollout groups (`kopa rollout`): G trajectories per prompt of a synthesized dataset, sampled from a local model
// with the agent loop inference uses, each scored by the reward against the sample's reference, with GRPO advantages
// within its group; stored group by group, so a killed run resumes; summarised to say whether the data can teach
// this model anything; and optionally written as JSONL for a trainer.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { CallOptions, RolloutGroup, RolloutRunParams, RolloutRunResult } from '../../api/contract.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { groupAdvantages, summariseGroups } from '../../core/train/reward/groups.ts';
import { rewardOf } from '../../core/train/reward/reward.ts';
import type { Agent } from '../agent/Agent.ts';
import { catalogAgent, type EpisodeCall } from '../agent/catalogTools.ts';
import type { EngineServices } from '../EngineServices.ts';
import { sampleReference } from './reward/sampleReference.ts';
import { DatasetRepository } from '../store/repositories/DatasetRepository.ts';
import { RolloutRepository } from '../store/repositories/RolloutRepository.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';

const seedOf = (...parts: (string | number)[]): number => createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);

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
    preset: params.preset ?? 'kopa',
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
    (f) => options.onProgress?.({ stage: 'loading the model', done: Math.round(f * 100), total: 100 }),
  );
  const catalog = engine.catalog();
  const gateway = engine.gateway();
  try {
    for (const [index, sample] of samples.entries()) {
      if (done.has(sample.ordinal)) continue;
      if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.rolloutStopped', vars: { done: index, total: samples.length } });
      const asOf = new Date(sample.walk.asOf);
      const { reference, metric } = sampleReference(sample, catalog);
      const tools = [...new Set(sample.walk.plan.steps.map((s) => s.tool))];
      const agent = (g: number): Agent<EpisodeCall> =>
        catalogAgent({
          backend,
          catalog,
          call: (tool, args, signal) => gateway.call(tool, args, { mode, snapshot: params.snapshot, signal, emulatorNow: asOf, origin: 'rollout' }),
          tools,
          asOf,
          maxSteps: settings.maxSteps,
          temperature: settings.temperature,
          seed: seedOf(settings.seed, sample.ordinal, g),
          ...(settings.maxTokens ? { maxTokens: settings.maxTokens } : {}),
          ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
          ...(params.resultTokens ? { view: { tokenBudget: params.resultTokens } } : {}),
          signal: options.signal,
        });
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
