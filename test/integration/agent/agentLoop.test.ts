// The agent loop with a scripted model, against the emulator: arguments are checked before anything is sent,
// unknown tools and repeated calls are refused as data the model can read, the step cap ends an episode with an
// answer-only turn, an abort stops it, and every message is stored as it happens.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent, ChatMessage, ModelTool, ModelTurn } from '../../../main/core/agent/types.ts';
import type { Agent } from '../../../main/engine/agent/Agent.ts';
import { catalogAgent, type CatalogAgentOptions } from '../../../main/engine/agent/catalogTools.ts';
import type { EpisodeCall } from '../../../main/engine/agent/catalogSession.ts';
import type { ModelBackend, TurnOptions } from '../../../main/engine/models/backend.ts';
import { ChatRepository } from '../../../main/engine/store/repositories/ChatRepository.ts';
import { AuditRepository } from '../../../main/engine/audit/AuditRepository.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };

/** A scripted model that also remembers what it was offered and told. */
class Spy implements ModelBackend {
  readonly id = 'spy';
  readonly seen: { tools: string[]; choice: TurnOptions['toolChoice']; last: ChatMessage; budget?: number }[] = [];
  private readonly turns: Partial<ModelTurn>[];
  constructor(turns: Partial<ModelTurn>[]) {
    this.turns = turns;
  }
  async turn(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    this.seen.push({ tools: tools.map((t) => t.name), choice: options.toolChoice, last: messages[messages.length - 1]!, budget: options.maxTokens });
    const t = this.turns.shift() ?? { text: '끝' };
    return {
      text: t.text ?? '',
      toolCalls: t.toolCalls ?? [],
      usage: { inputTokens: 10, outputTokens: 5 },
      stop: t.stop ?? (t.toolCalls?.length ? 'toolCalls' : 'end'),
      ...(t.trimmed ? { trimmed: t.trimmed } : {}),
    };
  }
  async dispose(): Promise<void> {}
}

const call = (name: string, args: Record<string, unknown>, id = 'c1') => ({ id, name, arguments: args });

function agentFor(engine: ReturnType<typeof testEngine>, backend: ModelBackend, extra: Partial<CatalogAgentOptions> = {}): Agent<EpisodeCall> {
  const gateway = engine.gateway();
  return catalogAgent({
    backend,
    catalog: engine.catalog(),
    call: (tool, args) => gateway.call(tool, args),
    tools: ['kma.getUltraSrtNcst', 'kasi.getRestDeInfo'],
    asOf: TEST_NOW,
    ...extra,
  });
}

