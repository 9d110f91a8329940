// A completion as trainers hand it over (TRL's conversational completions, verl's messages, OpenAI chat format):
// assistant messages with `tool_calls` ({function: {name, arguments}}, arguments as an object or as JSON text) and
// `tool` messages with the result text. A tool message without a `tool_call_id` (TRL writes only the name) answers
// the earliest call of that name not answered yet.
import type { ChatMessage, ToolCall } from '../../agent/types.ts';
import { ANSWER_TOOL, answerArguments } from '../../answer/answerTool.ts';

interface TrainerCall {
  id?: string;
  function?: { name?: unknown; arguments?: unknown };
  name?: unknown;
  arguments?: unknown;
}

interface TrainerMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: TrainerCall[];
  tool_call_id?: unknown;
  name?: unknown;
}

export class TrainerMessageError extends Error {}

const text = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => (typeof part === 'string' ? part : String((part as { text?: unknown })?.text ?? ''))).join('')
      : '';

function argumentsOf(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      // A call whose arguments are not JSON is malformed; it is kept so the format component sees it.
      return { __unparsed: raw };
    }
  }
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { __unparsed: raw };
}

/** Calls of one id or one name, oldest first; `head` moves past those answered. */
interface CallQueue {
  calls: ToolCall[];
  head: number;
}

/** Calls not answered yet, found by id or by name in constant time: a completion of thousands of calls stays linear. */
class Unanswered {
  private readonly byId = new Map<string, CallQueue>();
  private readonly byName = new Map<string, CallQueue>();
  private readonly answered = new Set<ToolCall>();

  add(call: ToolCall): void {
    Unanswered.enqueue(this.byId, call.id, call);
    Unanswered.enqueue(this.byName, call.name, call);
  }

  /** The earliest unanswered call with this id, else with this name; marked answered. */
  take(id: unknown, name: unknown): ToolCall | undefined {
    const call = (typeof id === 'string' ? this.first(this.byId.get(id)) : undefined) ?? this.first(this.byName.get(name as string));
    if (call) this.answered.add(call);
    return call;
  }

  private static enqueue(map: Map<string, CallQueue>, key: string, call: ToolCall): void {
    const queue = map.get(key);
    if (queue) queue.calls.push(call);
    else map.set(key, { calls: [call], head: 0 });
  }

  private first(queue: CallQueue | undefined): ToolCall | undefined {
    if (!queue) return undefined;
    // A call answered through the other map is passed over here when met, once.
    while (queue.head < queue.calls.length && this.answered.has(queue.calls[queue.head]!)) queue.head++;
    return queue.calls[queue.head];
  }
}

export function fromTrainerMessages(messages: unknown): ChatMessage[] {
  if (!Array.isArray(messages)) throw new TrainerMessageError('a completion is a list of messages');
  const out: ChatMessage[] = [];
  const unanswered = new Unanswered();
  let counter = 0;
  for (const [i, raw] of messages.entries()) {
    const m = (raw ?? {}) as TrainerMessage;
    if (m.role === 'assistant') {
      const calls: ToolCall[] = (m.tool_calls ?? []).map((c) => ({
        id: typeof c.id === 'string' && c.id ? c.id : `call_${++counter}`,
        name: String(c.function?.name ?? c.name ?? ''),
        arguments: argumentsOf(c.function?.arguments ?? c.arguments ?? {}),
      }));
      for (const call of calls) unanswered.add(call);
      out.push({ role: 'assistant', content: text(m.content), ...(calls.length ? { toolCalls: calls } : {}) });
    } else if (m.role === 'tool') {
      const call = unanswered.take(m.tool_call_id, m.name);
      if (!call) throw new TrainerMessageError(`message ${i + 1}: a tool result that answers no call`);
      out.push({ role: 'tool', toolCallId: call.id, name: call.name, content: text(m.content) });
    } else if (m.role !== 'user' && m.role !== 'system') {
      throw new TrainerMessageError(`message ${i + 1}: unknown role ${JSON.stringify(m.role)}`);
    }
  }
  return out;
}

/**
 * Our messages in the shape trainers use: assistant `tool_calls` with JSON-text arguments, tool results by call id,
 * and a committed answer as the answer tool's call (its message inside the arguments, as the model writes it).
 */
export function toTrainerMessages(messages: ChatMessage[]): unknown[] {
  return messages.map((m, i) => {
    if (m.role === 'assistant' && m.answer) {
      const args = JSON.stringify(answerArguments(m.answer, m.content));
      return { role: 'assistant', content: '', tool_calls: [{ id: `answer_${i + 1}`, type: 'function', function: { name: ANSWER_TOOL, arguments: args } }] };
    }
    if (m.role === 'assistant') {
      const calls = (m.toolCalls ?? []).map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
      return { role: 'assistant', content: m.content, ...(calls.length ? { tool_calls: calls } : {}) };
    }
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, name: m.name, content: m.content };
    return m;
  });
}
