// Runs a suite: every task n times through the one agent loop, each attempt scored against the reference plan
// executed on the same backend and written as one row when it finishes. A run killed at any moment resumes
// with the same command (its id is derived from the suite and the settings), skipping finished attempts. An attempt
// the model's backend could not run (a server error, a broken reply) is a failure of its own kind, "backend error":
// it counts in pass@k and pass^k, since leaving it out would score a model on the tasks its server happened to
// answer; a resume runs it again.
import { createHash } from 'node:crypto';
import type { BenchAttemptRow, BenchManifest, BenchRunSummary, Progress } from '../../api/contract.ts';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { CallSource } from '../../core/gateway/callResult.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import type { Trace } from '../../core/plan/types.ts';
import type { AttemptCall, AttemptRecord } from '../../core/bench/attempt.ts';
import { scoreAttempt } from '../../core/bench/score.ts';
import { identityChanges, runIdentity, type IdentitySource } from '../../core/bench/runIdentity.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { runNumbers } from '../../core/bench/summary.ts';
import { attemptOrder, takeNextAttempt } from '../../core/bench/attemptOrder.ts';
import type { AttemptVerdict, BenchTask, FaultKind, Suite } from '../../core/bench/types.ts';
import { fnv1a } from '../../core/random.ts';
import type { Episode } from '../agent/Agent.ts';
import { catalogAgent } from '../agent/catalogTools.ts';
import type { EpisodeCall } from '../agent/catalogSession.ts';
import { FIND_TOOLS } from '../../core/agent/findTools.ts';
import type { ModelBackend } from '../models/backend.ts';
import type { BenchRepository } from '../store/repositories/BenchRepository.ts';
import { agenciesOf, metricContext } from './catalogFacts.ts';
import { injectFaults, type ToolCaller } from './faultInjector.ts';
import { referenceTrace } from './reference.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { stepMetrics } from '../../core/bench/stepMetrics.ts';

/** Where an attempt's model turns come from. */
export interface AttemptBackends {
  /** A backend for one attempt. */
  open(task: BenchTask, sample: number): ModelBackend;
  /** Ends one attempt's use of a backend (a per-attempt backend is disposed, a shared one kept). */
  close(backend: ModelBackend): Promise<void>;
}

export interface BenchRunOptions {
  catalog: Catalog;
  repo: BenchRepository;
  suite: Suite;
  manifest: BenchManifest;
  backends: AttemptBackends;
  /** The caller for a task: the gateway in the run's mode, at the task's moment. */
  callerFor: (task: BenchTask) => ToolCaller;
  source: CallSource;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  now?: () => Date;
  /**
   * Chat conditions: each task is offered what this picks for its question (the chat's pick) and find_tools, which
   * finds more the same way; without it, the task's own tools.
   */
  pick?: (question: string) => string[];
}

/** A run's identity as a hash: the run id's suffix, equal exactly when a resume may continue it. */
export function runKey(m: IdentitySource): string {
  return createHash('sha256')
    .update(canonicalJson(runIdentity(m)))
    .digest('hex');
}

/** The result view the manifest records. */
export function resultViewOf(m: BenchManifest): ViewOptions {
  return { tokenBudget: m.view.resultTokens, maxChars: m.view.maxChars, ...(m.view.rows ? { rows: m.view.rows } : {}) };
}

/** Opens a new run, or checks that a run being resumed has the same identity, and marks it running. */
function beginRun({ repo, suite, manifest }: BenchRunOptions, at: Date): void {
  const existing = repo.run(manifest.runId);
  if (existing) {
    const changed = identityChanges(existing.manifest, manifest);
    if (changed.length) {
      throw saidError('InvalidRequest', {
        message: 'error.runSettings',
        hint: 'error.runSettings.hint',
        vars: { run: manifest.runId, changed: changed.join(', ') },
      });
    }
  } else {
    repo.createRun(manifest.runId, suite.name, manifest, at);
  }
  repo.saveTasks(suite.name, suite.hash, suite.tasks);
  repo.setStatus(manifest.runId, 'running', null, null);
}

/** An episode's calls as scored: without its requests for tools (how a model reaches them, not a service's call). */
function attemptCalls(episode: Episode<EpisodeCall>, injected: readonly (FaultKind | undefined)[]): AttemptCall[] {
  let k = 0;
  return episode.calls
    .filter((c) => c.tool !== FIND_TOOLS)
    .map((c) => {
      // The query tool runs inside the episode; every other call went through the fault injector.
      const fault = c.result && c.tool !== QUERY_TOOL ? injected[k++] : undefined;
      return {
        tool: c.tool,
        arguments: c.arguments,
        ok: c.result?.ok ?? false,
        errorKind: c.result?.error?.kind ?? null,
        ...(c.refused ? { refused: c.refused } : {}),
        ...(c.refusal ? { refusal: c.refusal } : {}),
        ...(fault ? { injected: fault } : {}),
        items: c.result?.items ?? [],
        totalCount: c.result?.totalCount ?? null,
        ...(c.handle ? { handle: c.handle } : {}),
        shown: c.shown ?? [],
      };
    });
}

