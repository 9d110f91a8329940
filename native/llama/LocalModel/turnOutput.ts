// What a turn wrote, read for the agent: a grammar step as JSON, the arguments as written, why it stopped, a final
// answer the token limit cut off, and what the turn cost in tokens.
import type { LlamaChatResponse } from 'node-llama-cpp';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { givenArguments } from '../../../main/core/agent/grammarSchema.ts';
import type { ModelTool, ModelTurn } from '../../../main/core/agent/types.ts';

/**
 * A turn's usage from its prompt and node-llama-cpp's meter. The meter counts each token evaluated for its logits as
 * output: the prompt's last token (which gives the first sample) among them, and every generated token but the last.
 * So the prompt evaluated is the meter's input plus one per generation, and the prompt read is the rendered prompt
 * (node-llama-cpp's own count where it trimmed results to fit: then the rendered one is not what it read).
 */
export function turnUsage(prompt: number, used: { usedInputTokens: number; usedOutputTokens: number }, trimmed: boolean): ModelTurn['usage'] {
  const evaluated = used.usedInputTokens + (used.usedOutputTokens > 0 ? 1 : 0);
  const input = trimmed ? evaluated : Math.max(prompt, evaluated);
  return { inputTokens: input, outputTokens: used.usedOutputTokens, cachedInputTokens: input - evaluated };
}

/**
 * A grammar step as JSON. The grammar guarantees the shape, not every value (an integer can be longer than any
 * number), so values are left to the agent's schema check instead of failing the turn here.
 */
export function parseStep(text: string): { tool?: string; arguments?: Record<string, unknown>; rawArguments?: string; final_answer?: string } | undefined {
  try {
    const step = JSON.parse(text) as { tool?: string; arguments?: Record<string, unknown>; final_answer?: string };
    // The arguments as the model wrote them too: 15.0 and 15 parse alike, and BFCL scores them apart.
    const written = (parseLossless(text) as { arguments?: unknown }).arguments;
    return written === undefined ? step : { ...step, rawArguments: stringifyLossless(written) };
  } catch {
    return undefined;
  }
}

/** The arguments as written (kept for their number forms), without the optional parameters left null. */
export function givenRaw(tool: ModelTool | undefined, raw: string | undefined): { rawArguments?: string } {
  if (!raw) return {};
  try {
    return { rawArguments: stringifyLossless(givenArguments(tool, parseLossless(raw) as Record<string, unknown>)) ?? raw };
  } catch {
    return { rawArguments: raw };
  }
}

/** Why a generation stopped, in the agent's words. */
export function stopOf(res: Pick<LlamaChatResponse, 'metadata'>): ModelTurn['stop'] {
  const reason = res.metadata.stopReason;
  return reason === 'functionCalls' ? 'toolCalls' : reason === 'maxTokens' ? 'maxTokens' : reason === 'abort' ? 'abort' : 'end';
}

/** The text of a final answer the token limit cut off: {"final_answer": "…  → … */
export function partialFinalAnswer(text: string): string {
  const match = /^\s*\{\s*"final_answer"\s*:\s*"([\s\S]*)$/.exec(text);
  if (!match) return text;
  const body = match[1]!.replace(/"\s*\}\s*$/, '');
  try {
    return JSON.parse(`"${body.replace(/\\$/, '')}"`) as string;
  } catch {
    return body;
  }
}
