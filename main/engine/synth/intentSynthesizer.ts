// Synthesis from intents: for each question people ask (resources/synth/intents.json), values a person would state
// are drawn from one place, every planned trajectory is executed, the first that answers becomes the sample and the
// others that reach the same answer its alternative trajectories; the request is written from one of the intent's
// phrasings, and the sample is kept only through every gate. Samples are saved as they come, so a killed run
// resumes where it stopped with the same command.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import type { Edge } from '../../core/edges/types.ts';
import { Rng } from '../../core/random.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import type { LintContext } from '../../core/bench/lints.ts';
import { lintTask } from '../../core/bench/lints.ts';
import { normaliseText } from '../../core/text/koreanText.ts';
import { planSignature, remember } from '../../core/synth/gates.ts';
import {
  arbitraryPicks,
  asBenchTask,
  benchIndex,
  checkIntentSample,
  idleSteps,
  intentGateNames,
  notARealValue,
  placeDisagreements,
  type IntentGateContext,
} from '../../core/synth/intentGates.ts';
import type { Intent } from '../../core/synth/intents.ts';
import { oneRowTools, orderedFields, type PhraseBook } from '../../core/synth/phraseBook.ts';
import { Planner, type Skeleton } from '../../core/synth/planner.ts';
import { answerText, fillPhrasing, pairedAnswerText } from '../../core/synth/requestText.ts';
import type { StatedValue } from '../../core/synth/statedInputs.ts';
import { registers, type Alternative, type Register, type SynthSample, type Walk } from '../../core/synth/types.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { IntentCard, Progress, SynthRunSummary } from '../../api/contract.ts';
import type { PlanCaller } from '../plan/executePlan.ts';
import type { DatasetRepository, DatasetRow } from '../store/repositories/DatasetRepository.ts';
import type { SeedBook } from '../edges/seedBook.ts';
import { IntentValues } from './intentValues.ts';
import { openRun, runSummary } from './synthRun.ts';
import { IntentExecutor } from './intentExecutor.ts';
import type { Paraphraser } from './paraphraser.ts';
import { median } from '../../core/median.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface IntentSynthParams {
  count: number;
  seed: string;
  backend: string;
  asOf: string;
  /** Requests written per sample, in different registers. */
  phrasings: number;
  /** Most tool calls in a trajectory, before query-tool steps. */
  maxSteps: number;
  /** Trajectories tried per question (the first that answers, and alternatives). Defaults to 4. */
  trajectories?: number;
  /**
   * 시군구 explored for the places, hospitals, pharmacies, addresses and stations questions name (intentValues.ts).
   * Defaults to 24. A model trained on few names learns them by heart instead of learning to copy a name it is given.
   */
  places?: number;
}

export interface IntentSynthDeps {
  catalog: Catalog;
  book: PhraseBook;
  intents: Intent[];
  resourcesDir: string;
  edges: Edge[];
  seeds: SeedBook;
  datasets: DatasetRepository;
  call: PlanCaller;
  graphVersion: number;
  /** KOPA-Bench's tasks: samples that duplicate one are dropped. */
  bench: BenchTask[];
  lint: LintContext;
  /** Business numbers a person could state (the emulator's register); none elsewhere. */
  businessNumbers?: string[];
  /** A loaded model that rewrites each request in other words; a rewrite is kept only through the same gates. */
  paraphraser?: Paraphraser;
  now?: () => Date;
}

const counterNames = ['noInputs', 'noTrajectory', ...intentGateNames] as const;
type CounterName = (typeof counterNames)[number];

interface Counters {
  attempts: number;
  gates: Record<CounterName, number>;
  /** Alternatives executed but dropped (another answer, or a gate). */
  alternativesDropped: number;
  /** The paraphrase pass: rewrites asked for, kept, and why the others were not (a gate, or the model's failure). */
  paraphrase: { tried: number; kept: number; rejected: Record<string, number> };
}

