// MCP over stdio that answers every message, whatever a client sends: a line too long is skipped and answered
// (-32600) instead of ending the session, a line that is not JSON gets a parse error (-32700), a message that is not
// JSON-RPC gets an invalid-request error (-32600, with its id where it has one), and a known request with params
// of the wrong shape gets an invalid-params error (-32602) that says what is wrong, not a validator dump.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { ZodError } from 'zod';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../core/jsonDepth.ts';

export interface McpStdioOptions {
  stdin: Readable;
  stdout: Writable;
  /** Longest message accepted, in bytes. Defaults to 4 MiB. */
  maxMessageBytes?: number;
  /** Told about each message refused (the CLI writes it to stderr). */
  onRefused?: (reason: string) => void;
}

/** Requests whose params the server's handlers need in a known shape. */
const PARAMS_SCHEMAS: Record<string, { safeParse: (value: unknown) => { success: boolean; error?: ZodError } }> = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

type Id = string | number | null;

const idOf = (value: unknown): Id => {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
};

const issues = (error: ZodError | undefined): string =>
  (error?.issues ?? [])
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`)
    .join('; ');

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly options: McpStdioOptions;
  private readonly max: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while skipping the rest of a line that was too long. */
  private skipping = false;
  private closed = false;

  constructor(options: McpStdioOptions) {
    this.options = options;
    this.max = options.maxMessageBytes ?? 4 * 1024 * 1024;
  }

  async start(): Promise<void> {
    this.options.stdin.on('data', this.onData);
    this.options.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  };

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.max) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      this.refuse(null, ErrorCode.InvalidRequest, `The message is longer than ${this.max} bytes; it was skipped.`);
      return;
    }
    this.pending.push(part);
  }

  private endLine(): void {
    const line = Buffer.concat(this.pending).toString('utf8').trim();
    this.pending = [];
    this.pendingBytes = 0;
    if (this.skipping) {
      this.skipping = false;
      return;
    }
    if (line === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.refuse(null, ErrorCode.ParseError, 'Parse error: the message is not JSON.');
      return;
    }
    if (jsonDeeperThan(json)) {
      this.refuse(idOf(json), ErrorCode.InvalidRequest, `Invalid request: the message is nested more than ${MAX_JSON_DEPTH} levels deep.`);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(json);
    if (!message.success) {
      this.refuse(idOf(json), ErrorCode.InvalidRequest, `Invalid request: not a JSON-RPC 2.0 message (${issues(message.error)}).`);
      return;
    }
    const method = (message.data as { method?: unknown }).method;
    const schema = typeof method === 'string' && 'id' in message.data ? PARAMS_SCHEMAS[method] : undefined;
    const shaped = schema?.safeParse(message.data);
    if (shaped && !shaped.success) {
      this.refuse(idOf(json), ErrorCode.InvalidParams, `Invalid params for ${String(method)}: ${issues(shaped.error)}.`);
      return;
    }
    this.onmessage?.(message.data);
  }

  private refuse(id: Id, code: number, message: string): void {
    this.options.onRefused?.(message);
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.options.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.options.stdout.once('drain', () => resolve());
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.options.stdin.off('data', this.onData);
    this.options.stdin.off('error', this.onStreamError);
    this.onclose?.();
  }
}
