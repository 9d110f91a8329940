// `train.nano` (`kopa train nano`): KOPA-Nano trained here, from a synthesized dataset, into a model the app runs. In
// the run's folder (the data folder's train/nano/NAME): the corpus (each sample as the app shows it to this model:
// ChatML, grammar mode, the tools one line each, results through a small view; every tenth sample held out), the
// SentencePiece tokenizer, the trainer's checkpoint (resumed whenever the same job runs again) and its events
// (events.jsonl: the loss curve), the exported weights and the GGUF, which is then registered. Each step is skipped when its output is there, so a run cut short at any
// moment goes on where it stopped.
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { CallOptions, TrainNanoParams, TrainNanoResult } from '../../../api/contract.ts';
import type { PlainMessage } from '../../../core/agent/grammarConversation.ts';
import { exportRow } from '../../../core/synth/formats.ts';
import { corpusSegments, NANO_CHAT_TEMPLATE } from '../../../core/train/nano/nanoCorpus.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import { writeNanoGguf } from '../../../../native/gguf/nanoGguf.ts';
import type { EngineServices } from '../../EngineServices.ts';
import { DatasetRepository } from '../../store/repositories/DatasetRepository.ts';
import { findDataset } from '../../synth/methods.ts';
import { visibleTools } from '../../synth/exporter.ts';
import { runTrainer, trainingPython, type TrainerEvent } from './trainerProcess.ts';
import { appendFileNoFollow, writeFileNoFollow } from '../../files/noFollow.ts';

/** Defaults of a run (TrainNanoParams says each). */
const DEFAULTS = {
  name: 'kopa-nano',
  steps: 6000,
  dim: 256,
  layers: 6,
  heads: 4,
  ffn: 704,
  vocab: 4096,
  batchTokens: 16_384,
  lr: 0.002,
  seed: 1,
  resultTokens: 256,
};
/** Tools offered beside each plan's own, as an export offers them. */
const DISTRACTORS = 3;
/** One sample in this many is held out. */
const HELD_OUT_EVERY = 10;

interface RunRecord {
  dataset: string;
  datasetId: number;
  samples: number;
  resultTokens: number;
}

/** Writes the corpus of a dataset (train and held-out lines), unless the run already has it. */
function writeCorpus(engine: EngineServices, dir: string, params: TrainNanoParams, resultTokens: number): RunRecord {
  const recordFile = path.join(dir, 'run.json');
  const repo = new DatasetRepository(engine.store.db);
  const dataset = findDataset(repo, params.dataset);
  if (existsSync(recordFile)) {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as RunRecord;
    if (record.datasetId !== dataset.id)
      throw saidError('InvalidRequest', { message: 'error.nanoRunDataset', hint: 'error.nanoRunDataset.hint', vars: { dir, other: record.dataset } });
    return record;
  }
  const catalog = engine.catalog();
  const train: string[] = [];
  const held: string[] = [];
  const samples = repo.samples(dataset.id);
  for (const sample of samples) {
    const row = exportRow('openai', sample, visibleTools(sample, catalog, DISTRACTORS), { toolStyle: 'compact', view: { tokenBudget: resultTokens } }) as {
      messages: PlainMessage[];
    };
    (sample.ordinal % HELD_OUT_EVERY === 0 ? held : train).push(JSON.stringify({ ordinal: sample.ordinal, segments: corpusSegments(row.messages) }));
  }
  writeFileNoFollow(path.join(dir, 'train.jsonl'), `${train.join('\n')}\n`);
  writeFileNoFollow(path.join(dir, 'val.jsonl'), `${held.join('\n')}\n`);
  const record = { dataset: dataset.name, datasetId: dataset.id, samples: samples.length, resultTokens };
  // Written last: a corpus without its record is written again.
  writeFileNoFollow(`${recordFile}.partial`, JSON.stringify(record, null, 2));
  renameSync(`${recordFile}.partial`, recordFile);
  return record;
}

