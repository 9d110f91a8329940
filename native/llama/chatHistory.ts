// The agent's neutral conversation as node-llama-cpp chat history: a model turn with tool calls becomes one
// model response carrying each call and (from the tool messages after it) its result, the way chat wrappers
// render function calls for the model's own template. In grammar mode, where the model has no tool syntax, a
// call is the JSON the grammar made it write and a result is a user message.
import type { ChatHistoryItem, ChatModelFunctionCall } from 'node-llama-cpp';
import type { ChatMessage } from '../../main/core/agent/types.ts';

function parseResult(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

export function toNativeHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'system') out.push({ type: 'system', text: m.content });
    else if (m.role === 'user') out.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') {
      const response: (string | ChatModelFunctionCall)[] = m.content ? [m.content] : [];
      for (const call of m.toolCalls ?? []) {
        const reply = messages.slice(i + 1).find((x) => x.role === 'tool' && x.toolCallId === call.id);
        response.push({ type: 'functionCall', name: call.name, params: call.arguments, result: reply && reply.role === 'tool' ? parseResult(reply.content) : null });
      }
      out.push({ type: 'model', response });
    }
  }
  return out;
}

export function toGrammarHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  for (const m of messages) {
    if (m.role === 'system') out.push({ type: 'system', text: m.content });
    else if (m.role === 'user') out.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') {
      const text = (m.toolCalls ?? []).map((c) => JSON.stringify({ tool: c.name, arguments: c.arguments })).join('\n') || JSON.stringify({ final_answer: m.content });
      out.push({ type: 'model', response: [text] });
    } else out.push({ type: 'user', text: `${m.name}: ${m.content}` });
  }
  return out;
}
