// A conversation as a model without a tool syntax reads it (grammar mode): the system prompt followed by the offered
// tools in words (toolPrompt.ts), each call as the JSON the grammar made it write, each result as a user message
// "tool_name: result" (the result view's text as it is), and a committed answer as the answer tool's call (where no
// answer tool is offered, as in BFCL, the final answer as {"final_answer": …}). The local
// runtime (native/llama/chatHistory.ts) and the training exports for such families (core/synth/formats.ts) both
// write it from here, so a model is tuned on exactly the prompt it is later run with.
import { grammarArguments } from './grammarSchema.ts';
import { toolPrompt, type ToolPromptStyle } from './toolPrompt.ts';
import type { ChatMessage, ModelTool } from './types.ts';
import { ANSWER_TOOL, answerArguments } from '../answer/answerTool.ts';

export interface PlainMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The system prompt with the tools section after it. */
export function grammarSystemPrompt(system: string, tools: ModelTool[], style: ToolPromptStyle = 'full'): string {
  const section = toolPrompt(tools, style);
  return [system, section].filter((part) => part !== '').join('\n\n');
}

/** A model turn in grammar mode: its calls as the grammar has them written (one JSON object per line), or its answer. */
export function grammarTurn(message: Extract<ChatMessage, { role: 'assistant' }>, tools: ModelTool[]): string {
  const calls = (message.toolCalls ?? []).map((c) =>
    JSON.stringify({
      tool: c.name,
      arguments: grammarArguments(
        tools.find((t) => t.name === c.name),
        c.arguments,
      ),
    }),
  );
  if (calls.length > 0) return calls.join('\n');
  // A committed answer is the answer tool's call, as the grammar had the model write it.
  if (message.answer) return JSON.stringify({ tool: ANSWER_TOOL, arguments: answerArguments(message.answer, message.content) });
  return JSON.stringify({ final_answer: message.content });
}

/** A tool result as grammar mode feeds it back. */
export const grammarResult = (name: string, content: string): string => `${name}: ${content}`;

/**
 * The conversation in grammar mode's roles. User messages that follow each other (a result, then the step cap's
 * "answer now") become one, joined by a blank line: templates such as Gemma's refuse two user turns in a row.
 */
export function grammarMessages(messages: ChatMessage[], tools: ModelTool[], style: ToolPromptStyle = 'full'): PlainMessage[] {
  const out: PlainMessage[] = [];
  const system = messages.find((m) => m.role === 'system');
  if (system || tools.length > 0) out.push({ role: 'system', content: grammarSystemPrompt(system?.content ?? '', tools, style) });
  const add = (role: PlainMessage['role'], content: string): void => {
    const last = out.at(-1);
    if (role === 'user' && last?.role === 'user') last.content = `${last.content}\n\n${content}`;
    else out.push({ role, content });
  };
  for (const m of messages) {
    if (m.role === 'user') add('user', m.content);
    else if (m.role === 'assistant') add('assistant', grammarTurn(m, tools));
    else if (m.role === 'tool') add('user', grammarResult(m.name, m.content));
  }
  return out;
}
