// Training exports of synthesized samples, one JSON object per line:
// - openai: {"messages", "tools"} with assistant `tool_calls` (arguments as JSON text) and `tool` replies;
// - sharegpt: {"conversations"} in the Hermes style, calls in <tool_call> and results in <tool_response>;
// - trl-sft: {"messages", "tools"} as TRL's SFTTrainer takes tool data (arguments as objects);
// - trl-grpo: {"prompt", …} prompt-only rows for TRL's GRPOTrainer; the other columns (reference plan, answer
//   spec, expected answer, tools) reach reward functions as keyword arguments.
// Every format writes one conversation per sample (sampleConversation), the agent's own messages, ending with the
// answer tool's call that commits the sample's answer (core/answer: its claim and the sentence for the person), and
// offers the answer tool beside the catalog's, as the agent does. With the tool
// style "prompt" it is written as KOPA Studio runs a family whose template has no tool syntax (Gemma, EXAONE 3.5):
// the tools in the system prompt, calls as the grammar's JSON, results as user messages (grammarConversation.ts), so
// the model is tuned on exactly the prompt it is run with; there is then no "tools" field for the template to render.
import { functionName, functionSchema, modelTool, type FunctionSchema } from '../catalog/functionSchema.ts';
import type { ToolSpec } from '../catalog/types.ts';
import type { AnswerSpec, TraceStep } from '../plan/types.ts';
import { grammarMessages, type PlainMessage } from '../agent/grammarConversation.ts';
import { systemPrompt } from '../agent/prompt.ts';
import type { ChatMessage, ModelTool } from '../agent/types.ts';
import type { CallErrorKind } from '../gateway/callResult.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { renderResult, type ViewOptions } from '../resultView/resultView.ts';
import type { SynthSample } from './types.ts';
import { ANSWER_TOOL, answerArguments, answerFunction, answerTool } from '../answer/answerTool.ts';
import { expectedClaim } from '../answer/expectedClaim.ts';
import type { Claim } from '../answer/claim.ts';

/**
 * A sample's answer spec with what its value is: a clock time where the answer's field is one (sunrise 1719 is a time,
 * not a name), a date where it is a date.
 */
export function sampleAnswerSpec(sample: SynthSample): AnswerSpec {
  const spec = sample.walk.plan.answer;
  const kind = sample.walk.answer.valueKind ?? '';
  const as = /^time\./.test(kind) ? 'time' : /^date\.yyyymmdd/.test(kind) ? 'date' : undefined;
  return as && !spec.as ? { ...spec, as } : spec;
}

/** The claim a sample commits to: its trace's answer in the answer tool's typed form. */
export function sampleClaim(sample: SynthSample): Claim {
  return expectedClaim(sampleAnswerSpec(sample), sample.walk.trace.answer, sample.walk.answer.unit);
}

/**
 * A sample as a KOPA-Bench task (one line of a suite file): its request, moment, offered tools and plan, so a
 * held-out synthesis seed is measured by the same harness as KOPA-Bench (`kopa bench run --suite FILE`).
 */
function benchTask(sample: SynthSample, visible: ToolSpec[]): unknown {
  const steps = sample.walk.plan.steps.length;
  return {
    id: `s${sample.ordinal}`,
    query_ko: sample.query,
    asOf: sample.walk.asOf,
    tools: visible.map((t) => t.id).filter((id) => id !== QUERY_TOOL),
    plan: { ...sample.walk.plan, answer: sampleAnswerSpec(sample) },
    level: steps,
    abilities: [
      ...(steps > 1 ? ['sequential'] : []),
      ...(sample.walk.plan.steps.some((s) => s.tool === QUERY_TOOL && 'aggregate' in s.args) ? ['aggregation'] : []),
    ],
    ...(sample.walk.statedAs && Object.keys(sample.walk.statedAs).length ? { statedAs: sample.walk.statedAs } : {}),
    ...(sample.walk.answer.unit ? { unit: sample.walk.answer.unit } : {}),
    tags: [`dataset-sample-${sample.ordinal}`],
  };
}