type RunOptions = { name?: string; signal?: AbortSignal; onProgress?: (p: Progress) => void };

/** What every attempt of one run draws on. */
interface RunSetting {
  plans: Map<string, Skeleton[]>;
  plannable: Intent[];
  sources: IntentValues;
  executor: IntentExecutor;
  ctx: IntentGateContext;
}

/** Counters as a resumed run left them (absent ones at zero). */
const resumedCounters = (saved: Partial<Counters>): Counters => ({
  attempts: saved.attempts ?? 0,
  gates: { ...emptyGates(), ...saved.gates },
  alternativesDropped: saved.alternativesDropped ?? 0,
  paraphrase: { tried: saved.paraphrase?.tried ?? 0, kept: saved.paraphrase?.kept ?? 0, rejected: { ...saved.paraphrase?.rejected } },
});

const counted = (counters: Counters, gate: CounterName): CounterName => {
  counters.gates[gate]++;
  return gate;
};

const emptyGates = (): Record<CounterName, number> => Object.fromEntries(counterNames.map((g) => [g, 0])) as Record<CounterName, number>;

const sameAnswer = (a: unknown, b: unknown): boolean =>
  canonicalJson(Array.isArray(a) ? [...a].map(String).sort() : a) === canonicalJson(Array.isArray(b) ? [...b].map(String).sort() : b);

export class IntentSynthesizer {
  private readonly deps: IntentSynthDeps;

  constructor(deps: IntentSynthDeps) {
    this.deps = deps;
  }

  async run(params: IntentSynthParams, options: RunOptions = {}): Promise<SynthRunSummary> {
    const started = performance.now();
    const now = this.deps.now ?? (() => new Date());
    const { datasets } = this.deps;
    if (this.deps.edges.length === 0) throw saidError('Usage', { message: 'error.noVerifiedLinks', hint: 'error.noVerifiedLinks.hint' });
    const { dataset, resumed, previous, saved, seen } = openRun<Counters>(
      datasets,
      { ...params, strategy: 'intents' },
      options.name,
      params.seed,
      params.backend,
      this.deps.graphVersion,
      now(),
    );
    const counters = resumedCounters(saved);
    const setting = await this.prepare(params, options, seen);
    const maxAttempts = Math.max(300, params.count * 25);
    const progress = (kept: number) =>
      options.onProgress?.({ stage: 'synthesize', done: kept, total: params.count, counts: { attempts: counters.attempts, ...counters.gates } });
    let kept = previous.length;
    while (kept < params.count && counters.attempts < maxAttempts) {
      if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.synthStopped', vars: { kept, count: params.count } });
      const attempt = counters.attempts++;
      const made = await this.attempt(setting, params, counters, attempt);
      if (made === 'noTrajectory' && attempt % 25 === 0) {
        datasets.progress(dataset.id, { ...counters });
        progress(kept);
      }
      if (typeof made === 'string') continue;
      remember(seen, made.signature, made.query);
      kept++;
      datasets.addSample(dataset.id, { ordinal: kept, ...made }, { ...counters }, now());
      progress(kept);
    }

    const samples = datasets.samples(dataset.id);
    const summary = this.summarize(dataset, resumed, params, counters, samples, kept - previous.length, (performance.now() - started) / 1000, setting.plans);
    datasets.finish(dataset.id, 'done', summary as unknown as Record<string, unknown>, now());
    return summary;
  }