interface Timing {
  ms: number;
  finishedAt: Date;
}

/** A scored attempt as stored: its transcript, calls (row counts, not rows), claim, verdict and usage. */
function attemptRow(
  task: BenchTask,
  sample: number,
  episode: Episode<EpisodeCall>,
  calls: AttemptCall[],
  verdict: AttemptVerdict,
  at: Timing,
): BenchAttemptRow {
  return {
    taskId: task.id,
    sample,
    transcript: episode.messages,
    calls: calls.map(({ items, shown, ...c }) => ({ ...c, rows: items.length, ...(c.handle ? { shown: shown?.length ?? 0 } : {}) })),
    answer: episode.answer,
    claim: episode.claim,
    ...(verdict.read !== undefined ? { read: verdict.read } : {}),
    ...(verdict.inconsistent ? { inconsistent: true } : {}),
    verdict: verdict.pass ? 'pass' : 'fail',
    grounded: verdict.grounded,
    failure: verdict.failure,
    detail: verdict.detail,
    detailSaid: verdict.detailSaid,
    expected: verdict.expected,
    metrics: verdict.metrics,
    stoppedBy: episode.stoppedBy,
    tokensIn: episode.usage.inputTokens,
    tokensOut: episode.usage.outputTokens,
    ms: Math.round(at.ms * 1000) / 1000,
    finishedAt: at.finishedAt.toISOString(),
  };
}

/** An attempt the backend could not run: a failure of its own kind, counted in pass@k (never left out). */
function backendErrorRow(task: BenchTask, sample: number, message: string, expected: Trace, catalog: Catalog, at: Timing): BenchAttemptRow {
  return {
    taskId: task.id,
    sample,
    transcript: [],
    calls: [],
    answer: null,
    claim: null,
    verdict: 'error',
    grounded: false,
    failure: 'backend error',
    detail: message,
    detailSaid: { key: 'bench.verdict.backendError', vars: { message } },
    expected: expected.answer,
    metrics: stepMetrics([], expected.steps, metricContext(catalog, task)),
    stoppedBy: 'abort',
    tokensIn: 0,
    tokensOut: 0,
    ms: Math.round(at.ms * 1000) / 1000,
    finishedAt: at.finishedAt.toISOString(),
  };
}

export async function runBench(options: BenchRunOptions): Promise<BenchRunSummary> {
  const started = performance.now();
  const { repo, suite, manifest } = options;
  const now = options.now ?? (() => new Date());
  beginRun(options, now());

  const samples = manifest.sampling.samples;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const finished = repo.finished(manifest.runId);
  const pending = attemptOrder(suite.tasks, samples, concurrency).filter(({ task, sample }) => !finished.has(`${task.id}#${sample}`));
  const total = suite.tasks.length * samples;
  let done = total - pending.length;
  const tally: RunTally = { ran: 0, overheadMs: 0, tokens: { input: 0, output: 0, cached: 0 }, errors: [] };
  const attempt = attemptRunner(options, now, tally);
  await runAttempts(pending, concurrency, options.signal, async (task, sample) => {
    try {
      await attempt(task, sample);
    } catch (error) {
      if (options.signal?.aborted) return;
      tally.errors.push({ taskId: task.id, sample, message: (error as Error).message });
    }
    options.onProgress?.({ stage: 'bench', done: ++done, total, message: task.id });
  });

  const status: BenchRunSummary['status'] = options.signal?.aborted ? 'aborted' : tally.errors.length ? 'failed' : 'done';
  const summary = summarizeRun(options, status, {
    ran: tally.ran,
    resumed: finished.size,
    errors: tally.errors,
    tokens: tally.tokens,
    overheadMs: tally.ran ? tally.overheadMs / tally.ran : 0,
    seconds: (performance.now() - started) / 1000,
  });
  repo.setStatus(manifest.runId, status, summary, now());
  return summary;
}

/** What the attempts of one run add up to, as they finish. */
interface RunTally {
  ran: number;
  /** The harness's own time, summed: an attempt's time less what the model and the tools took. */
  overheadMs: number;
  tokens: { input: number; output: number; cached: number };
  errors: BenchRunSummary['errors'];
}

/**
 * Runs the pending attempts on `concurrency` workers. A worker takes next an attempt of the task it just ran where it
 * can (its backend has the prompt cached) and never one of a task another worker is running.
 */
