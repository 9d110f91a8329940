// One attempt scored against the reference: the final-answer comparison decides pass or fail; step metrics and
// the failure kind say how it went.
import type { Trace } from '../plan/types.ts';
import { kst } from '../time/kst.ts';
import type { AttemptRecord } from './attempt.ts';
import { compareAnswer } from './comparators.ts';
import { stepMetrics, type MetricContext } from './stepMetrics.ts';
import { classifyFailure } from './taxonomy.ts';
import type { AttemptVerdict, BenchTask } from './types.ts';

export function scoreAttempt(task: BenchTask, reference: Trace, attempt: AttemptRecord, ctx: MetricContext): AttemptVerdict {
  const metrics = stepMetrics(attempt.calls, reference.steps, ctx);
  const declining = task.plan.answer.compare === 'decline';
  const comparison = compareAnswer(task.plan.answer, reference.answer, attempt.stoppedBy === 'final' ? attempt.answer : null, { year: kst(new Date(task.asOf)).getUTCFullYear(), unit: task.unit });
  if (comparison.pass) return { pass: true, failure: null, detail: comparison.detail, detailSaid: comparison.said, expected: reference.answer, metrics };
  const failure = classifyFailure(attempt, metrics, declining);
  return { pass: false, failure, detail: comparison.detail, detailSaid: comparison.said, expected: reference.answer, metrics };
}