  /** What every attempt of a run uses: each intent's plans, the values questions are asked about, the executor and the gates' context. */
  private async prepare(params: IntentSynthParams, options: RunOptions, seen: IntentGateContext['seen']): Promise<RunSetting> {
    const { catalog, book } = this.deps;
    const asOf = new Date(params.asOf);
    const planner = new Planner({
      catalog,
      edges: this.deps.edges,
      oneRow: oneRowTools(book),
      maxSteps: params.maxSteps,
      limit: Math.max(params.trajectories ?? 4, 1) + 2,
    });
    const plans = new Map(this.deps.intents.map((intent) => [intent.id, planner.plan(intent)]));
    const plannable = this.deps.intents.filter((i) => plans.get(i.id)!.length > 0);
    if (plannable.length === 0) throw saidError('Usage', { message: 'error.noPlannableIntent', hint: 'error.noPlannableIntent.hint' });
    options.onProgress?.({ stage: 'inputs', message: 'finding places, names and addresses the backend lists', said: { key: 'job.msg.inputs' } });
    const sources = await IntentValues.prepare({
      call: this.deps.call,
      resourcesDir: this.deps.resourcesDir,
      asOf,
      seed: params.seed,
      businessNumbers: this.deps.businessNumbers,
      ...(params.places !== undefined ? { places: params.places } : {}),
    });
    const executor = new IntentExecutor({ catalog, book, call: this.deps.call, baseArgs: (id) => this.deps.seeds.baseArgs(id), asOf });
    const ctx: IntentGateContext = { catalog, ordered: orderedFields(book), lint: this.deps.lint, bench: benchIndex(this.deps.bench, this.deps.lint), seen };
    return { plans, plannable, sources, executor, ctx };
  }

  /**
   * One attempt: an intent in its turn, values drawn for it, its trajectories executed, the question phrased and
   * gated. Gives the sample (its ordinal set by the caller) or the counter of what stopped it.
   */
  private async attempt(
    setting: RunSetting,
    params: IntentSynthParams,
    counters: Counters,
    attempt: number,
  ): Promise<Omit<SynthSample, 'ordinal'> | CounterName> {
    const { plans, plannable, sources, executor, ctx } = setting;
    const rng = Rng.for(params.seed, 'intent', attempt);
    // Every intent in turn, in an order of its own each round, so every question is asked about as often.
    const round = Math.floor(attempt / plannable.length);
    const order = Rng.for(params.seed, 'round', round).shuffle([...plannable]);
    const intent = order[attempt % plannable.length]!;
    const values = await sources.draw(intent, rng);
    if (!values) return counted(counters, 'noInputs');
    const executed = await this.trajectories(executor, intent, plans.get(intent.id)!, values, params.trajectories ?? 4);
    if (!executed.primary) return counted(counters, 'noTrajectory');
    const register = registers[attempt % registers.length]!;
    const phrasings = this.phrasings(intent, values, register, rng, params.phrasings);
    const template = phrasings[0]!;
    const walk = executed.primary;
    const signature = `${intent.id}:${planSignature(walk)}`;
    const verdict = checkIntentSample(walk, template, values, signature, ctx);
    if (!verdict.ok) return counted(counters, verdict.gate);
    const rewrite = this.deps.paraphraser
      ? await this.paraphrase(this.deps.paraphraser, { walk, template, register, values, signature, ctx, seed: rng.int(1, 2_147_483_646) }, counters)
      : undefined;
    const query = rewrite ?? template;
    const alternatives = executed.others.filter((alt) => this.alternativeHolds(alt, walk, query, values));
    counters.alternativesDropped += executed.others.length - alternatives.length;
    return {
      walk,
      query,
      phrasings: rewrite ? [rewrite, ...phrasings] : phrasings,
      ...(rewrite ? { paraphrasedFrom: template } : {}),
      answerText: this.answerSentence(intent, values, walk),
      alternatives: alternatives.map(toAlternative),
      signature,
      graphVersion: this.deps.graphVersion,
      backend: params.backend,
      intent: intent.id,
      register,
    };
  }