async function runAttempts(
  pending: { task: BenchTask; sample: number }[],
  concurrency: number,
  signal: AbortSignal | undefined,
  run: (task: BenchTask, sample: number) => Promise<void>,
): Promise<void> {
  const running = new Map<BenchTask, number>();
  const isRunning = (task: BenchTask): boolean => (running.get(task) ?? 0) > 0;
  const worker = async (): Promise<void> => {
    let previous: BenchTask | undefined;
    while (!signal?.aborted) {
      const next = takeNextAttempt(pending, previous, isRunning);
      if (!next) return;
      running.set(next.task, (running.get(next.task) ?? 0) + 1);
      try {
        await run(next.task, next.sample);
      } finally {
        running.set(next.task, running.get(next.task)! - 1);
      }
      previous = next.task;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** One attempt: the episode through the agent loop, scored against the task's reference trace, stored as a row. */
function attemptRunner(options: BenchRunOptions, now: () => Date, tally: RunTally): (task: BenchTask, sample: number) => Promise<void> {
  const { repo, manifest, catalog } = options;
  const references = new Map<string, Promise<Trace>>();
  const reference = (task: BenchTask): Promise<Trace> => {
    let trace = references.get(task.id);
    if (!trace) references.set(task.id, (trace = referenceTrace(task, options.callerFor(task), { catalog, view: resultViewOf(manifest) })));
    return trace;
  };
  return async (task, sample) => {
    const expected = await reference(task);
    if (!expected.ok)
      throw saidError('InvalidRequest', {
        message: 'error.referenceFails',
        hint: 'error.referenceFails.hint',
        vars: { task: task.id, failure: expected.failure ?? '' },
      });
    const faulty = injectFaults(options.callerFor(task), task.faults, options.source);
    const opened = options.backends.open(task, sample);
    const timed = timedOutside(faulty.call, opened);
    const t0 = performance.now();
    let episode: Episode<EpisodeCall>;
    try {
      episode = await catalogAgent({
        backend: timed.backend,
        catalog,
        call: timed.call,
        tools: options.pick ? options.pick(task.query_ko) : task.tools,
        ...(options.pick ? { find: options.pick } : {}),
        queryTool: manifest.view.queryTool,
        view: resultViewOf(manifest),
        asOf: new Date(task.asOf),
        maxSteps: manifest.sampling.maxSteps,
        maxTokens: manifest.sampling.maxTokens ?? undefined,
        temperature: manifest.sampling.temperature,
        seed: fnv1a(`${manifest.sampling.seed}|${task.id}|${sample}`),
        signal: options.signal,
      }).run(task.query_ko);
    } catch (error) {
      if (options.signal?.aborted) return;
      const message = (error as Error).message;
      tally.errors.push({ taskId: task.id, sample, message });
      repo.addAttempt(manifest.runId, backendErrorRow(task, sample, message, expected, catalog, { ms: performance.now() - t0, finishedAt: now() }));
      return;
    } finally {
      await options.backends.close(opened);
    }
    if (episode.stoppedBy === 'abort') return;
    const calls = attemptCalls(episode, faulty.injected);
    const record: AttemptRecord = { answer: episode.answer, claim: episode.claim, stoppedBy: episode.stoppedBy, calls };
    const verdict = scoreAttempt(task, expected, record, metricContext(catalog, task));
    const ms = performance.now() - t0;
    tally.overheadMs += Math.max(0, ms - timed.outside());
    tally.ran++;
    tally.tokens.input += episode.usage.inputTokens;
    tally.tokens.cached += episode.usage.cachedInputTokens ?? 0;
    tally.tokens.output += episode.usage.outputTokens;
    repo.addAttempt(manifest.runId, attemptRow(task, sample, episode, calls, verdict, { ms, finishedAt: now() }));
  };
}

/** The attempt's tool caller and model backend, timed: what they take is the model's and the world's, not the harness's. */
function timedOutside(call: ToolCaller, opened: ModelBackend): { call: ToolCaller; backend: ModelBackend; outside: () => number } {
  let outside = 0;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      outside += performance.now() - t0;
    }
  };
  return {
    call: (tool, args, signal) => timed(() => call(tool, args, signal)),
    backend: { id: opened.id, turn: (messages, tools, turnOptions) => timed(() => opened.turn(messages, tools, turnOptions)), dispose: () => opened.dispose() },
    outside: () => outside,
  };
}

export function summarizeRun(
  options: Pick<BenchRunOptions, 'repo' | 'suite' | 'manifest' | 'catalog'>,
  status: BenchRunSummary['status'],
  invocation: Pick<BenchRunSummary, 'ran' | 'resumed' | 'errors' | 'tokens' | 'overheadMs' | 'seconds'>,
): BenchRunSummary {
  const ids = new Set(options.suite.tasks.map((t) => t.id));
  const attempts = options.repo.attempts(options.manifest.runId).filter((a) => ids.has(a.taskId));
  const numbers = runNumbers(
    options.suite.tasks,
    attempts.map((a) => ({
      taskId: a.taskId,
      pass: a.verdict === 'pass',
      grounded: a.verdict === 'pass' && a.grounded !== false,
      failure: a.failure,
      metrics: a.metrics,
    })),
    (t) => agenciesOf(options.catalog, t),
  );
  return {
    runId: options.manifest.runId,
    status,
    samples: options.manifest.sampling.samples,
    ...numbers,
    ...invocation,
    overheadMs: Math.round(invocation.overheadMs * 1000) / 1000,
    seconds: Math.round(invocation.seconds * 100) / 100,
  };
}