describe('agent loop', () => {
  it('never takes a turn its token budget cut off as an answer: it asks once more with twice the budget, then ends truncated', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const cut = { text: '서울은 맑', stop: 'maxTokens' as const };
    const twice = new Spy([cut, cut]);
    const episode = await agentFor(engine, twice, { maxTokens: 64 }).run('서울 날씨?');
    expect(episode).toMatchObject({ answer: null, stoppedBy: 'truncated' });
    expect(twice.seen.map((s) => s.budget)).toEqual([64, 128]);
    // What it wrote is kept to be read (why did it fail?), marked as cut, and never sent back to a model.
    expect(episode.messages.at(-1)).toEqual({ role: 'assistant', content: '서울은 맑', cut: 'truncated' });
    const next = new Spy([{ text: '맑습니다.' }]);
    await agentFor(engine, next).run('다시요', episode.messages.slice(1));
    expect(next.seen[0]!.last).toMatchObject({ role: 'user', content: '다시요' });
    const once = new Spy([cut, { text: '서울은 맑습니다.' }]);
    expect(await agentFor(engine, once, { maxTokens: 64 }).run('서울 날씨?')).toMatchObject({ answer: '서울은 맑습니다.', stoppedBy: 'final' });
  });

  it("says when a turn left out old results to fit the model's context, as an event and with the answer", async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const events: AgentEvent[] = [];
    const stored: Record<string, unknown>[] = [];
    const backend = new Spy([{ text: '어린이날입니다.', trimmed: { results: 2, items: 0 } }]);
    const episode = await agentFor(engine, backend, { onEvent: (e) => events.push(e), onMessage: (_m, meta) => meta && stored.push(meta) }).run('5월 공휴일?');
    expect(episode.answer).toBe('어린이날입니다.');
    expect(events).toContainEqual({ kind: 'context_trimmed', step: 1, results: 2, items: 0 });
    expect(stored).toContainEqual(expect.objectContaining({ trimmed: { results: 2, items: 0 } }));
  });

  it('returns schema violations to the model without calling, then runs the corrected call and answers', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const backend = new Spy([
      { toolCalls: [call('kma_getUltraSrtNcst', { nx: 'sixty' })] },
      { toolCalls: [call('kma_getUltraSrtNcst', NCST, 'c2')] },
      { text: '지금 서울은 맑습니다.' },
    ]);
    const episode = await agentFor(engine, backend).run('서울 날씨?');
    expect(episode).toMatchObject({ answer: '지금 서울은 맑습니다.', stoppedBy: 'final', turns: 3 });
    expect(episode.calls[0]).toMatchObject({ tool: 'kma.getUltraSrtNcst', result: null });
    expect(episode.calls[0]!.refused).toMatch(/\/nx must be integer.*\/base_date is required|\/base_date is required.*\/nx must be integer/);
    expect(episode.calls[1]!.result?.ok).toBe(true);
    expect(new AuditRepository(engine.store.db).count()).toBe(1);
    const reply = JSON.parse(backend.seen[1]!.last.content) as { ok: boolean; error: string };
    expect(reply).toMatchObject({ ok: false, error: 'Refused' });
    expect(episode.messages[0]).toMatchObject({ role: 'system' });
    expect(episode.messages[0]!.content).toContain('현재 시각: 2025년 3월 2일 (일) 15:00 KST');
  });

  it('refuses unknown tools and a third identical call, and never widens the tools on offer', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const backend = new Spy([
      { toolCalls: [call('gateway_addTool', { url: 'https://evil.example' })] },
      { toolCalls: [call('kma_getUltraSrtNcst', NCST)] },
      { toolCalls: [call('kma_getUltraSrtNcst', NCST)] },
      { toolCalls: [call('kma_getUltraSrtNcst', NCST)] },
      { text: '답' },
    ]);
    const episode = await agentFor(engine, backend).run('?');
    expect(episode.calls.map((c) => c.refused ?? 'ran')).toEqual([expect.stringContaining('없는 도구'), 'ran', 'ran', expect.stringContaining('이미 여러 번')]);
    expect(new Set(backend.seen.map((s) => s.tools.join()))).toEqual(new Set(['kma_getUltraSrtNcst,kasi_getRestDeInfo,local_queryRows,final_answer']));
  });

  it('ends at the step cap with a turn that may only commit an answer', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const message = '5월에는 어린이날과 부처님오신날이 있습니다.';
    const backend = new Spy([
      { toolCalls: [call('kasi_getRestDeInfo', { solYear: '2025', solMonth: '05' })] },
      { toolCalls: [call('kasi_getRestDeInfo', { solYear: '2025', solMonth: '06' })] },
      { toolCalls: [call('final_answer', { answer: { kind: 'list', values: ['어린이날', '부처님오신날'] }, message }, 'c3')] },
    ]);
    const episode = await agentFor(engine, backend, { maxSteps: 3, firstToolChoice: 'required' }).run('5월 공휴일?');
    expect(backend.seen.map((s) => s.choice)).toEqual(['required', 'auto', 'required']);
    expect(backend.seen[2]!.tools).toEqual(['final_answer']);
    expect(backend.seen[2]!.last).toMatchObject({ role: 'user', content: expect.stringContaining('최종 답변') });
    expect(episode).toMatchObject({ stoppedBy: 'final', answer: message, claim: { kind: 'list', values: ['어린이날', '부처님오신날'] } });
    expect(episode.messages.at(-1)).toEqual({ role: 'assistant', content: message, answer: { kind: 'list', values: ['어린이날', '부처님오신날'] } });
  });

  it('commits an answer through the answer tool or a "정답:" line, hands a claim that is not one value back to the model, and runs nothing beside an answer', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const events: AgentEvent[] = [];
    const backend = new Spy([
      { toolCalls: [call('final_answer', { answer: { kind: 'number' }, message: '많아요' })] },
      {
        toolCalls: [
          call('kasi_getRestDeInfo', { solYear: '2025', solMonth: '05' }, 'c2'),
          call('final_answer', { answer: { kind: 'number', value: 2, unit: '일' }, message: '2일입니다.' }, 'c3'),
        ],
      },
    ]);
    const episode = await agentFor(engine, backend, { onEvent: (e) => events.push(e) }).run('5월 공휴일은 며칠?');
    expect(JSON.parse(backend.seen[1]!.last.content)).toMatchObject({ ok: false, error: 'Refused', message: expect.stringContaining('final_answer를 다시') });
    expect(episode).toMatchObject({ stoppedBy: 'final', answer: '2일입니다.', claim: { kind: 'number', value: 2, unit: '일' } });
    // The call beside the answer was not run: the answer could not have read it.
    expect(episode.calls).toEqual([]);
    expect(events.find((e) => e.kind === 'final')).toMatchObject({ claim: { kind: 'number', value: 2, unit: '일' } });
    const worded = await agentFor(engine, new Spy([{ text: '5월 공휴일은 이틀입니다.\n정답: 2일' }])).run('5월 공휴일은 며칠?');
    expect(worded).toMatchObject({ answer: '5월 공휴일은 이틀입니다.\n정답: 2일', claim: { kind: 'text', value: '2일' } });
    const uncommitted = await agentFor(engine, new Spy([{ text: '이틀입니다.' }])).run('5월 공휴일은 며칠?');
    expect(uncommitted).toMatchObject({ stoppedBy: 'final', answer: '이틀입니다.', claim: null });
  });

  it('stops when aborted', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const controller = new AbortController();
    const backend = new Spy([{ toolCalls: [call('kasi_getRestDeInfo', { solYear: '2025', solMonth: '05' })] }, { text: 'never' }]);
    const gateway = engine.gateway();
    const agent = catalogAgent({
      backend,
      catalog: engine.catalog(),
      call: async (tool, args) => {
        const r = await gateway.call(tool, args);
        controller.abort();
        return r;
      },
      tools: ['kasi.getRestDeInfo'],
      asOf: TEST_NOW,
      signal: controller.signal,
    });
    const episode = await agent.run('?');
    expect(episode.stoppedBy).toBe('abort');
    expect(backend.seen).toHaveLength(1);
  });

  it('keeps what a stopped turn had written, marked as stopped, and stores it with the chat', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const transcript = path.join(tempDir(), 'slow.jsonl');
    writeFileSync(
      transcript,
      `${JSON.stringify({ text: '2025년 5월의 공휴일은 어린이날(5일)과 부처님오신날(5일), 그리고 대체공휴일(6일)입니다.', tokenDelayMs: 40 })}\n`,
    );
    const controller = new AbortController();
    let tokens = 0;
    const episode = await engine.call(
      'agent.run',
      { question: '5월 공휴일?', model: `scripted:${transcript}`, tools: ['kasi.getRestDeInfo'] },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.agentEvent?.kind === 'token' && ++tokens === 8) controller.abort();
        },
      },
    );
    expect(episode).toMatchObject({ answer: null, stoppedBy: 'abort' });
    const stored = new ChatRepository(engine.store.db).messages(episode.chatId);
    const cut = stored.at(-1)!;
    expect(cut).toMatchObject({ role: 'assistant', cut: 'stopped' });
    expect(cut.content.length).toBeGreaterThanOrEqual(8);
    expect('2025년 5월의 공휴일은 어린이날(5일)과 부처님오신날(5일), 그리고 대체공휴일(6일)입니다.'.startsWith(cut.content)).toBe(true);
  });

  it('keeps a turn stopped before it wrote anything, with the time it ran until the stop', async () => {
    const engine = testEngine();
    const transcript = path.join(tempDir(), 'reading.jsonl');
    writeFileSync(transcript, `${JSON.stringify({ text: '어린이날입니다.', promptMs: 60_000 })}\n`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const episode = await engine.call(
      'agent.run',
      { question: '5월 공휴일?', model: `scripted:${transcript}`, tools: ['kasi.getRestDeInfo'] },
      { signal: controller.signal },
    );
    expect(episode).toMatchObject({ answer: null, stoppedBy: 'abort' });
    const cut = new ChatRepository(engine.store.db).messages(episode.chatId).at(-1)!;
    expect(cut).toMatchObject({ role: 'assistant', content: '', cut: 'stopped', meta: { usage: { outputTokens: 0 } } });
    // Stopped at the user's word, not at the end of the model's 60 s of reading.
    expect(cut.meta!.ms).toBeGreaterThan(0);
    expect(cut.meta!.ms).toBeLessThan(30_000);
  });

  it("reads the emulator at the episode's moment, not the machine's, when the question is asked at another time", async () => {
    // The machine's clock is a year and more after the episode: KMA keeps only recent issues, so a call for the
    // episode's issue found nothing before.
    const engine = testEngine({ emulator: { now: () => new Date('2026-12-04T03:00:00Z') } });
    const transcript = path.join(tempDir(), 'then.jsonl');
    writeFileSync(
      transcript,
      [JSON.stringify({ toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] }), JSON.stringify({ text: '5도입니다.' })].join('\n'),
    );
    const episode = await engine.call('agent.run', {
      question: '서울 기온?',
      model: `scripted:${transcript}`,
      tools: ['kma.getUltraSrtNcst'],
      asOf: '2025-03-02T15:00:00+09:00',
    });
    expect(episode.calls).toEqual([expect.objectContaining({ tool: 'kma.getUltraSrtNcst', ok: true, resultCode: '00' })]);
  });

  it('runs through the engine API with a scripted transcript file and stores every message', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const transcript = path.join(tempDir(), 'turns.jsonl');
    writeFileSync(
      transcript,
      [JSON.stringify({ toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] }), JSON.stringify({ text: '기온은 5.2도입니다.' })].join('\n'),
    );
    const episode = await engine.call('agent.run', { question: '서울 기온?', model: `scripted:${transcript}`, tools: ['kma.getUltraSrtNcst'] });
    expect(episode).toMatchObject({ answer: '기온은 5.2도입니다.', stoppedBy: 'final', backend: `scripted:${transcript}` });
    expect(episode.calls).toEqual([expect.objectContaining({ tool: 'kma.getUltraSrtNcst', ok: true, resultCode: '00', rows: 8 })]);
    const stored = new ChatRepository(engine.store.db).messages(episode.chatId);
    expect(stored.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(stored[3]).toMatchObject({ role: 'tool', name: 'kma_getUltraSrtNcst', meta: { tool: 'kma.getUltraSrtNcst', ok: true } });
  });
});

