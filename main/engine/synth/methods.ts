// Engine API methods of synthesis: run (resumable, finishing the graph's verification first when it is incomplete),
// export a dataset in a training format, list datasets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  CallOptions,
  DatasetInfo,
  ExportResult,
  SampleSummary,
  SynthRunParams,
  SynthRunResult,
  SynthRunSummary,
  SynthMethods,
} from '../../api/contract.ts';
import type { SynthSample } from '../../core/synth/types.ts';
import type { Edge } from '../../core/edges/types.ts';
import type { GatewayMode } from '../../core/gateway/callResult.ts';
import type { PlanCaller } from '../plan/executePlan.ts';
import { checkIntents, intentFileSchema, type Intent } from '../../core/synth/intents.ts';
import { lintContext } from '../bench/catalogFacts.ts';
import { loadSuite } from '../bench/suite.ts';
import { IntentSynthesizer } from './intentSynthesizer.ts';
import { checkPhraseBook, type PhraseBook } from '../../core/synth/phraseBook.ts';
import type { ExportFormat, ToolStyle } from '../../core/synth/formats.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { SeedBook } from '../edges/seedBook.ts';
import { DatasetRepository, type DatasetRow } from '../store/repositories/DatasetRepository.ts';
import { edgeStore } from '../edges/edgeStore.ts';
import { writeExport } from './exporter.ts';
import { WalkSynthesizer } from './walkSynthesizer.ts';
import { Paraphraser } from './paraphraser.ts';
import { proposeEdges, verifyEdges } from '../edges/methods.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export function loadPhraseBook(engine: EngineServices): PhraseBook {
  const book = JSON.parse(readFileSync(path.join(engine.resourcesDir, 'synth', 'phrases.json'), 'utf8')) as PhraseBook;
  const problems = checkPhraseBook(book, engine.catalog());
  if (problems.length > 0)
    throw saidError('Internal', { message: 'error.phraseBook', hint: 'error.synthResources.hint', vars: { problems: problems.join('; ') } });
  return book;
}

