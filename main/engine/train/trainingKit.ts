// `kopa train export`: a folder a user copies to the GPU server and runs. The dataset in the trainer's format
// (TRL: prompt plus reference columns; verl: data_source, prompt, reward_model.ground_truth, extra_info), the
// replay bundle its tools need when a snapshot is named, the generated Python that reaches `kopa serve-env` for
// tools and rewards, the training scripts, and a README of the steps.
import { answerFunction } from '../../core/answer/answerTool.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CallOptions, TrainExportParams, TrainExportResult } from '../../api/contract.ts';
import { functionName, functionSchema, type FunctionSchema } from '../../core/catalog/functionSchema.ts';
import { exportRow } from '../../core/synth/formats.ts';
import { rewardsModule, toolsModule, trainScript, TO_PARQUET, verlModules } from '../../core/train/kit/pythonKit.ts';
import { kitReadme } from '../../core/train/kit/kitReadme.ts';
import type { EngineServices } from '../EngineServices.ts';
import { exportBundle } from '../gateway/bundle.ts';
import { DatasetRepository } from '../store/repositories/DatasetRepository.ts';
import { visibleTools } from '../synth/exporter.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';
import { DEFAULT_REWARD_PRESET } from '../../core/train/reward/types.ts';

export async function exportTrainingKit(engine: EngineServices, params: TrainExportParams, options: CallOptions): Promise<TrainExportResult> {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = /^\d+$/.test(params.dataset) ? repo.get(Number(params.dataset)) : repo.byName(params.dataset);
  if (!dataset) throw saidError('NotFound', { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: params.dataset } });
  const samples = repo.samples(dataset.id);
  if (samples.length === 0) throw saidError('InvalidRequest', { message: 'error.datasetEmpty', vars: { name: dataset.name } });
  const catalog = engine.catalog();
  const dir = path.resolve(params.out);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const write = (name: string, text: string): void => {
    writeFileNoFollow(path.join(dir, name), text);
    files.push(name);
  };

  const tools = new Map<string, FunctionSchema>();
  const rows = samples.map((sample) => {
    const visible = visibleTools(sample, catalog, params.distractors ?? 3);
    for (const spec of visible) tools.set(functionName(spec.id), functionSchema(spec));
    return { sample, visible };
  });
  // The answer tool last: the rollout commits its answer through it, as the agent does.
  const schemas = [...[...tools.values()].sort((a, b) => a.function.name.localeCompare(b.function.name)), answerFunction];
  const maxSteps = Math.max(...samples.map((s) => s.walk.trace.steps.length));

  if (params.trainer === 'trl') {
    write('train.jsonl', rows.map(({ sample, visible }) => JSON.stringify(exportRow('trl-grpo', sample, visible))).join('\n') + '\n');
    write('train_grpo.py', trainScript({ trainer: 'trl', maxSteps }));
  } else {
    const verlRows = rows.map(({ sample, visible }) => {
      const row = exportRow('trl-grpo', sample, visible) as { prompt: unknown[] };
      return {
        data_source: 'kopa',
        agent_name: 'tool_agent',
        prompt: row.prompt,
        ability: 'tool-use',
        reward_model: {
          style: 'rule',
          ground_truth: JSON.stringify({ sample_id: sample.ordinal, answer: sample.walk.trace.answer, answer_spec: sample.walk.plan.answer }),
        },
        extra_info: {
          index: sample.ordinal,
          sample_id: sample.ordinal,
          tools_kwargs: Object.fromEntries(
            visible.map((t) => [functionName(t.id), { create_kwargs: { episode: `sample-${sample.ordinal}`, sample_id: sample.ordinal } }]),
          ),
        },
      };
    });
    write('train.verl.jsonl', verlRows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const verl = verlModules(schemas);
    write('kopa_verl_reward.py', verl.reward);
    write('kopa_verl_tool.py', verl.tool);
    write('tool_config.yaml', verl.yaml);
    write('to_parquet.py', TO_PARQUET);
  }
  write('kopa_tools.py', toolsModule(schemas));
  write('kopa_rewards.py', rewardsModule(params.preset ?? DEFAULT_REWARD_PRESET));
  if (params.snapshot) {
    await exportBundle(engine.store, params.snapshot, path.join(dir, 'tools.bundle.jsonl.gz'), options.onProgress);
    files.push('tools.bundle.jsonl.gz');
  }
  write(
    'README.md',
    kitReadme({
      dataset: dataset.name,
      trainer: params.trainer,
      rows: samples.length,
      tools: schemas.length,
      snapshot: params.snapshot,
      preset: params.preset ?? DEFAULT_REWARD_PRESET,
      maxSteps,
    }),
  );
  return { dir, trainer: params.trainer, rows: samples.length, tools: schemas.length, files };
}
