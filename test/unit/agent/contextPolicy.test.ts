// What a conversation gives up when it outgrows the context: the oldest tool results' rows first (each keeps its
// handle and says how to read the rows again), then the last turn's, then whole earlier exchanges; never the system
// prompt or the request.
import { describe, expect, it } from 'vitest';
import type { ChatHistoryItem } from 'node-llama-cpp';
import { fitHistory } from '../../../native/llama/contextPolicy.ts';

const rows = (handle: string, n: number) => ({
  result: handle,
  totalCount: n,
  fields: ['locdate'],
  data: Array.from({ length: n }, (_, i) => [`202505${String(i + 1).padStart(2, '0')}`]),
});
const chars = (history: ChatHistoryItem[]): number => JSON.stringify(history).length;

const native: ChatHistoryItem[] = [
  { type: 'system', text: '당신은 공공 API 도우미입니다.' },
  { type: 'user', text: '2025년 5월과 6월 공휴일은?' },
  { type: 'model', response: [{ type: 'functionCall', name: 'kasi_getRestDeInfo', params: { solYear: '2025', solMonth: '05' }, result: rows('r1', 30) }] },
  { type: 'model', response: [{ type: 'functionCall', name: 'kasi_getRestDeInfo', params: { solYear: '2025', solMonth: '06' }, result: rows('r2', 30) }] },
];

describe('the context policy', () => {
  it('leaves a conversation that fits as it is', () => {
    const { history, trimmed } = fitHistory(native, 1_000_000, chars);
    expect(history).toEqual(native);
    expect(trimmed).toEqual({ results: 0, items: 0 });
  });

  it('drops the oldest result rows first, keeping the handle and how to read them again', () => {
    const budget = chars(native) - 200;
    const { history, trimmed } = fitHistory(native, budget, chars);
    expect(trimmed).toEqual({ results: 1, items: 0 });
    const first = (history[2] as { response: { result: unknown }[] }).response[0]!.result;
    expect(first).toEqual({
      result: 'r1',
      totalCount: 30,
      note: '맥락이 모자라 이 결과(r1)의 행을 뺐습니다. 필요하면 local_queryRows(result="r1")로 다시 읽으세요.',
    });
    expect((history[3] as { response: { result: unknown }[] }).response[0]!.result).toEqual(rows('r2', 30));
    expect(history.slice(0, 2)).toEqual(native.slice(0, 2));
    expect(chars(history)).toBeLessThanOrEqual(budget);
  });

  it('shrinks results written as user messages in grammar mode, then drops earlier exchanges, never the request', () => {
    const grammar: ChatHistoryItem[] = [
      { type: 'system', text: '도우미' },
      { type: 'user', text: '질문' },
      { type: 'model', response: ['{"tool":"kasi_getRestDeInfo","arguments":{}}'] },
      { type: 'user', text: `kasi_getRestDeInfo: ${JSON.stringify(rows('r1', 40))}` },
      { type: 'model', response: ['{"tool":"kasi_getRestDeInfo","arguments":{}}'] },
      { type: 'user', text: `kasi_getRestDeInfo: ${JSON.stringify(rows('r2', 40))}` },
    ];
    const shrunk = fitHistory(grammar, chars(grammar) - 500, chars);
    expect(shrunk.trimmed.results).toBeGreaterThan(0);
    expect((shrunk.history[3] as { text: string }).text).toMatch(/^kasi_getRestDeInfo: \{"result":"r1","totalCount":40,"note":/);
    const tight = fitHistory(grammar, 140, chars);
    expect(tight.trimmed.items).toBeGreaterThan(0);
    expect(tight.history.slice(0, 2)).toEqual(grammar.slice(0, 2));
    expect(tight.history).toHaveLength(4);
  });
});