/** The intent library (resources/synth/intents.json), checked against the catalog and the phrase book. */
export function loadIntents(engine: EngineServices, book: PhraseBook): Intent[] {
  const file = path.join(engine.resourcesDir, 'synth', 'intents.json');
  const parsed = intentFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw saidError('Internal', {
      message: 'error.intentLibraryShape',
      hint: 'error.synthResources.hint',
      vars: {
        problems: parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; '),
      },
    });
  const problems = checkIntents(parsed.data.intents, engine.catalog());
  for (const intent of parsed.data.intents) {
    if (intent.answer.pick.kind === 'facet' && !book.tools[intent.goal]?.facets)
      problems.push(`intent ${intent.id}: ${intent.goal} has no categories in resources/synth/phrases.json`);
  }
  if (problems.length > 0)
    throw saidError('Internal', {
      message: 'error.intentLibrary',
      hint: 'error.synthResources.hint',
      vars: { problems: `${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5})` : ''}` },
    });
  return parsed.data.intents;
}

export async function runSynthesis(engine: EngineServices, params: SynthRunParams, options: CallOptions): Promise<SynthRunResult> {
  const mode = params.mode ?? 'emulator';
  if (params.paraphraseModel && params.strategy === 'walk') throw saidError('Usage', { message: 'error.paraphraseWalk', hint: 'error.paraphraseWalk.hint' });
  const asOf = params.asOf ? new Date(params.asOf) : engine.clock(mode);
  const { verified, verification } = await verifiedLinks(engine, { mode, snapshot: params.snapshot, asOf }, options);
  const gateway = engine.gateway();
  // The emulator answers as of the run's moment, so a resumed run (another day) gets the answers the first part got.
  const call = (tool: string, args: Record<string, unknown>) =>
    gateway.call(tool, args, {
      mode,
      snapshot: params.snapshot,
      signal: options.signal,
      origin: 'synth',
      ...(mode === 'emulator' ? { emulatorNow: asOf } : {}),
    });
  const seeds = new SeedBook({ catalog: engine.catalog(), call, asOf });
  options.onProgress?.({ stage: 'seeds', message: 'finding inputs that make each tool answer', said: { key: 'job.msg.seeds' } });
  await seeds.prepare(new Set(verified.flatMap((e) => [e.fromTool, e.toTool])));
  const shared: SynthesisInputs = {
    book: loadPhraseBook(engine),
    edges: verified,
    seeds,
    datasets: new DatasetRepository(engine.store.db),
    call,
    graphVersion: edgeStore(engine).graphVersion(),
    backend: mode === 'replay' ? `replay:${params.snapshot ?? '*'}` : mode,
    asOf: asOf.toISOString(),
    run: { name: params.name, signal: options.signal, onProgress: options.onProgress },
  };
  const summary =
    (params.strategy ?? 'intents') === 'intents'
      ? await synthesizeIntents(engine, shared, params, mode, options.signal)
      : await synthesizeWalks(engine, shared, params);
  const result: SynthRunResult = { summary, ...(verification ? { verification } : {}) };
  if (params.out && params.format)
    result.export = exportDataset(engine, String(summary.dataset.id), {
      out: params.out,
      format: params.format,
      distractors: params.distractors,
      toolStyle: params.toolStyle,
    });
  return result;
}

/** What both synthesizers are given: the phrase book, the verified links, inputs that answer, and where samples go. */
interface SynthesisInputs {
  book: PhraseBook;
  edges: Edge[];
  seeds: SeedBook;
  datasets: DatasetRepository;
  call: PlanCaller;
  graphVersion: number;
  backend: string;
  asOf: string;
  run: Pick<CallOptions, 'signal' | 'onProgress'> & { name?: string };
}

/**
 * The graph's dependency links, verified first where verification is incomplete: walking a graph whose verification
 * never finished (killed half way, or new candidates since) would walk part of it and write a different dataset
 * without a word.
 */
async function verifiedLinks(
  engine: EngineServices,
  at: { mode: GatewayMode; snapshot: string | undefined; asOf: Date },
  options: CallOptions,
): Promise<{ verified: Edge[]; verification?: SynthRunResult['verification'] }> {
  const edges = edgeStore(engine);
  proposeEdges(engine);
  const untried = edges.untried();
  let verification: SynthRunResult['verification'];
  if (edges.count({ status: 'verified' }) === 0 || untried > 0) {
    options.onProgress?.({
      stage: 'verify',
      message: `${untried} link${untried === 1 ? '' : 's'} not verified yet: finishing the graph's verification first`,
      said: { key: 'job.msg.verifyFirst', vars: { n: untried } },
    });
    verification = await verifyEdges(engine, { mode: at.mode, snapshot: at.snapshot, asOf: at.asOf.toISOString() }, options);
  }
  // A link that only matches in format (a forecast's date as an apartment-deal month) would teach chains no one asks.
  const verified = edges.list({ status: 'verified' }).filter((e) => e.kind === 'dependency');
  return verification ? { verified, verification } : { verified };
}

async function synthesizeIntents(
  engine: EngineServices,
  inputs: SynthesisInputs,
  params: SynthRunParams,
  mode: GatewayMode,
  signal: AbortSignal | undefined,
): Promise<SynthRunSummary> {
  const catalog = engine.catalog();
  const paraphrasing = params.paraphraseModel ? await resolveBackend(engine, { model: params.paraphraseModel }, signal) : undefined;
  const { run, backend, asOf, ...given } = inputs;
  const synthesizer = new IntentSynthesizer({
    ...given,
    catalog,
    intents: loadIntents(engine, inputs.book),
    resourcesDir: engine.resourcesDir,
    bench: loadSuite('kopa', engine.resourcesDir, catalog).tasks,
    lint: lintContext(catalog),
    ...(mode === 'emulator' ? { businessNumbers: (await engine.emulator()).world.businesses.all().map((b) => b.bno) } : {}),
    ...(paraphrasing ? { paraphraser: new Paraphraser(paraphrasing, { signal }) } : {}),
  });
  try {
    return await synthesizer.run(
      {
        count: params.count,
        seed: params.seed ?? '1',
        backend,
        asOf,
        phrasings: params.phrasings ?? 2,
        maxSteps: params.maxSteps ?? 5,
        trajectories: params.trajectories,
        // Absent unless given, so that a dataset synthesized before the parameter resumes under the same settings.
        ...(params.places !== undefined ? { places: params.places } : {}),
      },
      run,
    );
  } finally {
    await paraphrasing?.dispose();
  }
}

