// The visible oracle: a "model" that follows the task's reference plan through the real agent loop and, like a
// model, knows only the conversation. Each next argument and the final answer are computed from the tool messages
// it was shown (the result views, read back into rows), never from the full results; it calls again when a call
// fails in a way that calling again can fix, and commits its answer through the answer tool, typed as the task's
// answer kind asks. It must score 100 %: anything less means the harness, a comparator or
// a task is broken, not a model (a task whose plan needs rows the view hides fails here and in validation).
import { functionName } from '../../core/catalog/functionSchema.ts';
import type { ChatMessage, ModelTurn } from '../../core/agent/types.ts';
import { evaluate } from '../../core/plan/expressions.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import { readView } from '../../core/resultView/resultView.ts';
import type { StepResults } from '../../core/plan/visibility.ts';
import { resolveArgs } from '../plan/executePlan.ts';
import type { ModelBackend } from '../models/backend.ts';
import { plainAnswer } from '../../core/train/reward/attacks.ts';
import type { Claim } from '../../core/answer/claim.ts';
import { ANSWER_TOOL, answerArguments } from '../../core/answer/answerTool.ts';
import { DECLINE_REASON, expectedClaim } from '../../core/answer/expectedClaim.ts';

/** Failures a model would try again: the service was briefly down, slow, or sent a broken body. */
const RETRYABLE = new Set(['Upstream', 'Timeout', 'Malformed']);

export class OracleBackend implements ModelBackend {
  readonly id = 'oracle';
  private readonly task: BenchTask;
  /** What each finished step showed, by step id, as the expressions read it. */
  private readonly done: StepResults = {};
  private pending: { tool: string; args: Record<string, unknown>; callId: string } | undefined;
  private calls = 0;

  constructor(task: BenchTask) {
    this.task = task;
  }

  async turn(messages: ChatMessage[]): Promise<ModelTurn> {
    const plan = this.task.plan;
    const declining = plan.answer.compare === 'decline';
    const stepsDone = Object.keys(this.done).length;
    if (this.pending) {
      const pending = this.pending;
      const reply = messages.findLast((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool' && m.toolCallId === pending.callId);
      const step = plan.steps[stepsDone]!;
      if (!reply) return this.say(`${step.tool} 호출의 결과를 받지 못했습니다.`);
      const view = readView(reply.content);
      if (!view.error || (declining && view.error === 'NoData')) {
        this.done[step.id] = { items: view.rows, totalCount: view.totalCount, handle: view.handle };
        this.pending = undefined;
      } else if (RETRYABLE.has(view.error)) {
        return this.call(pending.tool, pending.args);
      } else {
        return this.say(`${step.tool} 호출이 실패했습니다: ${reply.content}`);
      }
    }
    const next = plan.steps[Object.keys(this.done).length];
    if (next) {
      const resolved = await resolveArgs(next, this.done);
      if ('failure' in resolved) return this.say(`다음 호출의 인자를 정할 수 없습니다: ${resolved.failure}`);
      return this.call(next.tool, resolved.args);
    }
    if (declining) return this.commit(expectedClaim(plan.answer, true), DECLINE_REASON);
    const answer = await evaluate(plan.answer.expr, this.done).catch(() => undefined);
    const empty = answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);
    if (empty) return this.say(`보이는 결과로는 답을 찾지 못했습니다: ${plan.answer.expr}`);
    return this.commit(expectedClaim(plan.answer, answer, this.task.unit), plainAnswer(answer, this.task.unit));
  }

  private commit(claim: Claim, message: string): ModelTurn {
    const callId = `oracle_${++this.calls}`;
    return {
      text: '',
      toolCalls: [{ id: callId, name: ANSWER_TOOL, arguments: answerArguments(claim, message) }],
      usage: { inputTokens: 0, outputTokens: 0 },
      stop: 'toolCalls',
    };
  }

  private call(tool: string, args: Record<string, unknown>): ModelTurn {
    const callId = `oracle_${++this.calls}`;
    this.pending = { tool, args, callId };
    return { text: '', toolCalls: [{ id: callId, name: functionName(tool), arguments: args }], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'toolCalls' };
  }

  private say(text: string): ModelTurn {
    return { text, toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'end' };
  }

  async dispose(): Promise<void> {}
}
