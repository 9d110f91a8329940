// `reward.audit`: every attack of core/train/reward/attacks.ts scored under every reward preset, for each sample of a
// synthesized dataset and each task of a suite, and on KOPA-Bench's own scoring for the tasks; the suite's natural
// answers scored as a run would. The emulator answers every call (the spray attack's included), at the sample's or
// task's moment, so the audit is reproducible and never leaves the machine.
import type { BenchCheckAnswerParams, BenchCheckAnswerResult, CallOptions, RewardAuditParams, RewardAuditResult } from '../../api/contract.ts';
import type { TraceStep } from '../../core/plan/types.ts';
import type { ChatMessage } from '../../core/agent/types.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import { answerCandidates } from '../../core/bench/competitors.ts';
import { checkClaim, type Claim } from '../../core/answer/claim.ts';
import { claimOfText } from '../../core/answer/answerLine.ts';
import { judgeClaim } from '../../core/answer/judge.ts';
import { scoreAttempt } from '../../core/bench/score.ts';
import type { MetricContext } from '../../core/bench/stepMetrics.ts';
import { attackNames, buildAttacks, type Attack } from '../../core/train/reward/attacks.ts';
import { BenchTally, RewardTally, type AuditRow } from '../../core/train/reward/audit.ts';
import { completionCalls } from '../../core/train/reward/completionCalls.ts';
import { referenceMessages } from '../../core/train/reward/referenceMessages.ts';
import { asShown, rewardOf } from '../../core/train/reward/reward.ts';
import { rewardPresets, type RewardReference } from '../../core/train/reward/types.ts';
import { kst } from '../../core/time/kst.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { EngineServices } from '../EngineServices.ts';
import { metricContext } from '../bench/catalogFacts.ts';
import { referenceTrace } from '../bench/reference.ts';
import { loadSuite } from '../bench/suite.ts';
import { sampleReference } from './reward/sampleReference.ts';
import { DatasetRepository } from '../store/repositories/DatasetRepository.ts';
import { findDataset } from '../synth/methods.ts';
import { callerFor, selectTasks } from '../bench/suiteTasks.ts';
import { naturalAnswers, withAnswerLine } from '../bench/naturalAnswers.ts';
import { DEFAULT_SUITE } from '../../core/bench/types.ts';

/** The agent's step cap in a benchmark run: how often the loop attack repeats its call. */
const AUDIT_MAX_STEPS = 10;

/** Every tool called once with no arguments, as the emulator answers at that moment. */
async function spray(engine: EngineServices, tools: string[], asOf: Date): Promise<TraceStep[]> {
  const gateway = engine.gateway();
  const steps: TraceStep[] = [];
  for (const [i, tool] of tools.filter((t) => t !== QUERY_TOOL).entries()) {
    const r = await gateway.call(tool, {}, { mode: 'emulator', emulatorNow: asOf, origin: 'reward' });
    steps.push({
      id: `s${i + 1}`,
      tool,
      args: {},
      ok: r.ok,
      items: r.items,
      totalCount: r.totalCount,
      resultCode: r.resultCode,
      errorKind: r.error?.kind ?? null,
      latencyMs: 0,
      ...(r.ok ? { handle: `r${i + 1}` } : {}),
      ...(r.counts ? { counts: r.counts } : {}),
    });
  }
  return steps;
}

function scoreRewards(attacks: Attack[], reference: RewardReference, metric: MetricContext, tally: RewardTally, at: string): void {
  for (const attack of attacks)
    for (const preset of rewardPresets) tally.add(attack.name, preset, rewardOf({ messages: attack.messages }, reference, metric, { preset }).reward, at);
}

function taskReference(task: BenchTask, steps: TraceStep[], expected: unknown): RewardReference {
  return {
    query: task.query_ko,
    offered: [...task.tools, QUERY_TOOL],
    trajectories: [steps],
    answer: task.plan.answer,
    expected,
    year: kst(new Date(task.asOf)).getUTCFullYear(),
    ...(task.unit ? { unit: task.unit } : {}),
  };
}