/** The answer tool's call that ends a conversation, as trainers write calls. */
const answerCall = (m: Extract<ChatMessage, { role: 'assistant' }>, id: string): { id: string; name: string; arguments: Record<string, unknown> } => ({
  id,
  name: ANSWER_TOOL,
  arguments: answerArguments(m.answer!, m.content),
});

export const exportFormats = ['openai', 'sharegpt', 'trl-sft', 'trl-grpo', 'kopa-bench'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * How tools and calls are written: the template's own tool syntax (native), in the prompt as grammar mode does
 * (prompt), or the same with one line a tool (compact: for a model too small to read the full form, KOPA-Nano).
 */
export const toolStyles = ['native', 'prompt', 'compact'] as const;
export type ToolStyle = (typeof toolStyles)[number];

export interface ExportOptions {
  /** The result view tool messages are rendered through: the one inference uses. Defaults to the standard view. */
  view?: ViewOptions;
  /** Defaults to "native". */
  toolStyle?: ToolStyle;
}

/** A tool result as the model reads it: the same result view, handle included, that the agent loop shows. */
export function toolReply(step: TraceStep, view: ViewOptions = {}): string {
  const error = step.ok
    ? null
    : { kind: (step.errorKind ?? 'Upstream') as CallErrorKind, message: step.resultCode ? `result code ${step.resultCode}` : '', retryable: false };
  return renderResult({ ok: step.ok, items: step.items, totalCount: step.totalCount, error, counts: step.counts }, step.handle ?? null, view).text;
}

/**
 * A call's id: nine letters and digits, unique in the dataset, since some templates require exactly that (Mistral's
 * v11 templates raise on any other id).
 */
function callId(sample: SynthSample, step: number): string {
  return (sample.ordinal * 100 + step).toString(36).padStart(9, '0');
}

/** The system prompt of a sample: the agent's own, with the query tool's sentence where the tool is offered. */
function promptOf(sample: SynthSample, tools: FunctionSchema[]): string {
  return systemPrompt(new Date(sample.walk.asOf), { queryTool: tools.some((t) => t.function.name === functionName(QUERY_TOOL)) });
}

/** The sample as the agent's conversation: system prompt, request, each call and its result, the answer. */
export function sampleConversation(sample: SynthSample, tools: FunctionSchema[], view: ViewOptions = {}): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: promptOf(sample, tools) },
    { role: 'user', content: sample.query },
  ];
  sample.walk.trace.steps.forEach((step, i) => {
    const id = callId(sample, i + 1);
    messages.push({ role: 'assistant', content: '', toolCalls: [{ id, name: functionName(step.tool), arguments: step.args }] });
    messages.push({ role: 'tool', toolCallId: id, name: functionName(step.tool), content: toolReply(step, view) });
  });
  messages.push({ role: 'assistant', content: sample.answerText, answer: sampleClaim(sample) });
  return messages;
}

/** Grammar mode's messages in the OpenAI shape (plain roles and text). */
const plainRows = (messages: PlainMessage[]): PlainMessage[] => messages.map((m) => ({ role: m.role, content: m.content }));

function openAi(messages: ChatMessage[], tools: FunctionSchema[]): unknown {
  const rows = messages.map((m, i) => {
    if (m.role === 'assistant' && m.answer) {
      const c = answerCall(m, `answer${i}`);
      return {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } }],
      };
    }
    if (m.role === 'assistant' && m.toolCalls?.length)
      return {
        role: 'assistant',
        content: null,
        tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
      };
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    return { role: m.role, content: m.content };
  });
  return { messages: rows, tools };
}

