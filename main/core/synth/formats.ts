// Training exports of synthesized samples, one JSON object per line:
// - openai: {"messages", "tools"} with assistant `tool_calls` (arguments as JSON text) and `tool` replies;
// - sharegpt: {"conversations"} in the Hermes style, calls in <tool_call> and results in <tool_response>;
// - trl-sft: {"messages", "tools"} as TRL's SFTTrainer takes tool data (arguments as objects);
// - trl-grpo: {"prompt", …} prompt-only rows for TRL's GRPOTrainer; the other columns (reference plan, answer
//   spec, expected answer, tools) reach reward functions as keyword arguments.
import { functionName, functionSchema, type FunctionSchema } from '../catalog/functionSchema.ts';
import type { ToolSpec } from '../catalog/types.ts';
import type { TraceStep } from '../plan/types.ts';
import { systemPrompt } from '../agent/prompt.ts';
import type { CallErrorKind } from '../gateway/callResult.ts';
import { QUERY_TOOL } from '../view/queryRows.ts';
import { renderResult, type ViewOptions } from '../view/resultView.ts';
import type { SynthSample } from './types.ts';

export const exportFormats = ['openai', 'sharegpt', 'trl-sft', 'trl-grpo'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export interface ExportOptions {
  /** The result view tool messages are rendered through: the one inference uses. Defaults to the standard view. */
  view?: ViewOptions;
}

/** A tool result as the model reads it: the same result view, handle included, that the agent loop shows. */
export function toolReply(step: TraceStep, view: ViewOptions = {}): string {
  const error = step.ok ? null : { kind: (step.errorKind ?? 'Upstream') as CallErrorKind, message: step.resultCode ? `result code ${step.resultCode}` : '', retryable: false };
  return renderResult({ ok: step.ok, items: step.items, totalCount: step.totalCount, error }, step.handle ?? null, view).text;
}

interface Turn {
  step: TraceStep;
  callId: string;
}

function turns(sample: SynthSample): Turn[] {
  return sample.walk.trace.steps.map((step, i) => ({ step, callId: `call_${sample.ordinal}_${i + 1}` }));
}

/** The system prompt of a sample: the agent's own, with the query tool's sentence where the tool is offered. */
function promptOf(sample: SynthSample, tools: FunctionSchema[]): string {
  return systemPrompt(new Date(sample.walk.asOf), { queryTool: tools.some((t) => t.function.name === functionName(QUERY_TOOL)) });
}

function openAi(sample: SynthSample, tools: FunctionSchema[], view: ViewOptions): unknown {
  const messages: unknown[] = [
    { role: 'system', content: promptOf(sample, tools) },
    { role: 'user', content: sample.query },
  ];
  for (const { step, callId } of turns(sample)) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: functionName(step.tool), arguments: JSON.stringify(step.args) } }] });
    messages.push({ role: 'tool', tool_call_id: callId, content: toolReply(step, view) });
  }
  messages.push({ role: 'assistant', content: sample.answerText });
  return { messages, tools };
}

function shareGpt(sample: SynthSample, tools: FunctionSchema[], view: ViewOptions): unknown {
  const conversations: { from: string; value: string }[] = [
    { from: 'system', value: `${promptOf(sample, tools)}\n<tools>\n${tools.map((t) => JSON.stringify(t.function)).join('\n')}\n</tools>` },
    { from: 'human', value: sample.query },
  ];
  for (const { step } of turns(sample)) {
    conversations.push({ from: 'gpt', value: `<tool_call>\n${JSON.stringify({ name: functionName(step.tool), arguments: step.args })}\n</tool_call>` });
    conversations.push({ from: 'tool', value: `<tool_response>\n${toolReply(step, view)}\n</tool_response>` });
  }
  conversations.push({ from: 'gpt', value: sample.answerText });
  return { conversations };
}

function trlSft(sample: SynthSample, tools: FunctionSchema[], view: ViewOptions): unknown {
  const messages: unknown[] = [
    { role: 'system', content: promptOf(sample, tools) },
    { role: 'user', content: sample.query },
  ];
  for (const { step } of turns(sample)) {
    messages.push({ role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: functionName(step.tool), arguments: step.args } }] });
    messages.push({ role: 'tool', name: functionName(step.tool), content: toolReply(step, view) });
  }
  messages.push({ role: 'assistant', content: sample.answerText });
  return { messages, tools };
}

function trlGrpo(sample: SynthSample, tools: FunctionSchema[]): unknown {
  return {
    prompt: [
      { role: 'system', content: promptOf(sample, tools) },
      { role: 'user', content: sample.query },
    ],
    tools,
    reference_plan: JSON.stringify(sample.walk.plan),
    alternative_plans: JSON.stringify(sample.alternatives.map((a) => a.plan)),
    answer_spec: JSON.stringify(sample.walk.plan.answer),
    answer: sample.walk.trace.answer,
    golden_calls: JSON.stringify(sample.walk.trace.steps.map((s) => ({ name: functionName(s.tool), arguments: s.args }))),
    as_of: sample.walk.asOf,
    graph_version: sample.graphVersion,
    backend: sample.backend,
    sample_id: sample.ordinal,
  };
}

/** One export row. `visible` are the tools offered to the model: the plan's own, any distractors, and the query tool. */
export function exportRow(format: ExportFormat, sample: SynthSample, visible: ToolSpec[], options: ExportOptions = {}): unknown {
  const tools = visible.map(functionSchema);
  const view = options.view ?? {};
  switch (format) {
    case 'openai':
      return openAi(sample, tools, view);
    case 'sharegpt':
      return shareGpt(sample, tools, view);
    case 'trl-sft':
      return trlSft(sample, tools, view);
    case 'trl-grpo':
      return trlGrpo(sample, tools);
  }
}