describe('caps on tool calls', () => {
  it('runs at most 8 calls of one turn, refusing the rest in words the model reads', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const many = Array.from({ length: 300 }, (_, i) => call('kasi_getRestDeInfo', { solYear: String(1800 + i), solMonth: '01' }, `c${i}`));
    const backend = new Spy([{ toolCalls: many }, { text: '끝' }]);
    const episode = await agentFor(engine, backend).run('?');
    expect(episode.calls.filter((c) => c.result !== null)).toHaveLength(8);
    expect(episode.calls.filter((c) => c.refused?.includes('한 번에 도구를 8개까지만'))).toHaveLength(292);
    expect(new AuditRepository(engine.store.db).count()).toBe(8);
    expect(episode).toMatchObject({ stoppedBy: 'final', answer: '끝' });
  });

  it('ends an episode that reaches 32 calls, as callCap', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const turn = (t: number) => ({
      toolCalls: Array.from({ length: 8 }, (_, i) => call('kasi_getRestDeInfo', { solYear: String(1900 + t * 8 + i), solMonth: '01' }, `t${t}c${i}`)),
    });
    const backend = new Spy([turn(0), turn(1), turn(2), turn(3), turn(4), { text: '끝' }]);
    const episode = await agentFor(engine, backend, { maxSteps: 10 }).run('?');
    expect(episode.stoppedBy).toBe('callCap');
    expect(episode.calls).toHaveLength(32);
    expect(new AuditRepository(engine.store.db).count()).toBe(32);
  });
});

