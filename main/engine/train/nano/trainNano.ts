// `train.nano` (`kopa train nano`): KOPA-Nano trained here, from a synthesized dataset, into a model the app runs. In
// the run's folder (the data folder's train/nano/NAME): the corpus (each sample as the app shows it to this model:
// ChatML, grammar mode, the tools one line each, results through a small view; every tenth sample held out), the
// SentencePiece tokenizer, the trainer's checkpoint (resumed whenever the same job runs again) and its events
// (events.jsonl: the loss curve), the exported weights and the GGUF, which is then registered. Each step is skipped when its output is there, so a run cut short at any
// moment goes on where it stopped. With `keep`, a folder meant to be committed holds what another machine needs to go on
// (keptRun.ts).
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { CallOptions, NanoTrajectories, TrainNanoParams, TrainNanoResult } from '../../../api/contract.ts';
import type { SynthSample } from '../../../core/synth/types.ts';
import type { ResultRowForm } from '../../../core/resultView/resultView.ts';
import type { PlainMessage } from '../../../core/agent/grammarConversation.ts';
import { exportRow } from '../../../core/synth/formats.ts';
import { corpusSegments } from '../../../core/train/nano/nanoCorpus.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import type { EngineServices } from '../../EngineServices.ts';
import { DatasetRepository, type DatasetRow } from '../../store/repositories/DatasetRepository.ts';
import { findDataset } from '../../synth/methods.ts';
import { visibleTools } from '../../synth/exporter.ts';
import { writeFileNoFollow } from '../../files/noFollow.ts';
import { keepRunFiles, restoreKept } from './keptRun.ts';
import { checkParity, exportNanoGguf, HELD_OUT_EVERY, nanoTrainer, registerNano, type NanoRunRecord } from './nanoRun.ts';

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
  resultRows: 'columns' as ResultRowForm,
  trajectories: 'one' as NanoTrajectories,
};
/** Tools offered beside each plan's own, as an export offers them. */
export const DISTRACTORS = 3;

/**
 * The trajectories a sample teaches: its own, and with "all" each alternative that reached the same answer (the
 * paper's trajectory diversification), each as the same request with the same tools offered.
 */
function taught(sample: SynthSample, trajectories: NanoTrajectories): SynthSample[] {
  if (trajectories === 'one') return [sample];
  const others = sample.alternatives.filter((a) => a.trace).map((a) => ({ ...sample, walk: { ...sample.walk, plan: a.plan, trace: a.trace! } }));
  return [sample, ...others];
}

/** What the corpus is written as: the result view the model will read, and the trajectories it teaches. */
interface CorpusForm {
  resultTokens: number;
  resultRows: ResultRowForm;
  trajectories: NanoTrajectories;
}

/** A run folder's corpus was written in one form: asking for another is refused, not mixed in. */
function checkSameForm(dir: string, record: NanoRunRecord, form: CorpusForm): void {
  if ((record.trajectories ?? 'one') !== form.trajectories)
    throw saidError('InvalidRequest', {
      message: 'error.nanoRunTrajectories',
      hint: 'error.nanoRunDataset.hint',
      vars: { dir, other: record.trajectories ?? 'one' },
    });
  if ((record.resultRows ?? 'columns') !== form.resultRows)
    throw saidError('InvalidRequest', {
      message: 'error.nanoRunRows',
      hint: 'error.nanoRunDataset.hint',
      vars: { dir, other: record.resultRows ?? 'columns' },
    });
}

