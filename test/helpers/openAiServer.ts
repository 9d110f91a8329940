// A small OpenAI-compatible chat server for tests, over real HTTP on loopback: it answers /v1/chat/completions
// from a queue of scripted replies, streaming them as server-sent events when asked, and remembers requests. A reply
// may be written the way a real server writes it, or go wrong the way one does (`as`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  content?: string;
  /** Thinking, streamed as current vLLM does (`delta.reasoning`) or as llama-server does (`reasoning_content`). */
  reasoning?: { text: string; field: 'reasoning' | 'reasoning_content' };
  /** `argumentsJson`: the arguments as the server sends them, written out (to send 15.0 rather than 15, or broken JSON). */
  toolCalls?: { name: string; arguments?: Record<string, unknown>; argumentsJson?: string }[];
  /**
   * - ollama: each call streamed whole, every one at index 0 with its own id (ollama/ollama#15457);
   * - stall: the first piece of content, then nothing until the connection is cut;
   * - streamError: a piece of content, then vLLM's error object inside the stream;
   * - llamaError: a piece of content, then llama-server's `error:` event;
   * - jsonBody: a whole JSON body answering a streaming request;
   * - { status, message }: that HTTP status with vLLM's error body.
   */
  as?: 'ollama' | 'stall' | 'streamError' | 'llamaError' | 'jsonBody' | { status: number; message: string };
}

export interface OpenAiTestServer {
  /** Base URL by host name: http://localhost:PORT/v1 */
  base: string;
  /** The same server by its IP literal: http://127.0.0.1:PORT/v1 */
  ipBase: string;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
  /** Stops at once, as a server that dies does: open connections are cut, requests in flight get no answer. */
  kill(): Promise<void>;
}

export interface OpenAiTestServerOptions {
  /** Waits this long before each answer (a busy server). Defaults to 0. */
  delayMs?: number;
}

export async function startOpenAiServer(replies: ScriptedReply[], options: OpenAiTestServerOptions = {}): Promise<OpenAiTestServer> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as Record<string, unknown>;
      requests.push(request);
      setTimeout(() => answer(request), options.delayMs ?? 0);
    });
    function answer(request: Record<string, unknown>): void {
      // A killed server answers nothing.
      if (res.destroyed) return;
      const reply = replies.shift() ?? { content: '(no more replies)' };
      const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
        id: `call_srv_${requests.length}_${i}`,
        type: 'function',
        function: { name: c.name, arguments: c.argumentsJson ?? JSON.stringify(c.arguments ?? {}) },
      }));
      const finish = toolCalls.length ? 'tool_calls' : 'stop';
      const as = reply.as;
      if (typeof as === 'object') {
        res.writeHead(as.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: as.message, type: 'BadRequestError', param: null, code: as.status } }));
        return;
      }
      if (!request.stream || as === 'jsonBody') {
        const reasoning = reply.reasoning ? { [reply.reasoning.field]: reply.reasoning.text } : {};
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content ?? null, ...reasoning, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
                finish_reason: finish,
              },
            ],
            usage: { prompt_tokens: 11, completion_tokens: 7 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (obj: unknown): void => void res.write(`data: ${JSON.stringify(obj)}\n\n`);
      const delta = (d: Record<string, unknown>): void => send({ choices: [{ index: 0, delta: d }] });
      if (reply.reasoning) for (const piece of reply.reasoning.text.match(/.{1,4}/gsu) ?? []) delta({ [reply.reasoning.field]: piece });
      const pieces = (reply.content ?? '').match(/.{1,4}/gsu) ?? [];
      if (as === 'stall' || as === 'streamError' || as === 'llamaError') {
        delta({ content: pieces[0] ?? '' });
        if (as === 'streamError') {
          send({ error: { object: 'error', message: 'The model ran out of KV cache blocks', type: 'InternalServerError', code: 500 } });
          res.end();
        }
        if (as === 'llamaError') res.end(`error: ${JSON.stringify({ code: 500, message: 'the context is full', type: 'server_error' })}\n\n`);
        return;
      }
      for (const piece of pieces) delta({ content: piece });
      toolCalls.forEach((c, index) => {
        const args = c.function.arguments;
        if (as === 'ollama') {
          delta({ tool_calls: [{ index: 0, id: c.id, type: 'function', function: { name: c.function.name, arguments: args } }] });
          return;
        }
        // Split the arguments across chunks, as real servers do.
        delta({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: args.slice(0, 5) } }] });
        delta({ tool_calls: [{ index, function: { arguments: args.slice(5) } }] });
      });
      send({ choices: [{ index: 0, delta: {}, finish_reason: finish }] });
      send({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 7 } });
      res.end('data: [DONE]\n\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const close = (): Promise<void> => new Promise((resolve) => server.close(() => resolve()));
  return {
    base: `http://localhost:${port}/v1`,
    ipBase: `http://127.0.0.1:${port}/v1`,
    requests,
    close,
    kill: () => {
      const closed = close();
      server.closeAllConnections();
      return closed;
    },
  };
}