/** The audit's tables, every attack's row under every preset, and whether every goal was met. */
function auditTables(
  rewards: RewardTally,
  bench: BenchTally,
  naturalMet: boolean,
): { rewardTable: RewardAuditResult['rewards']; benchTable: RewardAuditResult['bench']; met: boolean } {
  const rows: AuditRow[] = ['golden', ...attackNames];
  const rewardTable: RewardAuditResult['rewards'] = {};
  const benchTable: RewardAuditResult['bench'] = {};
  let met = naturalMet;
  for (const row of rows) {
    rewardTable[row] = Object.fromEntries(rewardPresets.map((p) => [p, rewards.cell(row, p)]));
    met &&= rewardPresets.every((p) => rewards.cell(row, p).met);
    const b = bench.cell(row);
    if (b) {
      benchTable[row] = b;
      met &&= b.met;
    }
  }
  return { rewardTable, benchTable, met };
}

export async function rewardAudit(engine: EngineServices, params: RewardAuditParams, options: CallOptions): Promise<RewardAuditResult> {
  const catalog = engine.catalog();
  const rewards = new RewardTally();
  const bench = new BenchTally();
  const natural: RewardAuditResult['natural'] = { answers: 0, passed: 0, failures: [] };
  const dataset = params.dataset ? findDataset(new DatasetRepository(engine.store.db), params.dataset) : undefined;
  const samples = dataset ? new DatasetRepository(engine.store.db).samples(dataset.id).slice(0, params.samples) : [];
  const suiteName = params.suite ?? DEFAULT_SUITE;
  const suite = suiteName === 'none' ? undefined : loadSuite(suiteName, engine.resourcesDir, catalog);
  const tasks = suite ? selectTasks(suite, params.tasks).tasks : [];
  const total = samples.length + tasks.length;
  let done = 0;
  const tick = (message: string): void => options.onProgress?.({ stage: 'attacks', done: ++done, total, message });

  for (const sample of samples) {
    if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.auditStopped' });
    const { reference, metric } = sampleReference(sample, catalog);
    const shown = asShown(sample.walk.trace.steps);
    const attacks = buildAttacks({
      steps: sample.walk.trace.steps,
      query: sample.query,
      answer: reference.answer,
      expected: reference.expected,
      ...(reference.unit ? { unit: reference.unit } : {}),
      candidates: answerCandidates(reference.answer, reference.expected, shown, reference.query),
      spray: await spray(engine, [...new Set(sample.walk.plan.steps.map((s) => s.tool))], new Date(sample.walk.asOf)),
      maxSteps: AUDIT_MAX_STEPS,
      golden: sample.answerText,
    });
    scoreRewards(attacks, reference, metric, rewards, `sample ${sample.ordinal}`);
    tick(`sample ${sample.ordinal}`);
  }

  const skipped: string[] = [];
  const emulated = callerFor(engine, 'emulator', undefined);
  const written = suite ? naturalAnswers(engine.resourcesDir, suite.name) : {};
  for (const task of tasks) {
    if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.auditStopped' });
    const asOf = new Date(task.asOf);
    const trace = await referenceTrace(task, emulated(task), { catalog });
    if (!trace.ok) {
      skipped.push(task.id);
      tick(task.id);
      continue;
    }
    const metric = metricContext(catalog, task);
    const reference = taskReference(task, trace.steps, trace.answer);
    const attacks = buildAttacks({
      steps: trace.steps,
      query: task.query_ko,
      answer: task.plan.answer,
      expected: trace.answer,
      ...(task.unit ? { unit: task.unit } : {}),
      candidates: answerCandidates(task.plan.answer, trace.answer, asShown(trace.steps), task.query_ko),
      spray: await spray(engine, task.tools, asOf),
      maxSteps: AUDIT_MAX_STEPS,
    });
    scoreRewards(attacks, reference, metric, rewards, `task ${task.id}`);
    // A run stops at its step cap long before the redundant attack's calls, so KOPA-Bench never sees one.
    for (const attack of attacks.filter((a) => a.name !== 'redundant')) {
      const verdict = scoreAttempt(task, trace, completionCalls(attack.messages, reference.offered).attempt, metric);
      bench.add(attack.name, verdict.pass, verdict.grounded, task.id);
    }
    for (const one of written[task.id] ?? []) {
      const answer = withAnswerLine(one);
      const verdict = scoreAttempt(task, trace, completionCalls(referenceMessages(trace.steps, answer), reference.offered).attempt, metric);
      natural.answers++;
      if (verdict.pass && verdict.grounded) natural.passed++;
      else natural.failures.push({ task: task.id, answer, detail: verdict.pass ? 'ungrounded' : verdict.detail });
    }
    tick(task.id);
  }

  const { rewardTable, benchTable, met } = auditTables(rewards, bench, natural.failures.length === 0);
  return {
    dataset: dataset ? { name: dataset.name, samples: samples.length } : null,
    suite: suite ? { name: suite.name, tasks: tasks.length, skipped } : null,
    presets: [...rewardPresets],
    rewards: rewardTable,
    bench: benchTable,
    natural,
    met,
  };
}

