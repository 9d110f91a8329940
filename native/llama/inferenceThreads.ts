// How many CPU threads a loaded model computes with. llama.cpp's threads meet at a barrier after every operation of
// every token, and a model of a few million parameters has too little work per operation to share: measured on this
// 2-core machine (quiet), KOPA-Nano (4.2 M parameters) generated 572 tokens/s on one thread and 45 on two, and its
// chat turns 303 against 80, where a Qwen2.5-0.5B-shaped model cut to 2 layers (about 166 M multiply-adds a token)
// generated 46 on one and 49 on two, and the full 24 layers 14 and 21.

/** Below this many parameters a model computes on one thread unless threads were asked for. */
export const ONE_THREAD_BELOW_PARAMETERS = 16_000_000;

export interface InferenceThreadsInput {
  /** Threads the user or the caller asked for (KOPA_LLAMA_THREADS, the runtime's option): always honoured. */
  asked: number | undefined;
  /** Threads for a model of ordinary size: the math cores, never more than the machine has. */
  ordinary: number;
  /** The model's parameter count, from its GGUF. */
  parameters: number;
}

export function inferenceThreads({ asked, ordinary, parameters }: InferenceThreadsInput): number {
  if (asked !== undefined) return asked;
  return parameters < ONE_THREAD_BELOW_PARAMETERS ? 1 : ordinary;
}
