// What a conversation gives up when it outgrows the model's context, in this order (ARCHITECTURE: the result view
// keeps every row of an episode by its handle, so rows dropped here can be read again with the query tool):
// 1. the rows of the oldest tool results, each replaced by a note naming its handle, all but the last turn's;
// 2. then the last turn's results the same way;
// 3. then whole earlier exchanges after the first request, oldest first, keeping the last two items.
// The system prompt and the first request are never touched. node-llama-cpp calls this as its context-shift
// strategy; what was given up is reported, so the agent can say so instead of failing silently.
import type { ChatHistoryItem, ChatModelFunctionCall } from 'node-llama-cpp';

export interface Trimmed {
  /** Tool results whose rows were dropped. */
  results: number;
  /** Whole items (earlier requests, answers, results) dropped. */
  items: number;
}

const note = (handle: unknown): string =>
  typeof handle === 'string'
    ? `맥락이 모자라 이 결과(${handle})의 행을 뺐습니다. 필요하면 local_queryRows(result="${handle}")로 다시 읽으세요.`
    : '맥락이 모자라 이 결과의 행을 뺐습니다.';

/**
 * A tool result with its rows replaced by a note, or undefined when there is nothing left to drop. Results are the
 * result view's JSON text (chatHistory.ts), and stay text.
 */
function shrunk(result: unknown): unknown {
  if (typeof result === 'string') {
    try {
      const smaller = shrunk(JSON.parse(result));
      return smaller === undefined ? undefined : JSON.stringify(smaller);
    } catch {
      return undefined;
    }
  }
  if (!result || typeof result !== 'object' || !('data' in result)) return undefined;
  const { result: handle, totalCount } = result as { result?: unknown; totalCount?: unknown };
  return { result: handle, totalCount, note: note(handle) };
}

/** Grammar mode writes a result as a user message "tool_name: {json}". */
function shrunkText(text: string): string | undefined {
  const colon = text.indexOf(': {');
  if (colon < 0) return undefined;
  try {
    const smaller = shrunk(JSON.parse(text.slice(colon + 2)));
    return smaller === undefined ? undefined : `${text.slice(0, colon)}: ${JSON.stringify(smaller)}`;
  } catch {
    return undefined;
  }
}

interface Slot {
  item: number;
  apply: (history: ChatHistoryItem[]) => boolean;
}

/** Every tool result in the history, oldest first, as a way to shrink it in place. */
function resultSlots(history: ChatHistoryItem[], firstRequest: number): Slot[] {
  const slots: Slot[] = [];
  history.forEach((entry, i) => {
    if (entry.type === 'model') {
      entry.response.forEach((part, j) => {
        if (typeof part === 'object' && part.type === 'functionCall') {
          slots.push({
            item: i,
            apply: (h) => {
              const current = (h[i] as { response: (string | ChatModelFunctionCall)[] }).response[j] as ChatModelFunctionCall;
              const smaller = shrunk(current.result);
              if (smaller === undefined) return false;
              current.result = smaller;
              return true;
            },
          });
        }
      });
    } else if (entry.type === 'user' && i > firstRequest) {
      slots.push({
        item: i,
        apply: (h) => {
          const current = h[i] as { text: string };
          const smaller = shrunkText(current.text);
          if (smaller === undefined) return false;
          current.text = smaller;
          return true;
        },
      });
    }
  });
  return slots;
}

export function fitHistory(
  history: readonly ChatHistoryItem[],
  maxTokens: number,
  count: (history: ChatHistoryItem[]) => number,
): { history: ChatHistoryItem[]; trimmed: Trimmed } {
  const out = structuredClone(history) as ChatHistoryItem[];
  const trimmed: Trimmed = { results: 0, items: 0 };
  if (count(out) <= maxTokens) return { history: out, trimmed };
  const firstRequest = out.findIndex((entry) => entry.type === 'user');
  const lastModel = out.map((entry) => entry.type).lastIndexOf('model');
  const slots = resultSlots(out, firstRequest);
  const ordered = [...slots.filter((s) => s.item < lastModel), ...slots.filter((s) => s.item >= lastModel)];
  for (const slot of ordered) {
    if (slot.apply(out)) trimmed.results++;
    if (count(out) <= maxTokens) return { history: out, trimmed };
  }
  while (out.length - (firstRequest + 1) > 2 && count(out) > maxTokens) {
    out.splice(firstRequest + 1, 1);
    trimmed.items++;
  }
  return { history: out, trimmed };
}
