// A model served on the agency network behind an OpenAI-compatible /v1/chat/completions (vLLM, llama.cpp
// server, Ollama). The URL passes the same allowlist check as every API call; redirects are refused; answers
// stream; a server that writes tool calls as text is understood by the tool-call parser.
import type { AllowlistEntry } from '../../core/catalog/Catalog.ts';
import { parseToolCalls } from '../../core/agent/toolCallParser.ts';
import type { ChatMessage, ModelTool, ModelTurn, ToolCall } from '../../core/agent/types.ts';
import { checkAllowed } from '../../core/gateway/allowlist.ts';
import { KopaError } from '../../core/errors.ts';
import type { ModelBackend, TurnOptions } from './backend.ts';
import type { ServerCheckResult } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface OpenAiBackendOptions {
  /** The server's base, e.g. http://vllm.agency.local:8000/v1. */
  baseUrl: string;
  /** The model name the server knows. */
  model: string;
  /** Registered inference servers: the only places this backend may reach. */
  allowlist: AllowlistEntry[];
  apiKey?: string;
  /** Requests in flight at once. Defaults to 4. */
  concurrency?: number;
  /** Per request. Defaults to 120 000 ms. */
  timeoutMs?: number;
  /** Stream tokens (and count them as they come). Defaults to true. */
  stream?: boolean;
}

interface WireMessage {
  role: string;
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

function toWire(messages: ChatMessage[]): WireMessage[] {
  return messages.map((m) => {
    if (m.role === 'assistant') {
      return {
        role: 'assistant',
        content: m.content || null,
        ...(m.toolCalls?.length
          ? {
              tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
            }
          : {}),
      };
    }
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.toolCallId, name: m.name };
    return { role: m.role, content: m.content };
  });
}

