// What every KOPA-Nano run does with its trainer and its model file, supervised (`train.nano`) or reinforced
// (`train.nanoGrpo`): nano.py commands whose events are kept in the run's folder (events.jsonl outlives the job), the
// checkpoint exported as a GGUF through the project's writer, refused unless llama.cpp continues held-out prompts as
// torch does, and registered under the run's name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NANO_CHAT_TEMPLATE } from '../../../core/train/nano/nanoCorpus.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import type { ResultRowForm } from '../../../core/resultView/resultView.ts';
import { writeNanoGguf } from '../../../../native/gguf/nanoGguf.ts';
import type { EngineServices } from '../../EngineServices.ts';
import { appendFileNoFollow, writeFileNoFollow } from '../../files/noFollow.ts';
import { TrainerSession, trainingPython, type TrainerEvent } from './trainerProcess.ts';

/** One sample in this many is held out of a run's corpus. */
export const HELD_OUT_EVERY = 10;

/** What a run's corpus was written from (run.json). */
export interface NanoRunRecord {
  dataset: string;
  datasetId: number;
  samples: number;
  resultTokens: number;
  /** How the corpus wrote a result's rows (columns where absent). */
  resultRows?: ResultRowForm;
  /** Which trajectories of each sample the corpus teaches ("one" where a run predates the choice). */
  trajectories?: 'one' | 'all';
  /** The corpus's training lines (one per trajectory taught). */
  lines?: number;
}

export const readRunRecord = (dir: string): NanoRunRecord => JSON.parse(readFileSync(path.join(dir, 'run.json'), 'utf8')) as NanoRunRecord;

/**
 * A run's nano.py commands, served by one process in turn (`close()` ends it); each event but the generated ids is
 * appended to the run's events.jsonl, and to the kept folder's when the run is kept.
 */
export interface NanoTrainer {
  run(args: string[], onEvent?: (e: TrainerEvent) => void): Promise<TrainerEvent[]>;
  close(): Promise<void>;
}

export function nanoTrainer(engine: EngineServices, dir: string, signal?: AbortSignal, keep?: string): NanoTrainer {
  const session = new TrainerSession({ python: trainingPython(process.env), scripts: path.join(engine.resourcesDir, 'train', 'nano') });
  const logs = [dir, ...(keep ? [keep] : [])].map((d) => path.join(d, 'events.jsonl'));
  return {
    run: (args, onEvent) =>
      session.run(
        args,
        (e) => {
          const line = `${JSON.stringify({ at: new Date().toISOString(), ...e })}\n`;
          if (e.event !== 'generated') for (const log of logs) appendFileNoFollow(log, line);
          onEvent?.(e);
        },
        signal,
      ),
    close: () => session.close(),
  };
}

/** The run's checkpoint as the GGUF `file`, with the run's name and provenance recorded in it. */
export async function exportNanoGguf(
  trainer: NanoTrainer,
  dir: string,
  file: string,
  name: string,
  record: NanoRunRecord,
  provenance: Record<string, string>,
): Promise<void> {
  await trainer.run(['export', '--out', dir]);
  await writeNanoGguf(path.join(dir, 'export'), file, {
    name,
    toolPrompt: 'compact',
    resultTokens: record.resultTokens,
    resultRows: record.resultRows ?? 'columns',
    chatTemplate: NANO_CHAT_TEMPLATE,
    provenance: { dataset: record.dataset, samples: String(record.samples), ...provenance },
  });
}

/**
 * The run's model file, registered under its name; the run's earlier model (fewer steps) is replaced, not kept beside
 * it. A run stopped by its user gets here too, past its stop: keeping what it learned is why training stops cleanly,
 * and a model this size hashes in a moment.
 */
export async function registerNano(engine: EngineServices, file: string, name: string): Promise<{ id: string; name: string; file: string; sha256: string }> {
  const registry = engine.models();
  for (const old of registry.list().filter((m) => m.location === file)) registry.remove(old.id);
  const info = await registry.add(file, { name });
  return { id: info.id, name: info.name, file, sha256: info.sha256 ?? '' };
}

/** Held-out prompts the GGUF must continue exactly as the trainer's torch model does. */
const PARITY_PROMPTS = 3;
const PARITY_TOKENS = 24;

/**
 * llama.cpp's greedy continuation of held-out prompts against torch's, token for token: a GGUF that does not compute
 * what was trained (a tensor's layout, the rotary convention, the tokenizer) is refused here, before it is registered.
 */
export async function checkParity(engine: EngineServices, dir: string, file: string, trainer: NanoTrainer): Promise<{ prompts: number; equal: number }> {
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
  const generated = (await trainer.run(['generate', '--out', dir, '--prompt-file', promptFile, '--tokens', String(PARITY_TOKENS)])).find(
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
