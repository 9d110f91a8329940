// A small OpenAI-compatible chat server for tests, over real HTTP on loopback: it answers /v1/chat/completions
// from a queue of scripted replies, streaming them as server-sent events when asked, and remembers requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  content?: string;
  /** `argumentsJson`: the arguments as the server sends them, written out (to send 15.0 rather than 15). */
  toolCalls?: { name: string; arguments?: Record<string, unknown>; argumentsJson?: string }[];
}

export interface OpenAiTestServer {
  /** Base URL by host name (the allowlist refuses IP literals): http://localhost:PORT/v1 */
  base: string;
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
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
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
      for (const piece of (reply.content ?? '').match(/.{1,4}/gsu) ?? []) send({ choices: [{ index: 0, delta: { content: piece } }] });
      toolCalls.forEach((c, index) => {
        const args = c.function.arguments;
        // Split the arguments across chunks, as real servers do.
        send({
          choices: [
            { index: 0, delta: { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: args.slice(0, 5) } }] } },
          ],
        });
        send({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(5) } }] } }] });
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
    requests,
    close,
    kill: () => {
      const closed = close();
      server.closeAllConnections();
      return closed;
    },
  };
}
