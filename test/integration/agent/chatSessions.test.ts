// Chat sessions through the engine API, as the workbench drives them: per-call approval answered by another call
// (allow once, always for the chat, deny with a reason the model reads), a run stopped while a call waits, and the
// session list: search, rename, cut back for an edited question, export, delete.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../main/core/agent/types.ts';
import type { Progress } from '../../../main/api/contract.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const HOLIDAYS = { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } };
const JUNE = { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '06' } };

function script(turns: object[]): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, turns.map((t) => JSON.stringify(t)).join('\n'));
  return `scripted:${file}`;
}

/** Answers each approval event with the next answer, as a client would. */
function answering(engine: ReturnType<typeof testEngine>, answers: { answer: 'once' | 'always' | 'deny'; reason?: string }[], events: AgentEvent[]) {
  return (progress: Progress): void => {
    const event = progress.agentEvent;
    if (!event) return;
    events.push(event);
    if (event.kind === 'approval') void engine.call('agent.approve', { id: event.id, ...answers.shift()! });
  };
}

describe('chat sessions', () => {
  it('runs an allowed call, refuses a denied one with the reason the model reads, and keeps the session settings', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const model = script([{ toolCalls: [HOLIDAYS, JUNE] }, { text: '5월 공휴일은 세 번입니다.' }]);
    const events: AgentEvent[] = [];
    let chatFirst: string | undefined;
    const answer = answering(engine, [{ answer: 'once' }, { answer: 'deny', reason: '6월은 묻지 않았습니다' }], events);
    const onProgress = (p: Progress): void => {
      chatFirst ??= p.chatId;
      answer(p);
    };
    const episode = await engine.call('agent.run', { question: '2025년 5월 공휴일?', model, tools: ['kasi.getRestDeInfo'], approval: 'ask' }, { onProgress });
    expect(chatFirst).toBe(episode.chatId);
    expect(episode.calls.map((c) => [c.ok, c.refused ?? null])).toEqual([
      [true, null],
      [false, '사용자가 이 호출을 허락하지 않았습니다. 사용자가 밝힌 이유: 6월은 묻지 않았습니다'],
    ]);
    expect(events.filter((e) => e.kind === 'approval').map((e) => e.kind === 'approval' && e.arguments.solMonth)).toEqual(['05', '06']);
    const result = events.find((e) => e.kind === 'tool_result' && e.ok);
    expect(result).toMatchObject({ preview: { columns: expect.arrayContaining(['locdate', 'dateName']), returned: 3, total: 3 } });
    expect(events.find((e) => e.kind === 'tool_call')).toMatchObject({ origins: { solYear: { from: 'question' } } });

    const { chat, messages } = await engine.call('chats.get', { id: episode.chatId });
    expect(chat).toMatchObject({
      title: '2025년 5월 공휴일?',
      questions: 1,
      settings: { model, mode: 'emulator', tools: ['kasi.getRestDeInfo'], approval: 'ask' },
    });
    const denied = messages.find((m) => m.role === 'tool' && m.content.includes('Refused'));
    expect(denied?.content).toContain('6월은 묻지 않았습니다');
    expect(messages.find((m) => m.role === 'tool' && m.meta?.ok === true)?.meta).toMatchObject({ tool: 'kasi.getRestDeInfo', preview: { returned: 3 } });
  });

  it("shows a weekend question's result with the weekend's opening hours, not Monday's", async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const events: AgentEvent[] = [];
    await engine.call(
      'agent.run',
      {
        question: '이번 주말에 문 여는 서울 강남구 약국 알려줘',
        model: script([{ toolCalls: [{ name: 'nmc_getParmacyListInfoInqire', arguments: { Q0: '서울특별시', Q1: '강남구' } }] }, { text: '찾았습니다.' }]),
        tools: ['nmc.getParmacyListInfoInqire'],
      },
      { onProgress: (p) => p.agentEvent && events.push(p.agentEvent) },
    );
    const result = events.find((e) => e.kind === 'tool_result');
    expect(result?.kind === 'tool_result' && result.preview?.columns.slice(0, 7)).toEqual([
      'dutyName',
      'dutyAddr',
      'dutyTel1',
      'dutyTime6s',
      'dutyTime6c',
      'dutyTime7s',
      'dutyTime7c',
    ]);
  });

  it('asks once for a tool allowed for the whole chat, and stops waiting when the run is stopped', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const events: AgentEvent[] = [];
    const model = script([{ toolCalls: [HOLIDAYS] }, { toolCalls: [JUNE] }, { text: '끝' }]);
    await engine.call(
      'agent.run',
      { question: '5월과 6월 공휴일?', model, tools: ['kasi.getRestDeInfo'], approval: 'ask' },
      { onProgress: answering(engine, [{ answer: 'always' }], events) },
    );
    expect(events.filter((e) => e.kind === 'approval')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'tool_result' && e.ok)).toHaveLength(2);

    const controller = new AbortController();
    const stopped = engine.call(
      'agent.run',
      { question: '5월 공휴일?', model: script([{ toolCalls: [HOLIDAYS] }]), tools: ['kasi.getRestDeInfo'], approval: 'ask' },
      {
        signal: controller.signal,
        onProgress: (p) => p.agentEvent?.kind === 'approval' && controller.abort(),
      },
    );
    await expect(stopped).rejects.toMatchObject({ code: 'Aborted' });
  });

  it('lists, searches, renames, cuts back, exports and deletes chats', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const first = await engine.call('agent.run', {
      question: '5월 공휴일?',
      model: script([{ toolCalls: [HOLIDAYS] }, { text: '세 번입니다 <img src=x onerror=alert(1)>' }]),
      tools: ['kasi.getRestDeInfo'],
    });
    await engine.call('agent.run', { question: '추가 질문', chatId: first.chatId, model: script([{ text: '네.' }]) });
    const second = await engine.call('agent.run', { question: '서울 날씨?', model: script([{ text: '맑음' }]) });
    expect((await engine.call('chats.list', {})).map((c) => c.id)).toEqual([second.chatId, first.chatId]);
    expect((await engine.call('chats.list', { search: '추가' })).map((c) => c.id)).toEqual([first.chatId]);
    expect(await engine.call('chats.rename', { id: first.chatId, title: '  공휴일 문의 ' })).toMatchObject({ title: '공휴일 문의', questions: 2 });

    const md = await engine.call('chats.export', { id: first.chatId, format: 'md' });
    expect(md.fileName).toMatch(/^kopa-chat-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.md$/);
    expect(md.content).toContain('# 공휴일 문의');
    expect(md.content).toContain('`kasi.getRestDeInfo`');
    expect(md.content).toContain('세 번입니다 \\<img src=x onerror=alert(1)\\>');
    const json = JSON.parse((await engine.call('chats.export', { id: first.chatId, format: 'json' })).content) as { messages: { role: string }[] };
    expect(json.messages.filter((m) => m.role === 'tool')).toHaveLength(1);

    const { messages } = await engine.call('chats.get', { id: first.chatId });
    const followUp = messages.find((m) => m.role === 'user' && m.content === '추가 질문')!;
    await expect(engine.call('chats.truncate', { id: first.chatId, fromSeq: followUp.seq + 1 })).rejects.toMatchObject({ code: 'InvalidRequest' });
    const cut = await engine.call('chats.truncate', { id: first.chatId, fromSeq: followUp.seq });
    expect(cut.chat.questions).toBe(1);
    expect(cut.messages.at(-1)).toMatchObject({ role: 'assistant', content: '세 번입니다 <img src=x onerror=alert(1)>' });

    await engine.call('chats.remove', { id: first.chatId });
    await expect(engine.call('chats.get', { id: first.chatId })).rejects.toMatchObject({ code: 'NotFound' });
    expect((await engine.call('chats.list', {})).map((c) => c.id)).toEqual([second.chatId]);
  });
});
