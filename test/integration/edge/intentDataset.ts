// One intent synthesis of 1,000 samples on the emulator, exported as OpenAI rows, made once for the specifications
// that read it (intentSynth.spec.ts: the gates it promises; synthVisible.spec.ts: what its model was shown): making it
// is most of their time, and both hold of any seed's dataset.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SynthRunResult } from '../../../main/api/contract.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import { Engine } from '../../../main/engine/Engine.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';

export interface OpenAiRow {
  messages: { role: string; content: string | null; tool_calls?: { function: { name: string; arguments: string } }[] }[];
  tools: unknown[];
}

export interface IntentDataset {
  /** The data folder, with the export (train.jsonl) and its card (train.jsonl.card.md). */
  dir: string;
  engine: Engine;
  run: SynthRunResult;
  samples: SynthSample[];
  /** The export's rows, in the samples' order. */
  rows: OpenAiRow[];
}

/** Filled before the file's first test by `useIntentDataset`. */
export const dataset = {} as IntentDataset;

export function useIntentDataset(): void {
  beforeAll(async () => {
    dataset.dir = await verifiedDataDir({ keep: 'file' });
    dataset.engine = Engine.open({ dataDir: dataset.dir, host: 'test', emulator: { now: () => TEST_NOW } });
    const out = path.join(dataset.dir, 'train.jsonl');
    dataset.run = await dataset.engine.call('synth.run', { count: 1000, seed: 'intents', format: 'openai', out });
    dataset.samples = new DatasetRepository(dataset.engine.store.db).samples(dataset.run.summary.dataset.id);
    dataset.rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OpenAiRow);
  }, 600_000);
  afterAll(() => dataset.engine?.dispose());
}