function synthesizeWalks(engine: EngineServices, inputs: SynthesisInputs, params: SynthRunParams): Promise<SynthRunSummary> {
  const { run, backend, asOf, ...given } = inputs;
  const synthesizer = new WalkSynthesizer({ ...given, catalog: engine.catalog(), resourcesDir: engine.resourcesDir });
  return synthesizer.run(
    {
      count: params.count,
      minSteps: params.minSteps ?? 2,
      maxSteps: params.maxSteps ?? 5,
      seed: params.seed ?? '1',
      backend,
      asOf,
      phrasings: params.phrasings ?? 2,
    },
    run,
  );
}

export function findDataset(repo: DatasetRepository, ref: string): DatasetRow {
  const found = /^\d+$/.test(ref) ? repo.get(Number(ref)) : repo.byName(ref);
  if (!found) throw saidError('NotFound', { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: ref } });
  return found;
}

export function exportDataset(
  engine: EngineServices,
  ref: string,
  request: { out: string; format: ExportFormat; distractors?: number; toolStyle?: ToolStyle },
): ExportResult {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = findDataset(repo, ref);
  const samples = repo.samples(dataset.id);
  return writeExport(samples, engine.catalog(), dataset, dataset.summary as unknown as SynthRunSummary | undefined, {
    format: request.format,
    file: path.resolve(request.out),
    distractors: request.distractors,
    toolStyle: request.toolStyle,
  });
}

function datasetInfo(repo: DatasetRepository, d: DatasetRow): DatasetInfo {
  return {
    id: d.id,
    name: d.name,
    status: d.status,
    samples: repo.sampleCount(d.id),
    createdAt: d.createdAt,
    graphVersion: d.graphVersion,
    backend: d.backend,
    seed: d.seed,
  };
}

export function listDatasets(engine: EngineServices): DatasetInfo[] {
  const repo = new DatasetRepository(engine.store.db);
  return repo.list().map((d) => datasetInfo(repo, d));
}

export function datasetSamples(engine: EngineServices, ref: string): { dataset: DatasetInfo; samples: SampleSummary[] } {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = findDataset(repo, ref);
  const samples = repo.samples(dataset.id).map((s) => ({
    ordinal: s.ordinal,
    query: s.query,
    steps: s.walk.plan.steps.length,
    tools: [...new Set(s.walk.plan.steps.map((step) => step.tool))],
    alternatives: s.alternatives.length,
    register: s.register ?? null,
    intent: s.intent ?? null,
  }));
  return { dataset: datasetInfo(repo, dataset), samples };
}

export function datasetSample(engine: EngineServices, ref: string, ordinal: number): SynthSample {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = findDataset(repo, ref);
  const sample = repo.sample(dataset.id, ordinal);
  if (!sample)
    throw saidError('NotFound', {
      message: 'error.noSample',
      hint: 'error.noSample.hint',
      vars: { name: dataset.name, n: ordinal, count: repo.sampleCount(dataset.id) },
    });
  return sample;
}

/** Synthesis's API methods. */
export const synthMethods = (engine: EngineServices): MethodHandlers<SynthMethods> => ({
  'synth.run': (params, options) => runSynthesis(engine, params, options),
  'synth.export': async ({ dataset, ...request }) => exportDataset(engine, dataset, request),
  'synth.samples': async ({ dataset }) => datasetSamples(engine, dataset),
  'synth.sample': async ({ dataset, ordinal }) => datasetSample(engine, dataset, ordinal),
  'synth.list': async () => listDatasets(engine),
});
