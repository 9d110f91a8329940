// One BFCL multi-turn entry's functions as the agent loop offers them: the docs of its involved classes (the
// held-out ones only from the turn that reveals them), each call executed on the model's own simulator instances
// and answered with the result string upstream's executor makes ("Error during execution: …" for a failure). The
// instances live as long as the entry, across its turns, so state carries from one turn to the next as upstream's
// does. Nothing is refused or guarded: BFCL scores what the model does, repeats included.
import { refusalForModel } from '../../agent/callRefusal.ts';
import type { ChatMessage, ModelTool, ToolCall } from '../../agent/types.ts';
import type { ToolBox, ToolOutcome, ToolSession, ToolTurn } from '../../agent/toolBox.ts';
import type { FunctionDoc } from '../astChecker.ts';
import { toModelTool } from '../functionDocs.ts';
import { fcCallString } from './decode.ts';
import { executeCall, type InstanceSet } from './executor.ts';

/** A call as an entry's run keeps it: the call string BFCL stores and the result the model read. */
export interface SimulatorCall {
  step: number;
  name: string;
  /** The arguments' JSON as the model wrote it (BFCL's result files keep it so: 15.0 stays apart from 15). */
  arguments: string;
  result: string;
}

export class SimulatorTools implements ToolBox<SimulatorCall> {
  private readonly offeredDocs: FunctionDoc[];

  constructor(
    private readonly docs: FunctionDoc[],
    private readonly instances: InstanceSet,
    /** Function names held back until revealed (miss_func). */
    held: ReadonlySet<string>,
    /** Milliseconds from a monotonic clock, for each call's latency (the engine's performance.now). */
    private readonly clock: () => number,
  ) {
    this.offeredDocs = docs.filter((d) => !held.has(d.name));
  }

  /** Offers held-out functions from now on, after those already offered (upstream appends them). */
  reveal(names: readonly string[]): void {
    this.offeredDocs.push(...this.docs.filter((d) => names.includes(d.name)));
  }

  offered(): ModelTool[] {
    return this.offeredDocs.map((d) => toModelTool(d, 'python'));
  }

  systemPrompt(): null {
    return null;
  }

  open(_history: ChatMessage[], _question: string): ToolSession<SimulatorCall> {
    const record = (call: ToolCall, turn: ToolTurn, result: string): SimulatorCall => ({
      step: turn.step,
      name: call.name,
      arguments: call.rawArguments ?? JSON.stringify(call.arguments),
      result,
    });
    return {
      run: async (call, turn): Promise<ToolOutcome<SimulatorCall>> => {
        turn.onEvent?.({ kind: 'tool_call', step: turn.step, call, tool: call.name });
        const started = this.clock();
        let result: string;
        let ok = true;
        try {
          result = executeCall(fcCallString(call.name, call.rawArguments ?? JSON.stringify(call.arguments)), this.instances);
        } catch (error) {
          ok = false;
          result = `Error during execution: ${(error as Error).message}`;
        }
        turn.onEvent?.({
          kind: 'tool_result',
          step: turn.step,
          callId: call.id,
          tool: call.name,
          ok,
          summary: result.length > 200 ? `${result.slice(0, 199)}…` : result,
          latencyMs: Math.round(this.clock() - started),
        });
        return { content: result, record: record(call, turn, result), ran: true };
      },
      refuse: (call, turn, refusal) => {
        const reason = refusalForModel(refusal);
        return { content: reason, record: record(call, turn, reason), ran: false };
      },
    };
  }
}