function shareGptNative(messages: ChatMessage[], tools: FunctionSchema[]): unknown {
  const conversations = messages.map((m) => {
    if (m.role === 'system') return { from: 'system', value: `${m.content}\n<tools>\n${tools.map((t) => JSON.stringify(t.function)).join('\n')}\n</tools>` };
    if (m.role === 'user') return { from: 'human', value: m.content };
    if (m.role === 'tool') return { from: 'tool', value: `<tool_response>\n${m.content}\n</tool_response>` };
    if (m.answer) {
      const c = answerCall(m, '');
      return { from: 'gpt', value: `<tool_call>\n${JSON.stringify({ name: c.name, arguments: c.arguments })}\n</tool_call>` };
    }
    if (m.toolCalls?.length)
      return {
        from: 'gpt',
        value: m.toolCalls.map((c) => `<tool_call>\n${JSON.stringify({ name: c.name, arguments: c.arguments })}\n</tool_call>`).join('\n'),
      };
    return { from: 'gpt', value: m.content };
  });
  return { conversations };
}

function shareGptPrompt(messages: PlainMessage[]): unknown {
  const from = { system: 'system', user: 'human', assistant: 'gpt' } as const;
  return { conversations: messages.map((m) => ({ from: from[m.role], value: m.content })) };
}

function trlSft(messages: ChatMessage[], tools: FunctionSchema[]): unknown {
  const rows = messages.map((m) => {
    if (m.role === 'assistant' && m.answer) {
      const c = answerCall(m, '');
      return { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: c.name, arguments: c.arguments } }] };
    }
    if (m.role === 'assistant' && m.toolCalls?.length)
      return { role: 'assistant', content: '', tool_calls: m.toolCalls.map((c) => ({ type: 'function', function: { name: c.name, arguments: c.arguments } })) };
    if (m.role === 'tool') return { role: 'tool', name: m.name, content: m.content };
    return { role: m.role, content: m.content };
  });
  return { messages: rows, tools };
}

function trlGrpo(sample: SynthSample, tools: FunctionSchema[], prompt: unknown[], withTools: boolean): unknown {
  return {
    prompt,
    ...(withTools ? { tools } : {}),
    reference_plan: JSON.stringify(sample.walk.plan),
    alternative_plans: JSON.stringify(sample.alternatives.map((a) => a.plan)),
    answer_spec: JSON.stringify(sampleAnswerSpec(sample)),
    answer: sample.walk.trace.answer,
    answer_claim: JSON.stringify(sampleClaim(sample)),
    answer_unit: sample.walk.answer.unit ?? null,
    golden_calls: JSON.stringify(sample.walk.trace.steps.map((s) => ({ name: functionName(s.tool), arguments: s.args }))),
    as_of: sample.walk.asOf,
    graph_version: sample.graphVersion,
    backend: sample.backend,
    sample_id: sample.ordinal,
  };
}

/** One export row. `visible` are the tools offered to the model: the plan's own, any distractors, and the query tool. */
export function exportRow(format: ExportFormat, sample: SynthSample, visible: ToolSpec[], options: ExportOptions = {}): unknown {
  if (format === 'kopa-bench') return benchTask(sample, visible);
  const tools = [...visible.map(functionSchema), answerFunction];
  const messages = sampleConversation(sample, tools, options.view ?? {});
  const style = options.toolStyle ?? 'native';
  if (style !== 'native') {
    const offered: ModelTool[] = [...visible.map(modelTool), answerTool];
    const prompt = style === 'compact' ? 'compact' : 'full';
    const plain = plainRows(grammarMessages(messages, offered, prompt));
    switch (format) {
      case 'openai':
      case 'trl-sft':
        return { messages: plain };
      case 'sharegpt':
        return shareGptPrompt(plain);
      case 'trl-grpo':
        return trlGrpo(sample, tools, plainRows(grammarMessages(messages.slice(0, 2), offered, prompt)), false);
    }
  }
  switch (format) {
    case 'openai':
      return openAi(messages, tools);
    case 'sharegpt':
      return shareGptNative(messages, tools);
    case 'trl-sft':
      return trlSft(messages, tools);
    case 'trl-grpo':
      return trlGrpo(
        sample,
        tools,
        messages.slice(0, 2).map((m) => ({ role: m.role, content: m.content })),
        true,
      );
  }
}