  /** The answer said back: one value, or the two a question of two values (or two questions) asked for. */
  private answerSentence(intent: Intent, values: Record<string, StatedValue>, walk: Walk): string {
    const answer = walk.trace.answer;
    if (!Array.isArray(answer) || !(intent.each || intent.also) || answer.length !== 2)
      return answerText(intent.answer.label, intent.answer.unit, answer, walk.answer.valueKind, walk.plan.answer.tolerance !== undefined);
    const answers = intent.each ? [intent.answer, intent.answer] : [intent.answer, intent.also!.answer];
    const labels = intent.each
      ? [values[intent.each.slot]!.text, values[intent.each.second]!.text].map((said, i) => `${said} ${answers[i]!.label}`)
      : answers.map((a) => a.label);
    return pairedAnswerText(
      answers.map((a, i) => ({ label: labels[i]!, unit: a.unit, value: answer[i], rounded: a.pick.kind === 'aggregate' && a.pick.op === 'avg' })),
    );
  }

  /**
   * The model's rewrite of a request that passed every gate, when it passes them too: it keeps every stated value
   * (as said or as a recognised variant), names nothing only a step knows, passes the bench lints and the length,
   * duplicate and contamination gates, and says something else than the template.
   */
  private async paraphrase(
    paraphraser: Paraphraser,
    job: { walk: Walk; template: string; register: Register; values: Record<string, StatedValue>; signature: string; ctx: IntentGateContext; seed: number },
    counters: Counters,
  ): Promise<string | undefined> {
    const { walk, template } = job;
    const reject = (why: string): undefined => {
      counters.paraphrase.rejected[why] = (counters.paraphrase.rejected[why] ?? 0) + 1;
      return undefined;
    };
    counters.paraphrase.tried++;
    const keep = [...walk.steps.flatMap((s) => s.mentions.map((m) => m.text)), ...Object.values(job.values).map((v) => v.text)].filter((text) =>
      template.includes(text),
    );
    const out = await paraphraser.rewrite({ request: template, register: job.register, keep }, job.seed);
    if (!out.ok) return reject('noRewrite');
    if (normaliseText(out.request) === normaliseText(template)) return reject('unchanged');
    const verdict = checkIntentSample(walk, out.request, job.values, job.signature, job.ctx);
    if (!verdict.ok) return reject(verdict.gate);
    counters.paraphrase.kept++;
    return out.request;
  }

  /** The first trajectory that answers, and the others that answer the same, executed in plan order. */
  private async trajectories(
    executor: IntentExecutor,
    intent: Intent,
    skeletons: Skeleton[],
    values: Record<string, StatedValue>,
    most: number,
  ): Promise<{ primary?: Walk; others: Walk[] }> {
    let primary: Walk | undefined;
    const others: Walk[] = [];
    for (const skeleton of skeletons) {
      if (primary && others.length + 1 >= most) break;
      const out = await executor.run(intent, skeleton, values);
      if (!out.ok) continue;
      if (!primary) primary = out.walk;
      else if (sameAnswer(out.walk.trace.answer, primary.trace.answer)) others.push(out.walk);
    }
    return { primary, others };
  }

  /** An alternative is kept when it meets the gates a trajectory must (the request's own are the sample's). */
  private alternativeHolds(alt: Walk, primary: Walk, query: string, values: Record<string, StatedValue>): boolean {
    if (!alt.trace.ok || notARealValue(alt.trace.answer) || !sameAnswer(alt.trace.answer, primary.trace.answer)) return false;
    if (placeDisagreements(alt, values, this.deps.catalog).length || idleSteps(alt).length || arbitraryPicks(alt, orderedFields(this.deps.book)).length)
      return false;
    return lintTask(asBenchTask(alt, query), alt.trace.steps, this.deps.lint).length === 0;
  }

  /** Requests in `count` registers, the drawn register first, each from one of that register's phrasings. */
  private phrasings(intent: Intent, values: Record<string, StatedValue>, first: Register, rng: Rng, count: number): string[] {
    const order = [first, ...registers.filter((r) => r !== first)].slice(0, Math.max(1, count));
    return [...new Set(order.map((register) => fillPhrasing(rng.pick(intent.phrasings[register]), values)))];
  }