/** The claim a check-answer request gives: typed, or the "정답:" line of a text (null: it commits to none). */
function claimOf(params: BenchCheckAnswerParams): Claim | null {
  if (params.claim === undefined) return claimOfText(params.answer ?? '');
  const checked = checkClaim(params.claim);
  if (!checked.ok) throw saidError('InvalidRequest', { message: 'error.invalidClaim', hint: 'error.invalidClaim.hint', vars: { problem: checked.problem } });
  return checked.claim;
}

/** One answer to one task scored exactly as a run scores it: its claim, judged; with a transcript, its grounding. */
export async function checkAnswer(engine: EngineServices, params: BenchCheckAnswerParams): Promise<BenchCheckAnswerResult> {
  const catalog = engine.catalog();
  const task = selectTasks(loadSuite(params.suite ?? DEFAULT_SUITE, engine.resourcesDir, catalog), [params.task]).tasks[0]!;
  const trace = await referenceTrace(task, callerFor(engine, 'emulator', undefined)(task), { catalog });
  if (!trace.ok)
    throw saidError('InvalidRequest', {
      message: 'error.referenceFails',
      hint: 'error.referenceFails.hint',
      vars: { task: task.id, failure: trace.failure ?? '' },
    });
  const claim = claimOf(params);
  const candidates = answerCandidates(task.plan.answer, trace.answer, trace.steps, task.query_ko);
  const base = { task: task.id, expected: trace.answer, claim, competitors: candidates.competitors };
  if (!params.transcript) {
    const j = judgeClaim(task.plan.answer, trace.answer, claim, { asOf: new Date(task.asOf), ...(task.unit ? { unit: task.unit } : {}) });
    return { ...base, pass: j.pass, grounded: null, detail: j.detail, detailSaid: j.said, ...(j.read !== undefined ? { read: j.read } : {}) };
  }
  const final: ChatMessage = { role: 'assistant', content: params.answer ?? '', ...(claim ? { answer: claim } : {}) };
  const messages = [...params.transcript.filter((m) => m.role === 'assistant' || m.role === 'tool'), final];
  const verdict = scoreAttempt(task, trace, completionCalls(messages, [...task.tools, QUERY_TOOL]).attempt, metricContext(catalog, task));
  return {
    ...base,
    pass: verdict.pass,
    grounded: verdict.pass ? verdict.grounded : false,
    detail: verdict.detail,
    detailSaid: verdict.detailSaid,
    ...(verdict.read !== undefined ? { read: verdict.read } : {}),
  };
}
