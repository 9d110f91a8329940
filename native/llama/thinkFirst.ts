// A thinking model under a grammar. llama.cpp applies a grammar from a turn's first token, so a JSON grammar would
// forbid the thought a thinking family (Qwen3, EXAONE 4.0, DeepSeek-R1 distills) writes before it acts. The turn is
// therefore made in two steps: the model writes freely until its thought segment closes (or its thought budget is
// spent, when the segment is closed for it), the generation is stopped there, and the constrained call or answer is
// generated as the continuation of that same model turn, after the thought.
import {
  LlamaText,
  type ChatHistoryItem,
  type ChatModelSegment,
  type LlamaChatResponse,
  type LlamaChatResponseChunk,
  type LlamaTextJSON,
} from 'node-llama-cpp';

/** What the first step asks of node-llama-cpp's LlamaChat.generateResponse. */
export interface ThoughtRequest {
  maxTokens: number;
  budgets: { thoughtTokens: number };
  signal: AbortSignal;
  stopOnAbortSignal: true;
  onResponseChunk: (chunk: LlamaChatResponseChunk) => void;
}

export interface ThinkFirstOptions {
  /** Tokens the model may think. */
  thoughtTokens: number;
  /** How the family closes a thought (the wrapper's thought suffix, as JSON), written for it when the budget ends the thought. */
  suffix: LlamaTextJSON;
  /** The caller's abort signal. */
  signal?: AbortSignal;
}

/**
 * The model's thought before a constrained turn: undefined where it does not think first (its first words are not a
 * thought) or nothing was thought. The thought comes back closed, with its text as the model wrote it.
 */
export async function thinkFirst(
  generate: (history: ChatHistoryItem[], request: ThoughtRequest) => Promise<Pick<LlamaChatResponse, 'fullResponse'>>,
  history: ChatHistoryItem[],
  options: ThinkFirstOptions,
): Promise<ChatModelSegment | undefined> {
  const enough = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, enough.signal]) : enough.signal;
  const res = await generate(history, {
    maxTokens: options.thoughtTokens,
    budgets: { thoughtTokens: options.thoughtTokens },
    signal,
    stopOnAbortSignal: true,
    onResponseChunk: (chunk) => {
      // The thought has closed, or the model wrote something else first (even a blank line, which a model that does
      // not think may write for as long as it is let): the constrained step takes over here.
      if (chunk.type !== 'segment' || chunk.segmentType !== 'thought' || chunk.segmentEndTime !== undefined) enough.abort();
    },
  });
  const first = res.fullResponse[0];
  if (!first || typeof first === 'string' || first.type !== 'segment' || first.segmentType !== 'thought' || first.text.trim() === '') return undefined;
  if (first.ended) return first;
  const raw = LlamaText([first.raw ? LlamaText.fromJSON(first.raw) : first.text, LlamaText.fromJSON(options.suffix)]);
  return { ...first, ended: true, raw: raw.toJSON() };
}

/** The conversation with the model's turn begun by its thought, for the constrained step to continue. */
export function afterThought(history: ChatHistoryItem[], thought: ChatModelSegment): ChatHistoryItem[] {
  return [...history, { type: 'model', response: [thought] }];
}
