// The agent's neutral conversation as node-llama-cpp chat history. Native mode: a model turn with tool calls becomes
// one model response carrying each call and (from the tool messages after it) its result, the result view's text as
// it is, the way chat wrappers render function calls in the model's own template; a turn's thinking goes with it as a
// thought segment, for the template to keep or drop as it was trained. Grammar mode: the conversation as
// grammarConversation.ts writes it for families without a tool syntax (tools in the system prompt, calls as JSON,
// results as user messages).
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelSegment } from 'node-llama-cpp';
import { grammarMessages } from '../../main/core/agent/grammarConversation.ts';
import type { ChatMessage, ModelTool } from '../../main/core/agent/types.ts';
import type { ToolPromptStyle } from '../../main/core/agent/toolPrompt.ts';

export function toNativeHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'system') out.push({ type: 'system', text: m.content });
    else if (m.role === 'user') out.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') {
      const response: (string | ChatModelFunctionCall | ChatModelSegment)[] = [];
      if (m.thinking) response.push({ type: 'segment', segmentType: 'thought', text: m.thinking, ended: true });
      if (m.content) response.push(m.content);
      for (const call of m.toolCalls ?? []) {
        const reply = messages.slice(i + 1).find((x) => x.role === 'tool' && x.toolCallId === call.id);
        response.push({ type: 'functionCall', name: call.name, params: call.arguments, result: reply && reply.role === 'tool' ? reply.content : null });
      }
      out.push({ type: 'model', response });
    }
  }
  return out;
}

export function toGrammarHistory(messages: ChatMessage[], tools: ModelTool[], style: ToolPromptStyle = 'full'): ChatHistoryItem[] {
  return grammarMessages(messages, tools, style).map(
    (m): ChatHistoryItem =>
      m.role === 'system'
        ? { type: 'system', text: m.content }
        : m.role === 'user'
          ? { type: 'user', text: m.content }
          : { type: 'model', response: [m.content] },
  );
}
