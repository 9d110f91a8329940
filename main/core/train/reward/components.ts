// The six reward components of a completion against a reference, each in [0, 1], each scored against whichever
// of the reference's trajectories the completion is closest to (a model that takes an alternative route loses
// nothing for it):
//   format      1 when every call parsed in the model's syntax and named an offered tool, else 0;
//   toolChoice  F1 of the tools used against the trajectory's tools;
//   arguments   share of the trajectory's arguments (paging and other call options aside) the completion's matching
//               call passed equal (strings normalised, numbers within 1e-6, query steps by the rows they found);
//   provenance  share of the completion's argument values that come from the request or an earlier result view
//               (1 − invented / all);
//   execution   share of its calls that succeeded (an API's "no data" is an answer);
//   outcome     when the completion's committed answer (its claim: the answer tool's call, or a "정답:" line) is
//               the expected value, judged exactly by the typed judge KOPA-Bench uses (core/answer/judge.ts), and
//               the completion's own results support it (grounding.ts), or declines where the task requires a
//               decline; else 0.
// Every component is paid in proportion to the completion's economy, min(1, (m + SPARE_CALLS) / n) for n calls
// where the closest trajectory makes m: a right answer (or the right calls) after a thousand redundant calls is not
// what a policy should learn to give, and the reward service scores completions far longer than any step cap would
// let an agent run.
// Nothing is full by default: a completion that makes no call where the trajectory makes some scores 0 on format,
// arguments, provenance and execution as well, and one that says nothing at all scores 0 on every component.
import { judgeClaim } from '../../answer/judge.ts';
import { FETCHED_ARGUMENTS, isGrounded } from '../../bench/grounding.ts';
import { callProvenance, stepMetrics, type CallProvenance, type MetricContext } from '../../bench/stepMetrics.ts';
import type { AttemptRecord } from '../../bench/attempt.ts';
import type { TraceStep } from '../../plan/types.ts';
import type { RewardComponents, RewardReference } from './types.ts';

/** Calls beyond the trajectory's that cost nothing: a look at the hidden rows, a retry with a corrected argument. */
export const SPARE_CALLS = 2;

export interface ComponentScore {
  components: RewardComponents;
  /** The trajectory scored against (0 = the reference). */
  trajectory: number;
  notes: string[];
}

function againstTrajectory(
  attempt: AttemptRecord,
  steps: TraceStep[],
  metric: MetricContext,
  provenance: CallProvenance,
): { toolChoice: number; toolRecall: number; arguments: number; provenance: number; invented: string[] } {
  const m = stepMetrics(attempt.calls, steps, metric, provenance);
  const values = m.provenance.user + m.provenance.tool + m.provenance.invented;
  return {
    toolChoice: m.toolF1,
    toolRecall: m.toolRecall,
    arguments: m.argumentAccuracy,
    provenance: values ? 1 - m.provenance.invented / values : 1,
    invented: m.invented,
  };
}

/** The moment a reference's relative dates are read against: its own, else the start of its year. */
export const referenceMoment = (reference: RewardReference): Date => (reference.asOf ? new Date(reference.asOf) : new Date(Date.UTC(reference.year, 0, 1)));

export function scoreComponents(attempt: AttemptRecord, malformed: string[], reference: RewardReference, metric: MetricContext): ComponentScore {
  const notes: string[] = [...malformed];
  const provenance = callProvenance(attempt.calls, metric);
  const candidates = reference.trajectories.map((steps, i) => ({ i, steps, score: againstTrajectory(attempt, steps, metric, provenance) }));
  const best = candidates.reduce((a, b) => (b.score.toolChoice + b.score.arguments > a.score.toolChoice + a.score.arguments ? b : a));
  const calls = attempt.calls;
  const silent = calls.length === 0 && (attempt.answer ?? '').trim() === '';
  // No call where the trajectory makes some: nothing was formatted, passed or executed.
  const skipped = calls.length === 0 && best.steps.length > 0;
  // "No data" is an answer the API gave (a decline's evidence), not a failure to execute.
  const executed = (c: AttemptRecord['calls'][number]): boolean => c.ok || c.errorKind === 'NoData';
  const execution = calls.length ? calls.filter(executed).length / calls.length : skipped ? 0 : 1;
  const comparison = judgeClaim(reference.answer, reference.expected, attempt.claim, {
    asOf: referenceMoment(reference),
    ...(reference.unit ? { unit: reference.unit } : {}),
  });
  const declining = reference.answer.compare === 'decline';
  const grounded =
    comparison.pass &&
    isGrounded({
      expected: reference.expected,
      calls,
      trajectories: reference.trajectories,
      reproduced: best.score.toolRecall === 1 && best.score.arguments >= FETCHED_ARGUMENTS && best.score.invented.length === 0,
      declining,
      expr: reference.answer.expr,
    });
  if (best.score.toolChoice < 1)
    notes.push(
      `tools used: ${[...new Set(calls.map((c) => c.tool))].join(', ') || 'none'}; the trajectory's: ${[...new Set(best.steps.map((s) => s.tool))].join(', ') || 'none'}`,
    );
  if (best.score.arguments < 1) notes.push('some arguments differ from the trajectory’s');
  if (best.score.invented.length) notes.push(`invented: ${best.score.invented.join(', ')}`);
  const failed = calls.filter((c) => !executed(c));
  if (failed.length) notes.push(`failed calls: ${failed.map((c) => `${c.tool} (${c.errorKind ?? 'error'})`).join(', ')}`);
  if (!comparison.pass) notes.push(`answer: ${comparison.detail}`);
  else if (!grounded) notes.push('answer: right, but no result of this completion supports it (invented)');
  const economy = Math.min(1, (best.steps.length + SPARE_CALLS) / Math.max(1, calls.length));
  if (economy < 1) notes.push(`${calls.length} calls where the trajectory makes ${best.steps.length}: each component counts ${round(economy)}`);
  return {
    components: {
      format: malformed.length || silent || skipped ? 0 : economy,
      toolChoice: silent ? 0 : economy * best.score.toolChoice,
      arguments: silent || skipped ? 0 : economy * best.score.arguments,
      provenance: silent || skipped ? 0 : economy * best.score.provenance,
      execution: silent ? 0 : economy * execution,
      outcome: grounded ? economy : 0,
    },
    trajectory: best.i,
    notes,
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
