// The six reward components of a completion against a reference, each in [0, 1], each scored against whichever
// of the reference's trajectories the completion is closest to (a model that takes an alternative route loses
// nothing for it):
//   format      1 when every call parsed in the model's syntax and named an offered tool, else 0;
//   toolChoice  F1 of the tools used against the trajectory's tools;
//   arguments   share of the trajectory's arguments (paging and other call options aside) the completion's matching
//               call passed equal (strings normalised, numbers within 1e-6, query steps by the rows they found);
//   provenance  share of the completion's argument values that come from the request or an earlier result view
//               (1 − invented / all; 1 when it passed none);
//   execution   share of its calls that succeeded (no calls: 1 where the trajectory has none, else 0);
//   outcome     1 when the final answer states the expected value (the bench comparators), or declines where the
//               task requires a decline; else 0.
import { compareAnswer } from '../bench/comparators.ts';
import { stepMetrics, type MetricContext } from '../bench/stepMetrics.ts';
import type { AttemptRecord } from '../bench/attempt.ts';
import type { TraceStep } from '../plan/types.ts';
import type { RewardComponents, RewardReference } from './types.ts';

export interface ComponentScore {
  components: RewardComponents;
  /** The trajectory scored against (0 = the reference). */
  trajectory: number;
  notes: string[];
}

function againstTrajectory(attempt: AttemptRecord, steps: TraceStep[], metric: MetricContext): { toolChoice: number; arguments: number; provenance: number; invented: string[] } {
  const m = stepMetrics(attempt.calls, steps, metric);
  const values = m.provenance.user + m.provenance.tool + m.provenance.invented;
  return { toolChoice: m.toolF1, arguments: m.argumentAccuracy, provenance: values ? 1 - m.provenance.invented / values : 1, invented: m.invented };
}

export function scoreComponents(attempt: AttemptRecord, malformed: string[], reference: RewardReference, metric: MetricContext): ComponentScore {
  const notes: string[] = [...malformed];
  const candidates = reference.trajectories.map((steps, i) => ({ i, steps, score: againstTrajectory(attempt, steps, metric) }));
  const best = candidates.reduce((a, b) => (b.score.toolChoice + b.score.arguments > a.score.toolChoice + a.score.arguments ? b : a));
  const calls = attempt.calls;
  const execution = calls.length ? calls.filter((c) => c.ok).length / calls.length : best.steps.length === 0 ? 1 : 0;
  const comparison = compareAnswer(reference.answer, reference.expected, attempt.answer, { year: reference.year, unit: reference.unit });
  if (best.score.toolChoice < 1) notes.push(`tools used: ${[...new Set(calls.map((c) => c.tool))].join(', ') || 'none'}; the trajectory's: ${[...new Set(best.steps.map((s) => s.tool))].join(', ') || 'none'}`);
  if (best.score.arguments < 1) notes.push('some arguments differ from the trajectory’s');
  if (best.score.invented.length) notes.push(`invented: ${best.score.invented.join(', ')}`);
  const failed = calls.filter((c) => !c.ok);
  if (failed.length) notes.push(`failed calls: ${failed.map((c) => `${c.tool} (${c.errorKind ?? 'error'})`).join(', ')}`);
  if (!comparison.pass) notes.push(`answer: ${comparison.detail}`);
  return {
    components: {
      format: malformed.length ? 0 : 1,
      toolChoice: best.score.toolChoice,
      arguments: best.score.arguments,
      provenance: best.score.provenance,
      execution,
      outcome: comparison.pass ? 1 : 0,
    },
    trajectory: best.i,
    notes,
  };
}
