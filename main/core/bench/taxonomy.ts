// One failure kind per failed attempt, the first that applies in an order from the most basic breakdown (the
// output could not be read, no answer was committed) to the most subtle (everything ran, the claim was wrong), so
// a failure is counted where a developer would start fixing it. An attempt the backend could not run at all is a
// "backend error", recorded by the runner without a classification.
import type { AttemptRecord } from './attempt.ts';
import type { FailureKind, StepMetrics } from './types.ts';

const API_ERRORS = new Set(['Upstream', 'Timeout', 'Malformed', 'Quota', 'BadKey']);
const RAW_CALL = /<tool_call>|<\/?function[=>]|"name"\s*:\s*"[^"]+"\s*,\s*"(arguments|parameters)"|^\s*[[{]\s*"/;

export function classifyFailure(attempt: AttemptRecord, metrics: StepMetrics, expectDecline: boolean): FailureKind {
  const { calls } = attempt;
  const recoveredLater = (i: number): boolean => calls.slice(i + 1).some((c) => c.tool === calls[i]!.tool && c.ok);
  if (attempt.answer !== null && attempt.claim === null && RAW_CALL.test(attempt.answer)) return 'unparseable output';
  if (attempt.stoppedBy === 'truncated') return 'truncated output';
  // Ended in words with no claim: nothing was committed, so nothing can be judged (the protocol's own failure).
  if (attempt.stoppedBy === 'final' && attempt.claim === null) return 'no committed answer';
  if (expectDecline) return 'failed to decline';
  if (metrics.stepsNeeded > 0 && calls.length === 0) return 'no call';
  if (attempt.stoppedBy === 'maxSteps' || attempt.stoppedBy === 'callCap' || calls.some((c) => c.refusal?.kind === 'repeated')) return 'step cap or loop';
  if (calls.some((c, i) => !c.ok && c.errorKind !== null && API_ERRORS.has(c.errorKind) && !recoveredLater(i))) return 'unrecovered API error';
  if (
    calls.some(
      (c, i) =>
        !c.ok && (c.refusal?.kind === 'invalidArguments' || c.refusal?.kind === 'unreadableArguments' || c.errorKind === 'InvalidParam') && !recoveredLater(i),
    )
  )
    return 'invalid arguments';
  if (metrics.toolRecall < 1 && metrics.toolPrecision < 1) return 'wrong tool';
  if (metrics.invented.length > 0) return 'invented value';
  if (metrics.toolRecall < 1 || calls.filter((c) => c.ok).length < metrics.stepsNeeded) return 'premature answer';
  return 'wrong final answer';
}
