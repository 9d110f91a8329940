// One attempt scored against the reference: it passes when the answer it committed to (its claim) is the expected
// value, judged exactly by the typed judge (core/answer/judge.ts), and the attempt's own calls support that value. A
// right claim no call of the attempt supports is an ungrounded answer, a failure: a model that makes no call and
// claims "2" for every task passed 9 of the 145 tasks when it counted. The message that goes with the claim is shown,
// never scored. Step metrics and the failure kind say how it went.
import type { Trace } from '../plan/types.ts';
import type { AttemptRecord } from './attempt.ts';
import { judgeClaim } from '../answer/judge.ts';
import { contradicts } from '../answer/consistency.ts';
import { FETCHED_ARGUMENTS, isGrounded } from './grounding.ts';
import { stepMetrics, type MetricContext } from './stepMetrics.ts';
import { classifyFailure } from './taxonomy.ts';
import type { AttemptVerdict, BenchTask } from './types.ts';

export function scoreAttempt(task: BenchTask, reference: Trace, attempt: AttemptRecord, ctx: MetricContext): AttemptVerdict {
  const metrics = stepMetrics(attempt.calls, reference.steps, ctx);
  const declining = task.plan.answer.compare === 'decline';
  const judgement = judgeClaim(task.plan.answer, reference.answer, attempt.stoppedBy === 'final' ? attempt.claim : null, {
    asOf: new Date(task.asOf),
    ...(task.unit ? { unit: task.unit } : {}),
  });
  const read = {
    ...(judgement.read !== undefined ? { read: judgement.read } : {}),
    ...(contradicts(attempt.claim, attempt.answer ?? '', new Date(task.asOf)) ? { inconsistent: true } : {}),
  };
  const grounded =
    judgement.pass &&
    isGrounded({
      expected: reference.answer,
      calls: attempt.calls,
      trajectories: [reference.steps],
      reproduced: metrics.toolRecall === 1 && metrics.argumentAccuracy >= FETCHED_ARGUMENTS && metrics.invented.length === 0,
      declining,
      expr: task.plan.answer.expr,
    });
  if (judgement.pass)
    return {
      pass: grounded,
      grounded,
      failure: grounded ? null : 'ungrounded answer',
      detail: judgement.detail,
      detailSaid: judgement.said,
      ...read,
      expected: reference.answer,
      metrics,
    };
  const failure = classifyFailure(attempt, metrics, declining);
  return { pass: false, grounded: false, failure, detail: judgement.detail, detailSaid: judgement.said, ...read, expected: reference.answer, metrics };
}
