// The OpenAI-compatible backend over real HTTP against a test server on loopback that answers as vLLM, llama-server
// and Ollama really do: streamed and whole answers, tool calls split across chunks or sent whole at one index,
// thinking under either name, malformed arguments, a stall, errors inside the stream and as HTTP statuses. Only
// registered servers are reached, at any address (an IP literal included), each request on the audit log.
import { afterEach, describe, expect, it } from 'vitest';
import { isKopaError } from '../../../main/core/errors.ts';
import { OpenAiBackend } from '../../../main/engine/models/openAiBackend.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { startOpenAiServer, type OpenAiTestServer, type ScriptedReply } from '../../helpers/openAiServer.ts';

const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
const ANSWER = { name: 'final_answer', arguments: { answer: { kind: 'number', value: 5.2, unit: '℃' }, message: '5.2도입니다.' } };
let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.kill();
  server = undefined;
});

async function serve(replies: ScriptedReply[]): Promise<OpenAiTestServer> {
  server = await startOpenAiServer(replies);
  return server;
}

const backendOf = (s: OpenAiTestServer, options: { stream?: boolean; idleTimeoutMs?: number } = {}): OpenAiBackend =>
  new OpenAiBackend({ baseUrl: s.base, model: 'm', retryDelayMs: 10, ...options });

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );

describe('OpenAI-compatible backend', () => {
  it('runs an episode on a registered server: streamed tool calls, tools offered, usage counted', async () => {
    const s = await serve([
      { content: '확인할게요.', toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] },
      { content: '서울의 지금 기온은 5.2도입니다.' },
    ]);
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const model = await engine.call('models.add', { source: `openai:${s.base}`, name: 'qwen2.5-7b-instruct' });
    expect(model).toMatchObject({ kind: 'openai', location: s.base, name: 'qwen2.5-7b-instruct' });
    const episode = await engine.call('agent.run', { question: '서울 기온?', model: model.id, tools: ['kma.getUltraSrtNcst'] });
    expect(episode).toMatchObject({ answer: '서울의 지금 기온은 5.2도입니다.', stoppedBy: 'final', usage: { inputTokens: 22, outputTokens: 14 } });
    expect(episode.calls).toEqual([expect.objectContaining({ tool: 'kma.getUltraSrtNcst', arguments: expect.objectContaining(NCST), ok: true })]);
    const first = s.requests[0] as { model: string; stream: boolean; tools: { function: { name: string } }[]; messages: { role: string }[] };
    expect(first).toMatchObject({ model: 'qwen2.5-7b-instruct', stream: true });
    expect(first.tools.map((t) => t.function.name)).toEqual(['kma_getUltraSrtNcst', 'local_queryRows', 'final_answer']);
    const second = s.requests[1] as { messages: { role: string; tool_call_id?: string; tool_calls?: unknown[] }[] };
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second.messages[3]!.tool_call_id).toBe('call_srv_1_0');
  });

  it('checks a registered server with one token, and says why one cannot be reached', async () => {
    const s = await serve([{ content: 'p' }]);
    const engine = testEngine();
    const model = await engine.call('models.add', { source: `openai:${s.base}`, name: 'qwen2.5-7b-instruct' });
    const check = await engine.call('models.test', { ref: model.id });
    expect(check).toMatchObject({ ok: true, message: 'p' });
    expect(s.requests[0]).toMatchObject({ model: 'qwen2.5-7b-instruct', max_tokens: 1 });
    await s.kill();
    server = undefined;
    const down = await engine.call('models.test', { ref: model.id });
    expect(down.ok).toBe(false);
    expect(down.message).toContain(`The inference server ${s.base} did not answer`);
  }, 60_000);

  it('reads whole (non-streamed) answers and tool calls a server writes as text', async () => {
    const s = await serve([{ content: '<tool_call>\n{"name": "kasi_getRestDeInfo", "arguments": {"solYear": "2025", "solMonth": "05"}}\n</tool_call>' }]);
    const turn = await backendOf(s, { stream: false }).turn([{ role: 'user', content: '5월 공휴일?' }], [], {});
    expect(turn).toMatchObject({
      stop: 'toolCalls',
      toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }],
      usage: { inputTokens: 11, outputTokens: 7 },
    });
  });

  it('reaches a server registered by its IP address, puts each request on the audit log as a model call, and refuses one not registered', async () => {
    const s = await serve([{ toolCalls: [ANSWER] }]);
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const unregistered = await failure(engine.call('agent.run', { question: '?', model: `openai:${s.ipBase}#m`, tools: ['kma.getUltraSrtNcst'] }));
    expect(isKopaError(unregistered, 'NotFound')).toBe(true);
    expect((unregistered as Error).message).toContain('is not registered');
    expect(s.requests).toHaveLength(0);

    const model = await engine.call('models.add', { source: `openai:${s.ipBase}/`, name: 'qwen2.5-7b-instruct' });
    expect(model).toMatchObject({ kind: 'openai', location: s.ipBase });
    const episode = await engine.call('agent.run', { question: '기온?', model: `openai:${s.ipBase}#qwen2.5-7b-instruct`, tools: ['kma.getUltraSrtNcst'] });
    expect(episode).toMatchObject({ stoppedBy: 'final', claim: { kind: 'number', value: 5.2 } });
    const entries = (await engine.call('audit.list', {})).entries.filter((e) => e.mode === 'model');
    expect(entries).toEqual([
      expect.objectContaining({
        toolId: `model:${model.id}`,
        method: 'POST',
        host: new URL(s.ipBase).host,
        path: '/v1/chat/completions',
        resultCode: 'HTTP 200',
      }),
    ]);
    expect(entries[0]!.argsHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await engine.call('audit.verify', {})).ok).toBe(true);

    const withPassword = await failure(engine.call('models.add', { source: 'openai:http://admin:secret@10.0.0.5:8000/v1', name: 'm' }));
    expect(isKopaError(withPassword, 'Usage')).toBe(true);
    expect((withPassword as Error).message).toContain('a user name or password in the address');
  });

  it('sends a call whose arguments are not JSON back to the model, which writes it again', async () => {
    const s = await serve([
      { toolCalls: [{ name: 'kma_getUltraSrtNcst', argumentsJson: '{"base_date": "20250302", "base_time": "1400", "nx": 60' }] },
      { toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] },
      { toolCalls: [ANSWER] },
    ]);
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const model = await engine.call('models.add', { source: `openai:${s.base}`, name: 'm' });
    const episode = await engine.call('agent.run', { question: '서울 기온?', model: model.id, tools: ['kma.getUltraSrtNcst'] });
    expect(episode).toMatchObject({ stoppedBy: 'final', claim: { kind: 'number', value: 5.2 } });
    expect(episode.calls).toMatchObject([
      { ok: false, refusal: { kind: 'unreadableArguments' } },
      { ok: true, tool: 'kma.getUltraSrtNcst' },
    ]);
    const retold = (s.requests[1] as { messages: { role: string; content: string | null; tool_calls?: { function: { arguments: string } }[] }[] }).messages;
    expect(retold.at(-2)!.tool_calls![0]!.function.arguments).toBe('{"base_date": "20250302", "base_time": "1400", "nx": 60');
    expect(retold.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('JSON 객체 하나가 아니어서') });
  });

  it("splits Ollama's parallel calls that all come at index 0 by their ids", async () => {
    const s = await serve([
      {
        as: 'ollama',
        toolCalls: [
          { name: 'kma_getUltraSrtNcst', arguments: NCST },
          { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } },
        ],
      },
    ]);
    const turn = await backendOf(s).turn([{ role: 'user', content: '?' }], [], {});
    expect(turn.toolCalls).toEqual([
      expect.objectContaining({ name: 'kma_getUltraSrtNcst', arguments: NCST }),
      expect.objectContaining({ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }),
    ]);
    expect(new Set(turn.toolCalls.map((c) => c.id)).size).toBe(2);
  });

  it('reads thinking sent as reasoning (vLLM) or reasoning_content (llama-server), streamed or whole', async () => {
    for (const field of ['reasoning', 'reasoning_content'] as const) {
      for (const stream of [true, false]) {
        const s = await serve([{ reasoning: { text: '공휴일을 먼저 본다.', field }, content: '이틀입니다.' }]);
        const turn = await backendOf(s, { stream }).turn([{ role: 'user', content: '?' }], [], {});
        expect(turn, `${field}, stream ${stream}`).toMatchObject({ text: '이틀입니다.', thinking: '공휴일을 먼저 본다.', stop: 'end' });
        await s.kill();
      }
    }
  });

  it('reads a whole JSON body sent to a streaming request', async () => {
    const s = await serve([{ as: 'jsonBody', content: '이틀입니다.' }]);
    const tokens: string[] = [];
    const turn = await backendOf(s).turn([{ role: 'user', content: '?' }], [], { onToken: (t) => tokens.push(t) });
    expect(s.requests[0]).toMatchObject({ stream: true });
    expect(turn).toMatchObject({ text: '이틀입니다.', stop: 'end', usage: { inputTokens: 11, outputTokens: 7 } });
  });

  it("ends with a typed backend error in the server's words where the stream carries an error (vLLM's object, llama-server's event)", async () => {
    for (const [as, words] of [
      ['streamError', 'The model ran out of KV cache blocks (500)'],
      ['llamaError', 'the context is full (500)'],
    ] as const) {
      const s = await serve([{ as, content: '이틀입니다.' }]);
      const error = await failure(backendOf(s).turn([{ role: 'user', content: '?' }], [], {}));
      expect(isKopaError(error, 'RuntimeUnavailable'), as).toBe(true);
      expect((error as Error).message).toBe(`The inference server ${s.base} reported an error: ${words}`);
      await s.kill();
    }
  });

  it('gives up a stream that goes quiet after the idle timeout, as an error and never as an empty answer', async () => {
    const s = await serve([{ as: 'stall', content: '이틀입니다.' }]);
    const tokens: string[] = [];
    const error = await failure(backendOf(s, { idleTimeoutMs: 1000 }).turn([{ role: 'user', content: '?' }], [], { onToken: (t) => tokens.push(t) }));
    expect(tokens).toEqual(['이틀입니']);
    expect(isKopaError(error, 'RuntimeUnavailable')).toBe(true);
    expect((error as Error).message).toBe(`The inference server ${s.base} sent nothing for 1 s, so the turn was stopped.`);
  });

  it("says an HTTP error in the server's words, asks again only where a server is overloaded", async () => {
    const s = await serve([
      { as: { status: 400, message: "This model's maximum context length is 4096 tokens" } },
      { as: { status: 503, message: 'busy' } },
      { content: '이틀입니다.' },
    ]);
    const backend = backendOf(s);
    const bad = await failure(backend.turn([{ role: 'user', content: '?' }], [], {}));
    expect((bad as Error).message).toBe(`The inference server ${s.base} answered HTTP 400: This model's maximum context length is 4096 tokens`);
    expect(s.requests).toHaveLength(1);
    const turn = await backend.turn([{ role: 'user', content: '?' }], [], {});
    expect(turn.text).toBe('이틀입니다.');
    expect(s.requests).toHaveLength(3);
  });

  it('counts a stalled server as a backend error in a bench run, with the timeout set for the run', async () => {
    const s = await serve([{ as: 'stall', content: '확인' }]);
    const engine = testEngine();
    await engine.call('models.add', { source: `openai:${s.base}`, name: 'm', idleTimeoutMs: 60_000 });
    const run = await engine.call('bench.run', { suite: 'kopa', model: `openai:${s.base}#m`, tasks: ['cal-01'], serverIdleTimeoutMs: 1000 });
    expect(run.failures['backend error']).toBe(1);
    expect(run.errors).toEqual([{ taskId: 'cal-01', sample: 1, message: expect.stringContaining('sent nothing for 1 s') }]);
  }, 60_000);
});
