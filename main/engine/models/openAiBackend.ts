// A model served on the agency network behind an OpenAI-compatible /v1/chat/completions (vLLM, llama.cpp's
// llama-server, Ollama). Only a registered server is reached, at whatever address it was registered by (an IP literal
// or loopback included: the gateway's host rules are for API hosts, not for the agency's own machines). Each request
// is on the audit log as a model call. Answers stream; a stream that goes quiet for the idle timeout ends as a backend
// error, never as an empty answer; a connection refused or an overloaded server (408, 409, 429, 5xx) is asked again
// twice, as the OpenAI SDKs do, while a reply that has begun is never sent twice. How answers are read is
// core/models/chatCompletion.ts; a server that writes tool calls as text is understood by the tool-call parser.
import { createHash } from 'node:crypto';
import { parseToolCalls } from '../../core/agent/toolCallParser.ts';
import type { ChatMessage, ModelTool, ModelTurn, ToolCall } from '../../core/agent/types.ts';
import { CompletionStream, readCompletion, serverFault, type CompletionRead, type ServerFault } from '../../core/models/chatCompletion.ts';
import { chatEndpoint, DEFAULT_SERVER_IDLE_MS } from '../../core/models/serverBase.ts';
import { KopaError } from '../../core/errors.ts';
import type { ModelBackend, TurnOptions } from './backend.ts';
import type { ServerCheckResult } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { HopOutcome } from '../gateway/httpClient.ts';

/** Puts one request on record before it is sent; the function it gives ends the record. */
export type ModelCallAudit = (call: { url: URL; bodyHash: string }) => Promise<(outcome: HopOutcome) => Promise<void>>;

export interface OpenAiBackendOptions {
  /** The server's base as registered (core/models/serverBase.ts), e.g. http://10.0.0.5:8000/v1. */
  baseUrl: string;
  /** The model name the server knows. */
  model: string;
  apiKey?: string;
  /** Requests in flight at once. Defaults to 4. */
  concurrency?: number;
  /** How long the server may send nothing (before its reply begins, or between two chunks). Defaults to 60 000 ms. */
  idleTimeoutMs?: number;
  /** Stream tokens (and count them as they come). Defaults to true. */
  stream?: boolean;
  /** Waits before asking again: this, then twice this. Defaults to 500 ms. */
  retryDelayMs?: number;
  /** Where each request goes on record. */
  audit?: ModelCallAudit;
}

/** Requests asked again after a refused connection or an overloaded server, as the OpenAI SDKs do. */
const RETRIES = 2;
const RETRY_STATUSES = new Set([408, 409, 429]);

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
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                // A refused unreadable call goes back as it was written, so the model sees what it is asked to mend.
                function: { name: c.name, arguments: c.unreadableArguments ?? JSON.stringify(c.arguments) },
              })),
            }
          : {}),
      };
    }
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.toolCallId, name: m.name };
    return { role: m.role, content: m.content };
  });
}

/** A timer that aborts when the server has been quiet too long; each sign of life starts it again. */
class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  fired = false;

  constructor(private readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    // The timer holds the controller, so the deadline cannot be collected while a reply is awaited (an
    // AbortSignal.timeout inside AbortSignal.any can be, and then never fires).
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** Lines of a server-sent event stream as they arrive: `data:` payloads, and an `error:` event's payload (llama-server). */
async function* sseEvents(body: ReadableStream<Uint8Array>, watch: IdleWatch, rest: { text: string }): AsyncGenerator<{ error: boolean; data: string }> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    watch.touch();
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) yield { error: event === 'error', data: line.slice(5).trim() };
      else if (line.startsWith('error:')) yield { error: true, data: line.slice(6).trim() };
      else if (line === '') event = '';
      else rest.text += `${line}\n`;
    }
  }
  rest.text += buffer + decoder.decode();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The whole of a failed reply's body, cut short: the server's own words where it sent an error object. */
function saidBody(text: string): string {
  return (serverFault(parseJson(text))?.message ?? text).slice(0, 300);
}