  private summarize(
    dataset: DatasetRow,
    resumed: boolean,
    params: IntentSynthParams,
    counters: Counters,
    samples: SynthSample[],
    keptNow: number,
    seconds: number,
    plans: Map<string, Skeleton[]>,
  ): SynthRunSummary {
    const facts = {
      dataset,
      resumed,
      requested: params.count,
      attempts: counters.attempts,
      failures: counters.gates.noInputs + counters.gates.noTrajectory,
      gates: counters.gates,
      samples,
      edges: this.deps.edges,
    };
    return {
      ...runSummary({ ...facts, graphVersion: this.deps.graphVersion, backend: params.backend, seed: params.seed, asOf: params.asOf, keptNow, seconds }),
      strategy: 'intents',
      card: this.card(samples, plans, counters),
    };
  }

  private card(samples: SynthSample[], plans: Map<string, Skeleton[]>, counters: Counters): IntentCard {
    const lengths = samples.map((s) => s.query.length).sort((a, b) => a - b);
    const benchLengths = this.deps.bench.map((t) => t.query_ko.length).sort((a, b) => a - b);
    const quantile = (list: number[], q: number): number => (list.length ? list[Math.min(list.length - 1, Math.floor(q * list.length))]! : 0);
    const trajectories = samples.map((s) => 1 + s.alternatives.length);
    const sequencesOf = (s: SynthSample): string[] => [s.walk.plan, ...s.alternatives.map((a) => a.plan)].map((p) => p.steps.map((st) => st.tool).join('>'));
    const exercised = new Set(samples.flatMap(sequencesOf));
    const benchSequences = [...new Set(this.deps.bench.map((t) => t.plan.steps.map((s) => s.tool).join('>')).filter((seq) => seq.includes('>')))].sort();
    const agencyOf = (tool: string): string | undefined => (tool === QUERY_TOOL ? undefined : this.deps.catalog.get(tool)?.agency);
    const agencies = new Set(
      samples.flatMap((s) => s.walk.plan.steps.map((st) => agencyOf(st.tool)).filter((a): a is string => a !== undefined && a !== 'local')),
    );
    const allAgencies = new Set(this.deps.catalog.remoteTools().map((t) => t.agency));
    const registerCounts = Object.fromEntries(registers.map((r) => [r, samples.filter((s) => s.register === r).length])) as Record<Register, number>;
    return {
      intents: {
        total: this.deps.intents.length,
        planned: [...plans.values()].filter((p) => p.length > 0).length,
        used: new Set(samples.map((s) => s.intent)).size,
      },
      unplanned: [...plans].filter(([, p]) => p.length === 0).map(([id]) => id),
      agencies: { used: [...agencies].sort(), total: allAgencies.size },
      lengths: { median: median(lengths), p95: quantile(lengths, 0.95), benchMedian: median(benchLengths), benchP95: quantile(benchLengths, 0.95) },
      registers: registerCounts,
      trajectories: {
        atLeastTwo: trajectories.filter((n) => n >= 2).length,
        atLeastThree: trajectories.filter((n) => n >= 3).length,
        alternativesDropped: counters.alternativesDropped,
      },
      benchSequences: {
        exercised: benchSequences.filter((seq) => exercised.has(seq)).length,
        total: benchSequences.length,
        missing: benchSequences.filter((seq) => !exercised.has(seq)),
      },
      contaminated: counters.gates.contaminated,
      ...(this.deps.paraphraser ? { paraphrase: { model: this.deps.paraphraser.model, ...counters.paraphrase } } : {}),
    };
  }
}

function toAlternative(walk: Walk): Alternative {
  return {
    plan: walk.plan,
    tools: walk.plan.steps.map((s) => s.tool),
    edgeIds: walk.steps.flatMap((s) => s.inputs.map((i) => i.edgeId).filter(Boolean)),
    trace: walk.trace,
  };
}
