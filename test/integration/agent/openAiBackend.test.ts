// The OpenAI-compatible backend over real HTTP against a test server on loopback: streamed and whole answers,
// tool calls split across chunks, calls a tool-less server writes as text, and the allowlist: only registered
// servers are reached, and an IP literal cannot be registered.
import { afterEach, describe, expect, it } from 'vitest';
import { isKopaError } from '../../../main/core/errors.ts';
import { OpenAiBackend } from '../../../main/engine/models/openAiBackend.ts';
import { serverEntry } from '../../../main/engine/models/ModelRegistry.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../helpers/openAiServer.ts';

const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAI-compatible backend', () => {
  it('runs an episode on a registered server: streamed tool calls, tools offered, usage counted', async () => {
    server = await startOpenAiServer([
      { content: '확인할게요.', toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] },
      { content: '서울의 지금 기온은 5.2도입니다.' },
    ]);
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const model = await engine.call('models.add', { source: `openai:${server.base}`, name: 'qwen2.5-7b-instruct' });
    expect(model).toMatchObject({ kind: 'openai', location: server.base, name: 'qwen2.5-7b-instruct' });
    const episode = await engine.call('agent.run', { question: '서울 기온?', model: model.id, tools: ['kma.getUltraSrtNcst'] });
    expect(episode).toMatchObject({ answer: '서울의 지금 기온은 5.2도입니다.', stoppedBy: 'final', usage: { inputTokens: 22, outputTokens: 14 } });
    expect(episode.calls).toEqual([expect.objectContaining({ tool: 'kma.getUltraSrtNcst', arguments: expect.objectContaining(NCST), ok: true })]);
    const first = server.requests[0] as { model: string; stream: boolean; tools: { function: { name: string } }[]; messages: { role: string }[] };
    expect(first).toMatchObject({ model: 'qwen2.5-7b-instruct', stream: true });
    expect(first.tools.map((t) => t.function.name)).toEqual(['kma_getUltraSrtNcst', 'local_queryRows', 'final_answer']);
    const second = server.requests[1] as { messages: { role: string; tool_call_id?: string; tool_calls?: unknown[] }[] };
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second.messages[3]!.tool_call_id).toBe('call_srv_1_0');
  });

  it('checks a registered server with one token, and says why one cannot be reached', async () => {
    server = await startOpenAiServer([{ content: 'p' }]);
    const engine = testEngine();
    const model = await engine.call('models.add', { source: `openai:${server.base}`, name: 'qwen2.5-7b-instruct' });
    const check = await engine.call('models.test', { ref: model.id });
    expect(check).toMatchObject({ ok: true, message: 'p' });
    expect(server.requests[0]).toMatchObject({ model: 'qwen2.5-7b-instruct', max_tokens: 1 });
    const base = server.base;
    await server.close();
    server = undefined;
    const down = await engine.call('models.test', { ref: model.id });
    expect(down.ok).toBe(false);
    expect(down.message).toContain(`The inference server ${base} did not answer`);
  });

  it('reads whole (non-streamed) answers and tool calls a server writes as text', async () => {
    server = await startOpenAiServer([
      { content: '<tool_call>\n{"name": "kasi_getRestDeInfo", "arguments": {"solYear": "2025", "solMonth": "05"}}\n</tool_call>' },
    ]);
    const backend = new OpenAiBackend({ baseUrl: server.base, model: 'm', allowlist: [serverEntry(server.base, 't')], stream: false });
    const turn = await backend.turn([{ role: 'user', content: '5월 공휴일?' }], [], {});
    expect(turn).toMatchObject({
      stop: 'toolCalls',
      toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }],
      usage: { inputTokens: 11, outputTokens: 7 },
    });
  });

  it('refuses a server that was not registered, and an IP literal at registration', async () => {
    server = await startOpenAiServer([]);
    const engine = testEngine();
    const unregistered = await engine
      .call('agent.run', { question: '?', model: `openai:${server.base}#m`, tools: ['kma.getUltraSrtNcst'] })
      .catch((e: unknown) => e);
    expect(isKopaError(unregistered, 'NotFound')).toBe(true);
    expect((unregistered as Error).message).toContain('is not allowed');
    expect(server.requests).toHaveLength(0);
    const literal = await engine.call('models.add', { source: `openai:${server.base.replace('localhost', '127.0.0.1')}`, name: 'm' }).catch((e: unknown) => e);
    expect(isKopaError(literal, 'InvalidRequest')).toBe(true);
    expect((literal as Error).message).toContain('IP address literals are not allowed');
  });
});