export class OpenAiBackend implements ModelBackend {
  readonly id: string;
  private readonly options: OpenAiBackendOptions;
  private readonly endpoint: string;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: OpenAiBackendOptions) {
    this.options = options;
    this.endpoint = chatEndpoint(options.baseUrl);
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

  private body(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions, stream: boolean): string {
    return JSON.stringify({
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
    });
  }

  private async request(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    const stream = this.options.stream ?? true;
    const body = this.body(messages, tools, options, stream);
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const idleMs = this.options.idleTimeoutMs ?? DEFAULT_SERVER_IDLE_MS;
    const url = this.options.baseUrl;
    for (let attempt = 0; ; attempt++) {
      const watch = new IdleWatch(idleMs);
      const signal = options.signal ? AbortSignal.any([options.signal, watch.signal]) : watch.signal;
      const started = performance.now();
      const finish = (await this.options.audit?.({ url: new URL(this.endpoint), bodyHash })) ?? (async () => undefined);
      const ended = (resultCode: string | null, errorKind: string | null, bytes = 0): Promise<void> =>
        finish({ resultCode, errorKind, bytes, latencyMs: performance.now() - started });
      try {
        let response: Response;
        try {
          response = await fetch(this.endpoint, {
            method: 'POST',
            redirect: 'error',
            signal,
            headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
            body,
          });
        } catch (error) {
          if (options.signal?.aborted) {
            await ended(null, 'Aborted');
            return { text: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 }, stop: 'abort' };
          }
          if (watch.fired) {
            await ended(null, 'Timeout');
            throw this.stalled(idleMs);
          }
          await ended(null, 'Unreachable');
          if (attempt < RETRIES) {
            await sleep((this.options.retryDelayMs ?? 500) * 2 ** attempt, options.signal);
            continue;
          }
          throw saidError(
            'RuntimeUnavailable',
            { message: 'error.serverSilent', hint: 'error.serverSilent.hint', vars: { url, reason: (error as Error).message } },
            { cause: error },
          );
        }
        if (!response.ok || !response.body) {
          const text = await response.text().catch(() => '');
          await ended(`HTTP ${response.status}`, 'Upstream', Buffer.byteLength(text));
          if (attempt < RETRIES && (RETRY_STATUSES.has(response.status) || response.status >= 500)) {
            const asked = Number(response.headers.get('retry-after'));
            await sleep(Math.min(10_000, Math.max(asked * 1000 || 0, (this.options.retryDelayMs ?? 500) * 2 ** attempt)), options.signal);
            continue;
          }
          throw saidError('RuntimeUnavailable', { message: 'error.serverHttp', vars: { url, status: response.status, body: saidBody(text) } });
        }
        let reading: Awaited<ReturnType<OpenAiBackend['read']>>;
        try {
          reading = await this.read(response, watch, options);
        } catch (error) {
          // The connection was cut in the middle of the reply: nothing of it is an answer, and it is not sent again.
          await ended(`HTTP ${response.status}`, 'Unreachable');
          throw saidError(
            'RuntimeUnavailable',
            { message: 'error.serverCut', hint: 'error.serverSilent.hint', vars: { url, reason: (error as Error).message } },
            { cause: error },
          );
        }
        if ('fault' in reading) {
          await ended(`HTTP ${response.status}`, 'Upstream', reading.bytes);
          throw this.fault(reading.fault);
        }
        if ('stop' in reading) {
          await ended(`HTTP ${response.status}`, watch.fired ? 'Timeout' : 'Aborted', reading.bytes);
          if (watch.fired) throw this.stalled(idleMs);
          return reading.stop;
        }
        await ended(`HTTP ${response.status}`, null, reading.bytes);
        return this.finish(reading.read, tools);
      } finally {
        watch.stop();
      }
    }
  }

  /**
   * The reply read to its end: a stream chunk by chunk, or a whole body (also where a server answered a streaming
   * request with one). A stream stopped by the user, or gone quiet, gives what came so far as a stopped turn.
   */
  private async read(
    response: Response,
    watch: IdleWatch,
    options: TurnOptions,
  ): Promise<{ read: CompletionRead; bytes: number } | { fault: ServerFault; bytes: number } | { stop: ModelTurn; bytes: number }> {
    const reader = new CompletionStream();
    const stopped = (bytes: number): { stop: ModelTurn; bytes: number } => {
      const sofar = reader.read();
      const thinking = sofar.reasoning ? { thinking: sofar.reasoning } : {};
      return { stop: { text: sofar.text, ...thinking, toolCalls: [], usage: sofar.usage ?? { inputTokens: 0, outputTokens: 0 }, stop: 'abort' }, bytes };
    };
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (!options.signal?.aborted && !watch.fired) throw error;
        return stopped(0);
      }
      return this.whole(text, Buffer.byteLength(text));
    }
    const rest = { text: '' };
    let bytes = 0;
    let events = 0;
    try {
      for await (const event of sseEvents(response.body!, watch, rest)) {
        events++;
        bytes += Buffer.byteLength(event.data);
        if (event.data === '[DONE]') break;
        const chunk = parseJson(event.data);
        // llama-server's error event carries the error object bare.
        if (event.error) return { fault: serverFault(chunk) ?? serverFault({ error: chunk }) ?? { message: event.data.slice(0, 300), code: null }, bytes };
        if (chunk === undefined) return { fault: { message: `not JSON: ${event.data.slice(0, 200)}`, code: null }, bytes };
        const pushed = reader.push(chunk);
        if ('fault' in pushed) return { fault: pushed.fault, bytes };
        if (pushed.text) options.onToken?.(pushed.text);
      }
    } catch (error) {
      if (!options.signal?.aborted && !watch.fired) throw error;
      return stopped(bytes);
    }
    // A server that labelled a whole JSON body as a stream.
    if (events === 0) return this.whole(rest.text, Buffer.byteLength(rest.text));
    return { read: reader.read(), bytes };
  }

  private whole(text: string, bytes: number): { read: CompletionRead; bytes: number } | { fault: ServerFault; bytes: number } {
    const json = parseJson(text);
    if (json === undefined) return { fault: { message: `not a chat completion: ${text.slice(0, 200)}`, code: null }, bytes };
    const read = readCompletion(json);
    return 'fault' in read ? { fault: read.fault, bytes } : { read, bytes };
  }

  private stalled(idleMs: number): KopaError {
    return saidError('RuntimeUnavailable', {
      message: 'error.serverStalled',
      hint: 'error.serverStalled.hint',
      vars: { url: this.options.baseUrl, seconds: Math.round(idleMs / 1000), model: this.options.model },
    });
  }

  private fault(fault: ServerFault): KopaError {
    return saidError('RuntimeUnavailable', {
      message: 'error.serverFault',
      vars: { url: this.options.baseUrl, message: fault.code ? `${fault.message} (${fault.code})` : fault.message },
    });
  }

  /**
   * Servers without tool support still write calls as text (<tool_call>…, [TOOL_CALLS]…): read them. Thinking comes
   * apart (a server's reasoning, or <think>… left in the text) and is never the answer.
   */
  private finish(read: CompletionRead, tools: ModelTool[]): ModelTurn {
    const parsed = parseToolCalls(read.text, { tools });
    let toolCalls: ToolCall[] = read.toolCalls;
    if (toolCalls.length === 0 && parsed.calls.length > 0) toolCalls = parsed.calls.map((c, i) => ({ id: `call_text_${i + 1}`, ...c }));
    const thinking = [read.reasoning.trim(), parsed.thinking ?? ''].filter((t) => t !== '').join('\n\n');
    const stop = toolCalls.length ? 'toolCalls' : read.finish === 'length' || parsed.unfinishedThinking ? 'maxTokens' : 'end';
    return { text: parsed.text, toolCalls, usage: read.usage ?? { inputTokens: 0, outputTokens: 0 }, stop, ...(thinking ? { thinking } : {}) };
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