/** Writes the corpus of a dataset (train and held-out lines), unless the run already has it. */
function writeCorpus(engine: EngineServices, dir: string, dataset: DatasetRow, form: CorpusForm): NanoRunRecord {
  const recordFile = path.join(dir, 'run.json');
  const repo = new DatasetRepository(engine.store.db);
  if (existsSync(recordFile)) {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as NanoRunRecord;
    if (record.datasetId !== dataset.id)
      throw saidError('InvalidRequest', { message: 'error.nanoRunDataset', hint: 'error.nanoRunDataset.hint', vars: { dir, other: record.dataset } });
    checkSameForm(dir, record, form);
    return record;
  }
  const catalog = engine.catalog();
  const train: string[] = [];
  const held: string[] = [];
  const samples = repo.samples(dataset.id);
  for (const sample of samples) {
    const offered = visibleTools(sample, catalog, DISTRACTORS);
    const line = (s: SynthSample): string => {
      const view = { tokenBudget: form.resultTokens, rows: form.resultRows };
      const row = exportRow('openai', s, offered, { toolStyle: 'compact', view }) as { messages: PlainMessage[] };
      return JSON.stringify({ ordinal: s.ordinal, segments: corpusSegments(row.messages) });
    };
    // Held-out questions are judged on their own trajectory alone, whatever the training reads.
    if (sample.ordinal % HELD_OUT_EVERY === 0) held.push(line(sample));
    else train.push(...taught(sample, form.trajectories).map(line));
  }
  writeFileNoFollow(path.join(dir, 'train.jsonl'), `${train.join('\n')}\n`);
  writeFileNoFollow(path.join(dir, 'val.jsonl'), `${held.join('\n')}\n`);
  const { resultTokens, resultRows, trajectories } = form;
  const record: NanoRunRecord = {
    dataset: dataset.name,
    datasetId: dataset.id,
    samples: samples.length,
    resultTokens,
    // Written only where it is not the default, as runs before named rows wrote their records.
    ...(resultRows === 'named' ? { resultRows } : {}),
    trajectories,
    lines: train.length,
  };
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
  const keep = params.keep ? path.resolve(params.keep) : undefined;
  if (keep) restoreKept(keep, dir);
  const trainer = nanoTrainer(engine, dir, options.signal, keep);
  try {
    progress('corpus', 0, 1);
    const dataset = findDataset(new DatasetRepository(engine.store.db), params.dataset);
    const record = writeCorpus(engine, dir, dataset, { resultTokens: p.resultTokens, resultRows: p.resultRows, trajectories: p.trajectories });
    progress('corpus', 1, 1, `${record.samples} samples of ${record.dataset}${record.lines ? `, ${record.lines} trajectories to learn from` : ''}`);
    if (!existsSync(path.join(dir, 'tokenizer.model'))) {
      progress('tokenizer', 0, 1);
      await trainer.run(['tokenizer', '--corpus', path.join(dir, 'train.jsonl'), '--out', dir, '--vocab', String(p.vocab)]);
      progress('tokenizer', 1, 1);
    }
    // The kept weights go on learning from today's corpus either way; the user is told when it is not the one they began on.
    const sameCorpus = keep ? keepRunFiles(keep, dir, dataset).sameCorpus : true;
    if (!sameCorpus) progress('corpus', 1, 1, `the corpus differs from the one recorded in ${path.join(keep ?? '', 'dataset.json')}`);
    let step = 0;
    let tokens = 0;
    let loss: number | null = null;
    let validationLoss: number | null = null;
    let parameters: number | null = null;
    const events = await trainer.run(
      [
        'train',
        ...['--corpus', path.join(dir, 'train.jsonl'), '--val', path.join(dir, 'val.jsonl'), '--out', dir],
        ...(keep ? ['--keep', keep] : []),
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
    const file = path.join(dir, `${p.name}.gguf`);
    await exportNanoGguf(trainer, dir, file, p.name, record, { steps: String(step), seed: String(p.seed) });
    progress('export', 1, 1);
    const parity = await checkParity(engine, dir, file, trainer);
    return {
      model: await registerNano(engine, file, p.name),
      runDir: dir,
      step,
      steps: p.steps,
      tokens,
      loss,
      validationLoss,
      parameters,
      parity,
      ...(keep ? { kept: { dir: keep, sameCorpus } } : {}),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await trainer.close();
  }
}