export async function trainNano(engine: EngineServices, params: TrainNanoParams, options: CallOptions): Promise<TrainNanoResult> {
  const started = performance.now();
  const p = { ...DEFAULTS, ...params };
  const dir = path.join(engine.dataDir, 'train', 'nano', p.name);
  mkdirSync(dir, { recursive: true });
  const progress = (stage: string, done: number, total: number, message?: string): void =>
    options.onProgress?.({ stage, done, total, ...(message ? { message } : {}) });
  const python = trainingPython(process.env);
  const scripts = path.join(engine.resourcesDir, 'train', 'nano');
  // Every event the trainer reports is kept in the run's folder too: the loss curve outlives the job.
  const log = path.join(dir, 'events.jsonl');
  const trainer = (args: string[], onEvent?: (e: TrainerEvent) => void): Promise<TrainerEvent[]> =>
    runTrainer({
      python,
      scripts,
      args,
      onEvent: (e) => {
        if (e.event !== 'generated') appendFileNoFollow(log, `${JSON.stringify({ at: new Date().toISOString(), ...e })}\n`);
        onEvent?.(e);
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });

  progress('corpus', 0, 1);
  const record = writeCorpus(engine, dir, params, p.resultTokens);
  progress('corpus', 1, 1, `${record.samples} samples of ${record.dataset}`);
  if (!existsSync(path.join(dir, 'tokenizer.model'))) {
    progress('tokenizer', 0, 1);
    await trainer(['tokenizer', '--corpus', path.join(dir, 'train.jsonl'), '--out', dir, '--vocab', String(p.vocab)]);
    progress('tokenizer', 1, 1);
  }
  let step = 0;
  let tokens = 0;
  let loss: number | null = null;
  let validationLoss: number | null = null;
  let parameters: number | null = null;
  const events = await trainer(
    [
      'train',
      ...['--corpus', path.join(dir, 'train.jsonl'), '--val', path.join(dir, 'val.jsonl'), '--out', dir],
      ...['--steps', String(p.steps), '--dim', String(p.dim), '--layers', String(p.layers), '--heads', String(p.heads), '--ffn', String(p.ffn)],
      ...['--batch-tokens', String(p.batchTokens), '--lr', String(p.lr), '--seed', String(p.seed)],
    ],
    (e) => {
      if (e.event === 'start') parameters = Number(e.parameters);
      if (e.event === 'progress') {
        step = Number(e.step);
        tokens = Number(e.tokens);
        loss = Number(e.loss);
        progress('train', step, Number(e.steps), `loss ${e.loss} · ${e.tokensPerSecond} tokens/s · ETA ${Math.round(Number(e.etaSeconds) / 60)} min`);
      }
      if (e.event === 'validation') validationLoss = Number(e.loss);
    },
  );
  const end = events.at(-1);
  if (end?.event === 'done' || end?.event === 'stopped') [step, tokens] = [Number(end.step), Number(end.tokens)];
  progress('export', 0, 1);
  await trainer(['export', '--out', dir]);
  const file = path.join(dir, `${p.name}.gguf`);
  await writeNanoGguf(path.join(dir, 'export'), file, {
    name: p.name,
    toolPrompt: 'compact',
    resultTokens: record.resultTokens,
    chatTemplate: NANO_CHAT_TEMPLATE,
    provenance: { dataset: record.dataset, samples: String(record.samples), steps: String(step), seed: String(p.seed) },
  });
  progress('export', 1, 1);
  const parity = await checkParity(engine, dir, file, trainer);
  // The run's earlier model (fewer steps) is this one's previous version: replaced, not kept beside it.
  const registry = engine.models();
  for (const old of registry.list().filter((m) => m.location === file)) registry.remove(old.id);
  const info = await registry.add(file, { name: p.name, ...(options.signal ? { signal: options.signal } : {}) });
  return {
    model: { id: info.id, name: info.name, file, sha256: info.sha256 ?? '' },
    runDir: dir,
    step,
    steps: p.steps,
    tokens,
    loss,
    validationLoss,
    parameters,
    parity,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Held-out prompts the GGUF must continue exactly as the trainer's torch model does. */
const PARITY_PROMPTS = 3;
const PARITY_TOKENS = 24;

/**
 * llama.cpp's greedy continuation of held-out prompts against torch's, token for token: a GGUF that does not compute
 * what was trained (a tensor's layout, the rotary convention, the tokenizer) is refused here, before it is registered.
 */
async function checkParity(
  engine: EngineServices,
  dir: string,
  file: string,
  trainer: (args: string[]) => Promise<TrainerEvent[]>,
): Promise<{ prompts: number; equal: number }> {
  const held = readFileSync(path.join(dir, 'val.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, PARITY_PROMPTS)
    .map((l) => (JSON.parse(l) as { segments: { text: string; train: boolean }[] }).segments);
  // Each prompt is the conversation up to the model's first turn, as a chat shows it.
  const prompts = held.map((segments) =>
    segments
      .slice(
        0,
        segments.findIndex((s) => s.train),
      )
      .map((s) => s.text)
      .join(''),
  );
  const promptFile = path.join(dir, 'parity-prompts.json');
  writeFileNoFollow(promptFile, JSON.stringify(prompts));
  const generated = (await trainer(['generate', '--out', dir, '--prompt-file', promptFile, '--tokens', String(PARITY_TOKENS)])).find(
    (e) => e.event === 'generated',
  );
  const expected = (generated?.results ?? []) as { generated: number[] }[];
  const model = await (await engine.llama()).loadModel({ modelPath: file, contextSize: 4096 });
  try {
    let equal = 0;
    for (const [i, prompt] of prompts.entries()) {
      const ours = await model.greedyTokens(prompt, PARITY_TOKENS);
      if (JSON.stringify(ours) === JSON.stringify(expected[i]?.generated)) equal++;
      else
        throw saidError('Internal', {
          message: 'error.nanoParity',
          vars: { prompt: i + 1, llama: ours.join(','), torch: (expected[i]?.generated ?? []).join(',') },
        });
    }
    return { prompts: prompts.length, equal };
  } finally {
    await model.dispose();
  }
}
