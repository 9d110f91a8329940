// Engine API methods of synthesis: run (resumable, finishing the graph's verification first when it is incomplete),
// export a dataset in a training format, list datasets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallOptions, DatasetInfo, ExportResult, SynthRunParams, SynthRunResult, SynthRunSummary } from '../../api/contract.ts';
import { KopaError } from '../../core/errors.ts';
import { checkPhraseBook, type PhraseBook } from '../../core/synth/phraseBook.ts';
import type { ExportFormat } from '../../core/synth/formats.ts';
import type { Engine } from '../Engine.ts';
import { SeedBook } from '../edge/seedBook.ts';
import { DatasetRepository, type DatasetRow } from '../store/repositories/DatasetRepository.ts';
import { EdgeRepository } from '../store/repositories/EdgeRepository.ts';
import { writeExport } from '../synth/exporter.ts';
import { Synthesizer } from '../synth/synthesizer.ts';
import { proposeEdges, verifyEdges } from './edges.ts';

export function loadPhraseBook(engine: Engine): PhraseBook {
  const book = JSON.parse(readFileSync(path.join(engine.resourcesDir, 'synth', 'phrases.json'), 'utf8')) as PhraseBook;
  const problems = checkPhraseBook(book, engine.catalog());
  if (problems.length > 0) throw new KopaError('Internal', `resources/synth/phrases.json does not match the catalog: ${problems.join('; ')}`);
  return book;
}

export async function runSynthesis(engine: Engine, params: SynthRunParams, options: CallOptions): Promise<SynthRunResult> {
  const mode = params.mode ?? 'emulator';
  const edges = new EdgeRepository(engine.store.db);
  const asOf = params.asOf ? new Date(params.asOf) : engine.clock(mode);
  let verification: SynthRunResult['verification'];
  // Walking a graph whose verification never finished (killed half way, or new candidates since) would walk part of
  // it and write a different dataset without a word: the verification is finished first.
  proposeEdges(engine);
  const untried = edges.untried();
  if (edges.count({ status: 'verified' }) === 0 || untried > 0) {
    options.onProgress?.({ stage: 'verify', message: `${untried} link${untried === 1 ? '' : 's'} not verified yet: finishing the graph's verification first` });
    verification = await verifyEdges(engine, { mode, snapshot: params.snapshot, asOf: asOf.toISOString() }, options);
  }
  const verified = edges.list({ status: 'verified' });
  const gateway = engine.gateway();
  const call = (tool: string, args: Record<string, unknown>) => gateway.call(tool, args, { mode, snapshot: params.snapshot, signal: options.signal });
  const seeds = new SeedBook({ catalog: engine.catalog(), call, asOf });
  options.onProgress?.({ stage: 'seeds', message: 'finding inputs that make each tool answer' });
  await seeds.prepare(new Set(verified.flatMap((e) => [e.fromTool, e.toTool])));
  const datasets = new DatasetRepository(engine.store.db);
  const synthesizer = new Synthesizer({ catalog: engine.catalog(), book: loadPhraseBook(engine), resourcesDir: engine.resourcesDir, edges: verified, seeds, datasets, call, graphVersion: edges.graphVersion() });
  const summary = await synthesizer.run(
    {
      count: params.count,
      minSteps: params.minSteps ?? 2,
      maxSteps: params.maxSteps ?? 5,
      seed: params.seed ?? '1',
      backend: mode === 'replay' ? `replay:${params.snapshot ?? '*'}` : mode,
      asOf: asOf.toISOString(),
      phrasings: params.phrasings ?? 2,
    },
    { name: params.name, signal: options.signal, onProgress: options.onProgress },
  );
  const result: SynthRunResult = { summary, ...(verification ? { verification } : {}) };
  if (params.out && params.format) result.export = exportDataset(engine, String(summary.dataset.id), params.out, params.format, params.distractors);
  return result;
}

function findDataset(repo: DatasetRepository, ref: string): DatasetRow {
  const found = /^\d+$/.test(ref) ? repo.get(Number(ref)) : repo.byName(ref);
  if (!found) throw new KopaError('NotFound', `There is no dataset ${ref}.`, { hint: 'kopa synth list shows the datasets.' });
  return found;
}

export function exportDataset(engine: Engine, ref: string, out: string, format: ExportFormat, distractors?: number): ExportResult {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = findDataset(repo, ref);
  const samples = repo.samples(dataset.id);
  return writeExport(samples, engine.catalog(), dataset, dataset.summary as unknown as SynthRunSummary | undefined, { format, file: path.resolve(out), distractors });
}

export function listDatasets(engine: Engine): DatasetInfo[] {
  const repo = new DatasetRepository(engine.store.db);
  return repo.list().map((d) => ({ id: d.id, name: d.name, status: d.status, samples: repo.sampleCount(d.id), createdAt: d.createdAt, graphVersion: d.graphVersion, backend: d.backend, seed: d.seed }));
}
