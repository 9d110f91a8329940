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
import type { SynthSample } from './types.ts';

export const exportFormats = ['openai', 'sharegpt', 'trl-sft', 'trl-grpo'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * Rows of a tool result a training export shows the model. A synthesized plan picks rows only among these, so
 * every pick it makes can be made again by a model reading the same result.
 */
export const ROWS_SHOWN = 20;

export interface ExportOptions {
  /** Rows of a tool result shown to the model; the rest is summarised by the total. Defaults to 20, the rows a synthesized plan may pick from. */
  maxItems?: number;
}

/** A tool result as the model reads it: the first rows and how many there were. */
export function toolReply(step: TraceStep, maxItems: number): string {
  const body = step.ok ? { totalCount: step.totalCount ?? step.items.length, items: step.items.slice(0, maxItems) } : { error: step.errorKind, resultCode: step.resultCode };
  return JSON.stringify(body);
}

interface Turn {
  step: TraceStep;
  callId: string;
}

function turns(sample: SynthSample): Turn[] {
  return sample.walk.trace.steps.map((step, i) => ({ step, callId: `call_${sample.ordinal}_${i + 1}` }));
}

function openAi(sample: SynthSample, tools: FunctionSchema[], maxItems: number): unknown {
  const messages: unknown[] = [
    { role: 'system', content: systemPrompt(new Date(sample.walk.asOf)) },
    { role: 'user', content: sample.query },
  ];
  for (const { step, callId } of turns(sample)) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: functionName(step.tool), arguments: JSON.stringify(step.args) } }] });
    messages.push({ role: 'tool', tool_call_id: callId, content: toolReply(step, maxItems) });
  }
  messages.push({ role: 'assistant', content: sample.answerText });
  return { messages, tools };
}

function shareGpt(sample: SynthSample, tools: FunctionSchema[], maxItems: number): unknown {
  const conversations: { from: string; value: string }[] = [
    { from: 'system', value: `${systemPrompt(new Date(sample.walk.asOf))}\n<tools>\n${tools.map((t) => JSON.stringify(t.function)).join('\n')}\n</tools>` },
    { from: 'human', value: sample.query },
  ];
  for (const { step } of turns(sample)) {
    conversations.push({ from: 'gpt', value: `<tool_call>\n${JSON.stringify({ name: functionName(step.tool), arguments: step.args })}\n</tool_call>` });
    conversations.push({ from: 'tool', value: `<tool_response>\n${toolReply(step, maxItems)}\n</tool_response>` });
  }
  conversations.push({ from: 'gpt', value: sample.answerText });
  return { conversations };
}

function trlSft(sample: SynthSample, tools: FunctionSchema[], maxItems: number): unknown {
  const messages: unknown[] = [
    { role: 'system', content: systemPrompt(new Date(sample.walk.asOf)) },
    { role: 'user', content: sample.query },
  ];
  for (const { step } of turns(sample)) {
    messages.push({ role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: functionName(step.tool), arguments: step.args } }] });
    messages.push({ role: 'tool', name: functionName(step.tool), content: toolReply(step, maxItems) });
  }
  messages.push({ role: 'assistant', content: sample.answerText });
  return { messages, tools };
}

function trlGrpo(sample: SynthSample, tools: FunctionSchema[]): unknown {
  return {
    prompt: [
      { role: 'system', content: systemPrompt(new Date(sample.walk.asOf)) },
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

/** One export row. `visible` are the tools offered to the model: the plan's own and any distractors. */
export function exportRow(format: ExportFormat, sample: SynthSample, visible: ToolSpec[], options: ExportOptions = {}): unknown {
  const tools = visible.map(functionSchema);
  const maxItems = options.maxItems ?? ROWS_SHOWN;
  switch (format) {
    case 'openai':
      return openAi(sample, tools, maxItems);
    case 'sharegpt':
      return shareGpt(sample, tools, maxItems);
    case 'trl-sft':
      return trlSft(sample, tools, maxItems);
    case 'trl-grpo':
      return trlGrpo(sample, tools);
  }
}
