// A call's arguments as the model wrote them: `15.0` and `15` parse to the same number, and BFCL scores them apart,
// so the written JSON is kept beside the parsed object (ToolCall.rawArguments), with its numbers exactly as written.
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/** The arguments object of `text` (JSON) re-serialized compactly with every number as written, or undefined. */
export function writtenArguments(text: string): string | undefined {
  try {
    const value = parseLossless(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? stringifyLossless(value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Collects streamed parameter chunks by call (node-llama-cpp's onFunctionCallParamsChunk) and gives each call's
 * written arguments once generation ends.
 */
export class WrittenCalls {
  private readonly texts: string[] = [];

  add(chunk: { callIndex: number; paramsChunk: string }): void {
    this.texts[chunk.callIndex] = (this.texts[chunk.callIndex] ?? '') + chunk.paramsChunk;
  }

  arguments(callIndex: number): string | undefined {
    const text = this.texts[callIndex];
    return text === undefined ? undefined : writtenArguments(text);
  }
}