describe('the result view and the query tool in an episode', () => {
  it("shows hundreds of forecast rows as a page with a handle, and the query tool finds tomorrow's maximum among all of them", async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const backend = new Spy([
      { toolCalls: [call('kma_getVilageFcst', { base_date: '20250302', base_time: '1400', nx: 60, ny: 127, numOfRows: 1000 })] },
      {
        toolCalls: [
          call(
            'local_queryRows',
            {
              result: 'r1',
              where: [
                { field: 'category', op: '=', value: 'TMX' },
                { field: 'fcstDate', op: '=', value: '20250303' },
              ],
            },
            'c2',
          ),
        ],
      },
      { text: '내일 낮 최고기온은 예보로 몇 도입니다.' },
    ]);
    const episode = await agentFor(engine, backend, { tools: ['kma.getVilageFcst'] }).run('서울시청 내일 최고기온?');
    expect(episode.messages[0]!.content).toContain('local_queryRows');
    expect(backend.seen[0]!.tools).toEqual(['kma_getVilageFcst', 'local_queryRows', 'final_answer']);
    const [forecast, query] = episode.calls;
    expect(forecast!.result!.items.length).toBeGreaterThan(500);
    expect(forecast!.shown!.length).toBeLessThan(100);
    expect(forecast!.shown!.some((r) => r.category === 'TMX' && r.fcstDate === '20250303')).toBe(false);
    const page = JSON.parse((episode.messages[3] as { content: string }).content) as { result: string; totalCount: number; shown: number; note: string };
    expect(page).toMatchObject({ result: 'r1', totalCount: forecast!.result!.items.length, shown: forecast!.shown!.length });
    expect(page.note).toContain('local_queryRows(result="r1")');
    expect(query!.result).toMatchObject({ ok: true, source: 'local', totalCount: 1, items: [{ category: 'TMX', fcstDate: '20250303' }] });
    expect(query!.handle).toBe('r2');
    expect(JSON.parse((episode.messages[5] as { content: string }).content)).toMatchObject({ result: 'r2', totalCount: 1 });
    // The query never left the machine: the audit log has the forecast call only.
    expect(new AuditRepository(engine.store.db).count()).toBe(1);
  });

  it('does not offer the query tool where no result can be long, or when told not to', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const local = new Spy([{ text: '끝' }]);
    await agentFor(engine, local, { tools: ['local.latLonToKmaGrid'] }).run('?');
    expect(local.seen[0]!.tools).toEqual(['local_latLonToKmaGrid', 'final_answer']);
    const off = new Spy([{ text: '끝' }]);
    const episode = await agentFor(engine, off, { queryTool: false }).run('?');
    expect(off.seen[0]!.tools).toEqual(['kma_getUltraSrtNcst', 'kasi_getRestDeInfo', 'final_answer']);
    expect(episode.messages[0]!.content).not.toContain('local_queryRows');
  });
});
