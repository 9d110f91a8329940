// The oracle: a "model" that follows the task's reference plan through the real agent loop, calling again when
// a call fails and reading each next argument from the results it actually got. It must score 100 %: anything
// less means the harness, a comparator or a task is broken, not a model.
import { functionName } from '../../core/catalog/functionSchema.ts';
import type { ModelTurn } from '../../core/agent/types.ts';
import type { CallResult } from '../../core/gateway/callResult.ts';
import type { TraceStep } from '../../core/plan/types.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import { finishTrace, resolveArgs, stepResults, traceStep } from '../plan/executePlan.ts';
import type { ModelBackend } from '../agent/backend.ts';

const DECLINE_TEXT = '요청하신 정보는 제공할 수 없습니다. 해당 데이터가 없거나 사용할 수 있는 도구로는 확인할 수 없습니다.';

/** How the oracle states an answer value, in the forms the comparators read. */
export function answerText(value: unknown, unit?: string): string {
  if (typeof value === 'boolean') return value ? '네, 맞습니다.' : '아니요, 그렇지 않습니다.';
  if (Array.isArray(value)) return `${value.map((v) => answerText(v, unit)).join(', ')}`;
  if (typeof value === 'number') return `${value}${unit ?? ''}`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export class OracleBackend implements ModelBackend {
  readonly id = 'oracle';
  private readonly task: BenchTask;
  /** Every result the attempt's calls got, in order; the runner's caller appends to it. */
  private readonly results: CallResult[];
  private seen = 0;
  private readonly done: TraceStep[] = [];
  private pending: { tool: string; args: Record<string, unknown> } | undefined;

  constructor(task: BenchTask, results: CallResult[]) {
    this.task = task;
    this.results = results;
  }

  async turn(): Promise<ModelTurn> {
    const plan = this.task.plan;
    const declining = plan.answer.compare === 'decline';
    const fresh = this.results.slice(this.seen);
    this.seen = this.results.length;
    const last = fresh[fresh.length - 1];
    if (this.pending && last) {
      const step = plan.steps[this.done.length]!;
      if (last.ok || (declining && last.error?.kind === 'NoData')) {
        this.done.push(traceStep(step, this.pending.args, last));
        this.pending = undefined;
      } else if (last.error?.retryable) {
        return this.call(this.pending.tool, this.pending.args);
      } else {
        return this.say(`${step.tool} 호출이 실패했습니다: ${last.error?.message ?? '알 수 없는 오류'}`);
      }
    }
    if (this.done.length < plan.steps.length) {
      const step = plan.steps[this.done.length]!;
      const resolved = await resolveArgs(step, stepResults(this.done));
      if ('failure' in resolved) return this.say(`다음 호출의 인자를 정할 수 없습니다: ${resolved.failure}`);
      this.pending = { tool: step.tool, args: resolved.args };
      return this.call(step.tool, resolved.args);
    }
    if (declining) return this.say(DECLINE_TEXT);
    const trace = await finishTrace(plan, this.done);
    return this.say(trace.ok ? answerText(trace.answer, this.task.unit) : `답을 찾지 못했습니다: ${trace.failure ?? ''}`);
  }

  private call(tool: string, args: Record<string, unknown>): ModelTurn {
    return { text: '', toolCalls: [{ id: `oracle_${this.results.length + 1}`, name: functionName(tool), arguments: args }], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'toolCalls' };
  }

  private say(text: string): ModelTurn {
    return { text, toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'end' };
  }

  async dispose(): Promise<void> {}
}
