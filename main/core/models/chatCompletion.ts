// An OpenAI-compatible /v1/chat/completions answer read as vLLM, llama.cpp's llama-server and Ollama really send it,
// streamed (chunk by chunk) or whole:
// - thinking as `reasoning_content` (DeepSeek, llama-server, older vLLM) or `reasoning` (current vLLM);
// - parallel calls with a repeated or missing index (Ollama sends every call at index 0, each whole): a new call
//   starts where the id differs, or where a name comes after arguments that already form a whole JSON object
//   (the Vercel AI SDK's reading, vercel/ai#14277);
// - arguments that are not a JSON object are kept as written and marked, for the agent loop to refuse back to the model;
// - an error object inside the stream or as the body (vLLM's `{"error": {...}}`, `{"object": "error", ...}`).
import type { ToolCall } from '../agent/types.ts';

export interface CompletionUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What the server said went wrong, in its own words. */
export interface ServerFault {
  message: string;
  code: string | null;
}

/** A whole answer: the text, thinking, calls, usage and the server's finish reason. */
export interface CompletionRead {
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
  /** Null where the server reported none. */
  usage: CompletionUsage | null;
  finish: string;
}

interface CallPart {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: unknown };
}

interface Building {
  index: number;
  id: string | undefined;
  name: string;
  args: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A server's error object, wherever it put it; undefined where the value is no error. */
export function serverFault(value: unknown): ServerFault | undefined {
  if (!isObject(value)) return undefined;
  const inner = value.error;
  const source = isObject(inner) ? inner : value.object === 'error' ? value : typeof inner === 'string' ? { message: inner } : undefined;
  if (!source) return undefined;
  const message = typeof source.message === 'string' && source.message !== '' ? source.message : JSON.stringify(source).slice(0, 300);
  const code = source.code ?? source.type;
  return { message, code: code === undefined || code === null ? null : String(code) };
}

function argumentsText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A call as the agent loop takes it: arguments that are not one JSON object are marked unreadable, not guessed. */
function toCall(id: string, name: string, args: string): ToolCall {
  if (args.trim() === '') return { id, name, arguments: {}, rawArguments: args };
  const parsed = jsonObject(args);
  return parsed ? { id, name, arguments: parsed, rawArguments: args } : { id, name, arguments: {}, rawArguments: args, unreadableArguments: args };
}

function readUsage(value: unknown): CompletionUsage | null {
  if (!isObject(value)) return null;
  const input = Number(value.prompt_tokens);
  const output = Number(value.completion_tokens);
  return Number.isFinite(input) && Number.isFinite(output) ? { inputTokens: input, outputTokens: output } : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads a stream's chunks one by one; `read()` gives the answer so far. */
export class CompletionStream {
  private content = '';
  private reasoning = '';
  private readonly calls: Building[] = [];
  private usage: CompletionUsage | null = null;
  private finish = '';

  /** Takes one chunk: the text it adds to the answer (for streaming it on), or the server's error. */
  push(chunk: unknown): { text: string } | { fault: ServerFault } {
    const fault = serverFault(chunk);
    if (fault) return { fault };
    if (!isObject(chunk)) return { text: '' };
    this.usage = readUsage(chunk.usage) ?? this.usage;
    const choice = Array.isArray(chunk.choices) ? (chunk.choices[0] as unknown) : undefined;
    if (!isObject(choice)) return { text: '' };
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') this.finish = choice.finish_reason;
    const delta = isObject(choice.delta) ? choice.delta : {};
    this.reasoning += text(delta.reasoning_content) || text(delta.reasoning);
    const added = text(delta.content);
    this.content += added;
    if (Array.isArray(delta.tool_calls)) for (const part of delta.tool_calls) if (isObject(part)) this.addPart(part as CallPart);
    return { text: added };
  }

  private addPart(part: CallPart): void {
    const last = this.calls.at(-1);
    const index = typeof part.index === 'number' ? part.index : (last?.index ?? 0);
    const current = this.calls.findLast((c) => c.index === index);
    const name = text(part.function?.name);
    const startsAnother =
      !current ||
      (part.id !== undefined && current.id !== undefined && part.id !== current.id) ||
      (name !== '' && current.name !== '' && jsonObject(current.args) !== undefined);
    if (startsAnother) {
      this.calls.push({ index, id: part.id, name, args: argumentsText(part.function?.arguments) });
      return;
    }
    current.id ??= part.id;
    current.name += name;
    current.args += argumentsText(part.function?.arguments);
  }

  read(): CompletionRead {
    return {
      text: this.content,
      reasoning: this.reasoning,
      toolCalls: this.calls.map((c, i) => toCall(c.id ?? `call_${i + 1}`, c.name, c.args)),
      usage: this.usage,
      finish: this.finish,
    };
  }
}

/** A whole (non-streamed) answer, also where a server sent one to a streaming request; or the server's error. */
export function readCompletion(body: unknown): CompletionRead | { fault: ServerFault } {
  const fault = serverFault(body);
  if (fault) return { fault };
  const choice = isObject(body) && Array.isArray(body.choices) ? (body.choices[0] as unknown) : undefined;
  const message = isObject(choice) && isObject(choice.message) ? choice.message : {};
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : [];
  return {
    text: text(message.content),
    reasoning: text(message.reasoning_content) || text(message.reasoning),
    toolCalls: calls.map((c, i) => {
      const fn = isObject(c.function) ? c.function : {};
      return toCall(typeof c.id === 'string' && c.id !== '' ? c.id : `call_${i + 1}`, text(fn.name), argumentsText(fn.arguments));
    }),
    usage: isObject(body) ? readUsage(body.usage) : null,
    finish: isObject(choice) ? text(choice.finish_reason) : '',
  };
}
