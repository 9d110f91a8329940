// The chat's turns from stored messages and from live events: a turn that left out old results to fit the model's
// context says so, both while it streams and after a reload.
import { describe, expect, it } from 'vitest';
import type { TranscriptMessage } from '../../../main/api/contract.ts';
import { applyEvent, nothingWritten, turnsOf } from '../../../renderer/src/views/chat/turns.ts';

describe('chat turns', () => {
  it('shows a context trim as it happens', () => {
    const turn = applyEvent({ question: '5월 공휴일?', items: [], answer: null }, { kind: 'context_trimmed', step: 2, results: 3, items: 0 });
    expect(turn.items).toEqual([{ kind: 'trimmed', results: 3, items: 0 }]);
  });

  it("shows it again from the stored messages, before the turn's answer", () => {
    const messages = [
      { seq: 1, role: 'user', content: '5월 공휴일?' },
      { seq: 2, role: 'assistant', content: '어린이날입니다.', meta: { trimmed: { results: 2, items: 1 } } },
    ] as unknown as TranscriptMessage[];
    const [turn] = turnsOf(messages);
    expect(turn!.items).toEqual([{ kind: 'trimmed', results: 2, items: 1 }]);
    expect(turn!.answer).toBe('어린이날입니다.');
  });

  it('shows what a stopped turn wrote as stopped output, never as the answer', () => {
    const messages = [
      { seq: 1, role: 'user', content: '5월 공휴일?' },
      { seq: 2, role: 'assistant', content: '5월에는 어린이', cut: 'stopped', meta: { usage: { inputTokens: 900, outputTokens: 7 }, ms: 4200 } },
    ] as unknown as TranscriptMessage[];
    const [turn] = turnsOf(messages);
    // With what it reached: the tokens it wrote and how long it ran.
    expect(turn!.items).toEqual([{ kind: 'cut', text: '5월에는 어린이', cut: 'stopped', tokens: 7, ms: 4200 }]);
    expect(turn!.answer).toBeNull();
  });

  it('says a turn stopped before it wrote anything, with how long it ran', () => {
    const messages = [
      { seq: 1, role: 'user', content: '5월 공휴일?' },
      { seq: 2, role: 'assistant', content: '', cut: 'stopped', meta: { usage: { inputTokens: 0, outputTokens: 0 }, ms: 9100 } },
    ] as unknown as TranscriptMessage[];
    const [turn] = turnsOf(messages);
    expect(turn!.items).toEqual([{ kind: 'cut', text: '', cut: 'stopped', tokens: 0, ms: 9100 }]);
    expect(nothingWritten(turn!.items[0] as { text: string; tokens?: number })).toBe(true);
    expect(nothingWritten({ text: '', tokens: 40 })).toBe(false);
  });

  it("keeps where the model's turn has got while it runs, and lets it go when a call or the answer ends the turn", () => {
    const progress = { toRead: 3600, read: 1840, written: 0, elapsedMs: 12_000, writingMs: 0 };
    const reading = applyEvent({ question: '5월 공휴일?', items: [], answer: null }, { kind: 'turn_progress', step: 1, ...progress });
    expect(reading.progress).toEqual(progress);
    const calling = applyEvent(reading, {
      kind: 'tool_call',
      step: 1,
      call: { id: 'c1', name: 'kasi_getRestDeInfo', arguments: {} },
      tool: 'kasi.getRestDeInfo',
    });
    expect(calling.progress).toBeUndefined();
    const answered = applyEvent(applyEvent(calling, { kind: 'turn_progress', step: 2, ...progress }), {
      kind: 'final',
      answer: '어린이날입니다.',
      claim: null,
      steps: 2,
      usage: { inputTokens: 1, outputTokens: 1 },
      ms: 1,
    });
    expect(answered.progress).toBeUndefined();
  });
});