function parseArguments(text: string, name: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}') as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new KopaError('InvalidRequest', `The model's arguments for ${name} are not a JSON object: ${text.slice(0, 200)}`);
}

/** Lines of a server-sent event stream, as they arrive. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) yield line.slice(5).trim();
    }
  }
}

export class OpenAiBackend implements ModelBackend {
  readonly id: string;
  private readonly options: OpenAiBackendOptions;
  private readonly endpoint: string;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: OpenAiBackendOptions) {
    this.options = options;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const verdict = checkAllowed(this.endpoint, 'POST', options.allowlist);
    if (!verdict.allowed) {
      throw saidError('NotFound', {
        message: 'error.serverNotRegistered',
        hint: 'error.serverNotRegistered.hint',
        vars: { url: options.baseUrl, reason: verdict.reason ?? '', model: options.model },
      });
    }
    this.id = `openai:${options.baseUrl}#${options.model}`;
  }

  /** One token asked of the server under the model's name: whether it answers, how fast, and what it said. */
  async check(signal?: AbortSignal): Promise<ServerCheckResult> {
    const started = performance.now();
    try {
      const turn = await this.turn([{ role: 'user', content: 'ping' }], [], { maxTokens: 1, temperature: 0, signal });
      return { ok: true, latencyMs: Math.round(performance.now() - started), message: turn.text };
    } catch (error) {
      if (!(error instanceof KopaError)) throw error;
      return { ok: false, latencyMs: Math.round(performance.now() - started), message: error.message };
    }
  }

  async turn(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    await this.acquire();
    try {
      return await this.request(messages, tools, options);
    } finally {
      this.release();
    }
  }

  private async request(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    const stream = this.options.stream ?? true;
    const body = {
      model: this.options.model,
      messages: toWire(messages),
      ...(tools.length && options.toolChoice !== 'none'
        ? {
            tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })),
            tool_choice: options.toolChoice ?? 'auto',
          }
        : {}),
      temperature: options.temperature ?? 0,
      ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
    };
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 120_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        redirect: 'error',
        signal,
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (options.signal?.aborted) return { text: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'abort' };
      throw saidError(
        'RuntimeUnavailable',
        { message: 'error.serverSilent', hint: 'error.serverSilent.hint', vars: { url: this.options.baseUrl, reason: (error as Error).message } },
        { cause: error },
      );
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      throw saidError('RuntimeUnavailable', {
        message: 'error.serverHttp',
        vars: { url: this.options.baseUrl, status: response.status, body: text.slice(0, 300) },
      });
    }
    return stream ? this.readStream(response.body, options, tools) : this.readWhole((await response.json()) as Record<string, unknown>, tools);
  }

  private async readStream(body: ReadableStream<Uint8Array>, options: TurnOptions, tools: ModelTool[]): Promise<ModelTurn> {
    let text = '';
    let reasoning = '';
    const calls = new Map<number, { id: string; name: string; args: string }>();
    let usage = { inputTokens: 0, outputTokens: 0 };
    let finish = '';
    try {
      for await (const data of sseData(body)) {
        if (data === '[DONE]') break;
        const chunk = JSON.parse(data) as {
          choices?: {
            delta?: {
              content?: string;
              reasoning_content?: string;
              tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
            };
            finish_reason?: string;
          }[];
          usage?: { prompt_tokens: number; completion_tokens: number };
        };
        if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        if (choice.finish_reason) finish = choice.finish_reason;
        if (choice.delta?.reasoning_content) reasoning += choice.delta.reasoning_content;
        if (choice.delta?.content) {
          text += choice.delta.content;
          options.onToken?.(choice.delta.content);
        }
        for (const part of choice.delta?.tool_calls ?? []) {
          const call = calls.get(part.index) ?? { id: part.id ?? `call_${part.index + 1}`, name: '', args: '' };
          if (part.id) call.id = part.id;
          call.name += part.function?.name ?? '';
          call.args += part.function?.arguments ?? '';
          calls.set(part.index, call);
        }
      }
    } catch (error) {
      // Stopped mid-stream: what was written so far is the turn, marked as stopped.
      if (!options.signal?.aborted) throw error;
      return { text, ...(reasoning ? { thinking: reasoning } : {}), toolCalls: [], usage, stop: 'abort' };
    }
    const toolCalls: ToolCall[] = [...calls.values()].map((c) => ({ id: c.id, name: c.name, arguments: parseArguments(c.args, c.name), rawArguments: c.args }));
    return this.finish(text, toolCalls, usage, finish, reasoning, tools);
  }

  private readWhole(json: Record<string, unknown>, tools: ModelTool[]): ModelTurn {
    const choice = (
      json.choices as
        | {
            message: {
              content?: string | null;
              reasoning_content?: string | null;
              tool_calls?: { id: string; function: { name: string; arguments: string } }[];
            };
            finish_reason?: string;
          }[]
        | undefined
    )?.[0];
    const usage = json.usage as { prompt_tokens: number; completion_tokens: number } | undefined;
    const toolCalls = (choice?.message.tool_calls ?? []).map((c) => ({
      id: c.id,
      name: c.function.name,
      arguments: parseArguments(c.function.arguments, c.function.name),
      rawArguments: c.function.arguments,
    }));
    return this.finish(
      choice?.message.content ?? '',
      toolCalls,
      { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 },
      choice?.finish_reason ?? '',
      choice?.message.reasoning_content ?? '',
      tools,
    );
  }

  /**
   * Servers without tool support still write calls as text (<tool_call>…, [TOOL_CALLS]…): read them. Thinking comes
   * apart (a server's reasoning_content, or <think>… left in the text) and is never the answer.
   */
  private finish(text: string, toolCalls: ToolCall[], usage: ModelTurn['usage'], finish: string, reasoning: string, tools: ModelTool[]): ModelTurn {
    const parsed = parseToolCalls(text, { tools });
    if (toolCalls.length === 0 && parsed.calls.length > 0) toolCalls = parsed.calls.map((c, i) => ({ id: `call_text_${i + 1}`, ...c }));
    const thinking = [reasoning.trim(), parsed.thinking ?? ''].filter((t) => t !== '').join('\n\n');
    const stop = toolCalls.length ? 'toolCalls' : finish === 'length' || parsed.unfinishedThinking ? 'maxTokens' : 'end';
    return { text: parsed.text, toolCalls, usage, stop, ...(thinking ? { thinking } : {}) };
  }

  private async acquire(): Promise<void> {
    if (this.active < (this.options.concurrency ?? 4)) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  async dispose(): Promise<void> {}
}
