// One attempt scored against the reference: it passes when its final answer commits to the expected value (an
// answer that hedges between it and a competitor fails) and the attempt's own calls support that answer. A right
// answer no call of the attempt supports is an ungrounded answer, a failure: a model that makes no call and answers
// "2" or "1, 2, 3 중 하나" to every task passed 9 and 14 of the 145 tasks when it counted. Step metrics and the
// failure kind say how it went.
import type { Trace } from '../plan/types.ts';
import { kst } from '../time/kst.ts';
import type { AttemptRecord } from './attempt.ts';
import { compareAnswer } from './comparators.ts';
import { answerCandidates } from './competitors.ts';
import { FETCHED_ARGUMENTS, isGrounded } from './grounding.ts';
import { stepMetrics, type MetricContext } from './stepMetrics.ts';
import { classifyFailure } from './taxonomy.ts';
import type { AttemptVerdict, BenchTask } from './types.ts';

export function scoreAttempt(task: BenchTask, reference: Trace, attempt: AttemptRecord, ctx: MetricContext): AttemptVerdict {
  const metrics = stepMetrics(attempt.calls, reference.steps, ctx);
  const declining = task.plan.answer.compare === 'decline';
  const candidates = answerCandidates(task.plan.answer, reference.answer, reference.steps, task.query_ko);
  const comparison = compareAnswer(task.plan.answer, reference.answer, attempt.stoppedBy === 'final' ? attempt.answer : null, {
    year: kst(new Date(task.asOf)).getUTCFullYear(),
    unit: task.unit,
    candidates,
    request: task.query_ko,
  });
  const grounded =
    comparison.pass &&
    isGrounded({
      expected: reference.answer,
      calls: attempt.calls,
      trajectories: [reference.steps],
      reproduced: metrics.toolRecall === 1 && metrics.argumentAccuracy >= FETCHED_ARGUMENTS && metrics.invented.length === 0,
      declining,
      expr: task.plan.answer.expr,
    });
  if (comparison.pass)
    return {
      pass: grounded,
      grounded,
      failure: grounded ? null : 'ungrounded answer',
      detail: comparison.detail,
      detailSaid: comparison.said,
      expected: reference.answer,
      metrics,
    };
  const failure = classifyFailure(attempt, metrics, declining);
  return { pass: false, grounded: false, failure, detail: comparison.detail, detailSaid: comparison.said, expected: reference.answer, metrics };
}
