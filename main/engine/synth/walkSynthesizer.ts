// A synthesis run: walks of the verified graph, executed, phrased in Korean, passed through the quality gates,
// diversified, and kept in the database as they come, so a killed run resumes with the walks it would have
// drawn next. The summary reports the gates, the diversity (distinct tool sequences, path lengths) and the
// coverage of tools and links.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { Edge } from '../../core/edges/types.ts';
import { Rng } from '../../core/random.ts';
import { checkGates, gateNames, planSignature, remember, type GateName } from '../../core/synth/gates.ts';
import type { PhraseBook } from '../../core/synth/phraseBook.ts';
import { answerSentence, composeRequest } from '../../core/synth/phrasing.ts';
import { registers, type SynthSample } from '../../core/synth/types.ts';
import type { Progress, SynthRunSummary } from '../../api/contract.ts';
import type { SeedBook } from '../edges/seedBook.ts';
import type { PlanCaller } from '../plan/executePlan.ts';
import type { DatasetRepository, DatasetRow } from '../store/repositories/DatasetRepository.ts';
import { openRun, runSummary } from './synthRun.ts';
import { WalkValues } from './walkValues.ts';
import { Walker } from './walker.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface WalkSynthParams {
  count: number;
  minSteps: number;
  maxSteps: number;
  seed: string;
  /** emulator, live or replay:SNAPSHOT. */
  backend: string;
  /** ISO moment the requests' "지금" and "지난달" mean. */
  asOf: string;
  /** Requests written per plan (registers). */
  phrasings: number;
}

interface Counters {
  attempts: number;
  walkFailures: number;
  gates: Record<GateName, number>;
}

export interface SynthesizerDeps {
  catalog: Catalog;
  book: PhraseBook;
  resourcesDir: string;
  edges: Edge[];
  seeds: SeedBook;
  datasets: DatasetRepository;
  call: PlanCaller;
  graphVersion: number;
  now?: () => Date;
}

const emptyGates = (): Record<GateName, number> => Object.fromEntries(gateNames.map((g) => [g, 0])) as Record<GateName, number>;

export class WalkSynthesizer {
  private readonly deps: SynthesizerDeps;

  constructor(deps: SynthesizerDeps) {
    this.deps = deps;
  }

  async run(params: WalkSynthParams, options: { name?: string; signal?: AbortSignal; onProgress?: (p: Progress) => void } = {}): Promise<SynthRunSummary> {
    const started = performance.now();
    const now = this.deps.now ?? (() => new Date());
    const { datasets, catalog, book } = this.deps;
    if (this.deps.edges.length === 0) throw saidError('Usage', { message: 'error.noVerifiedLinks', hint: 'error.noVerifiedLinks.hint' });
    const { dataset, resumed, previous, saved, seen } = openRun<Counters>(
      datasets,
      { ...params },
      options.name,
      params.seed,
      params.backend,
      this.deps.graphVersion,
      now(),
    );
    const counters: Counters = { attempts: saved.attempts ?? 0, walkFailures: saved.walkFailures ?? 0, gates: { ...emptyGates(), ...saved.gates } };

    const asOf = new Date(params.asOf);
    const pools = WalkValues.load(this.deps.resourcesDir, catalog, this.deps.seeds);
    const walker = new Walker({ catalog, book, edges: this.deps.edges, seeds: this.deps.seeds, pools, call: this.deps.call, asOf });
    const names = Object.fromEntries(catalog.list().map((t) => [t.id, t.name.ko]));
    const maxAttempts = Math.max(200, params.count * 40);
    let kept = previous.length;

    while (kept < params.count && counters.attempts < maxAttempts) {
      if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.synthStopped', vars: { kept, count: params.count } });
      const attempt = counters.attempts++;
      const rng = Rng.for(params.seed, 'walk', attempt);
      const outcome = await walker.walk(rng, params.minSteps, params.maxSteps);
      if (!outcome.ok) {
        counters.walkFailures++;
        if (attempt % 25 === 0) datasets.progress(dataset.id, { ...counters });
        continue;
      }
      const walk = outcome.walk;
      const phrasings = [
        ...new Set(
          Array.from({ length: Math.max(1, params.phrasings) }, (_, i) =>
            composeRequest(walk, book, names, registers[(attempt + i) % registers.length]!, attempt + i),
          ),
        ),
      ];
      const query = phrasings[0]!;
      const signature = planSignature(walk);
      const verdict = checkGates(walk, query, seen, signature);
      if (!verdict.ok) {
        counters.gates[verdict.gate]++;
        continue;
      }
      remember(seen, signature, query);
      const sample: SynthSample = {
        ordinal: kept + 1,
        walk,
        query,
        phrasings,
        answerText: answerSentence(walk, walk.trace.answer),
        alternatives: [],
        signature,
        graphVersion: this.deps.graphVersion,
        backend: params.backend,
      };
      kept++;
      datasets.addSample(dataset.id, sample, { ...counters }, now());
      options.onProgress?.({
        stage: 'synthesize',
        done: kept,
        total: params.count,
        counts: { attempts: counters.attempts, walkFailures: counters.walkFailures, ...counters.gates },
      });
    }

    const summary = this.summarize(
      dataset,
      resumed,
      params,
      counters,
      datasets.samples(dataset.id),
      kept - previous.length,
      (performance.now() - started) / 1000,
    );
    datasets.finish(dataset.id, 'done', summary as unknown as Record<string, unknown>, now());
    return summary;
  }

  private summarize(
    dataset: DatasetRow,
    resumed: boolean,
    params: WalkSynthParams,
    counters: Counters,
    samples: SynthSample[],
    keptNow: number,
    seconds: number,
  ): SynthRunSummary {
    return runSummary({
      dataset,
      resumed,
      requested: params.count,
      attempts: counters.attempts,
      failures: counters.walkFailures,
      gates: counters.gates,
      samples,
      edges: this.deps.edges,
      graphVersion: this.deps.graphVersion,
      backend: params.backend,
      seed: params.seed,
      asOf: params.asOf,
      keptNow,
      seconds,
    });
  }
}
