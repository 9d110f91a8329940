// A streaming answer is drawn in batches: its words at most every 50 ms, a call or a question for the analyst at once
// (with the words before it), nothing lost or reordered, and what waits is drawn when the run ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../main/core/agent/types.ts';
import { DRAW_EVERY_MS, eventBatcher } from '../../../renderer/src/views/chat/eventBatcher.ts';

const token = (text: string): AgentEvent => ({ kind: 'token', text });
const call: AgentEvent = { kind: 'tool_call', step: 1, tool: 'kasi.getRestDeInfo', call: { id: 'c1', name: 'kasi_getRestDeInfo', arguments: {} } };

describe('the chat draws a streaming answer in batches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the words of 50 ms once, in their order', () => {
    const draws: AgentEvent[][] = [];
    const events = eventBatcher((batch) => draws.push(batch));
    for (const word of ['5월', '의', ' 공휴일', '은']) events.push(token(word));
    expect(draws).toEqual([]);
    vi.advanceTimersByTime(DRAW_EVERY_MS);
    expect(draws).toEqual([[token('5월'), token('의'), token(' 공휴일'), token('은')]]);
    events.push(token(' 어린이날'));
    vi.advanceTimersByTime(DRAW_EVERY_MS - 1);
    expect(draws).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(draws).toEqual([[token('5월'), token('의'), token(' 공휴일'), token('은')], [token(' 어린이날')]]);
  });

  it('draws a call at once, after the words that came before it', () => {
    const draws: AgentEvent[][] = [];
    const events = eventBatcher((batch) => draws.push(batch));
    events.push(token('찾아볼게요'));
    events.push(call);
    expect(draws).toEqual([[token('찾아볼게요'), call]]);
    vi.advanceTimersByTime(DRAW_EVERY_MS);
    expect(draws).toHaveLength(1);
  });

  it('draws what waits when the run ends, and nothing when nothing waits', () => {
    const draws: AgentEvent[][] = [];
    const events = eventBatcher((batch) => draws.push(batch));
    events.flush();
    expect(draws).toEqual([]);
    events.push(token('끝'));
    events.flush();
    expect(draws).toEqual([[token('끝')]]);
    vi.advanceTimersByTime(DRAW_EVERY_MS);
    expect(draws).toHaveLength(1);
  });
});
