// What a model sees of a tool result: one compact table with its handle and total, as many rows as fit the token
// budget, long text cut, empty fields dropped, fields equal in every row said once; and reading it back gives
// exactly the rows the view claims the model saw.
import { describe, expect, it } from 'vitest';
import type { CallResult, Item } from '../../../main/core/gateway/callResult.ts';
import { readView, renderResult, resultTokenBudget, STANDARD_RESULT_TOKENS } from '../../../main/core/resultView/resultView.ts';
import { estimateTokens } from '../../../main/core/resultView/tokenEstimate.ts';

const ok = (items: Item[], totalCount: number | null = items.length): Pick<CallResult, 'ok' | 'items' | 'totalCount' | 'error'> => ({
  ok: true,
  items,
  totalCount,
  error: null,
});

/** 761 rows shaped like KMA's 단기예보: four fields the same in every row, four that vary. */
const forecast = (n = 761): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    baseDate: '20250421',
    baseTime: '0800',
    category: ['TMP', 'SKY', 'POP', 'TMX'][i % 4]!,
    fcstDate: `202504${21 + Math.floor(i / 300)}`,
    fcstTime: String(900 + (i % 12) * 100).padStart(4, '0'),
    fcstValue: String(i % 30),
    nx: 60,
    ny: 127,
  }));

describe('result view', () => {
  it('says field names once, folds fields equal in every row into "same", and gives the handle and total', () => {
    const view = renderResult(ok(forecast()), 'r3');
    const json = JSON.parse(view.text) as {
      result: string;
      totalCount: number;
      shown: number;
      fields: string[];
      same: Record<string, unknown>;
      data: unknown[][];
      note: string;
    };
    expect(json).toMatchObject({
      result: 'r3',
      totalCount: 761,
      fields: ['category', 'fcstDate', 'fcstTime', 'fcstValue'],
      same: { baseDate: '20250421', baseTime: '0800', nx: 60, ny: 127 },
    });
    expect(json.data[0]).toEqual(['TMP', '20250421', '0900', '0']);
    expect(json.shown).toBe(view.shown);
    expect(view.shown).toBeLessThan(761);
    expect(json.note).toContain(`761행 중 앞 ${view.shown}행`);
    expect(json.note).toContain('local_queryRows(result="r3")');
  });

  it('shows the counts a service reports beside its rows (NTS: how many numbers its register knows)', () => {
    const rows = [
      { b_no: '6350414822', b_stt: '계속사업자' },
      { b_no: '0000000000', b_stt: '', tax_type: '국세청에 등록되지 않은 사업자등록번호입니다.' },
    ];
    const json = JSON.parse(renderResult({ ...ok(rows), counts: { matched: 1 } }, 'r1').text) as Record<string, unknown>;
    expect(json).toMatchObject({ result: 'r1', totalCount: 2, matched: 1 });
    expect(readView(JSON.stringify(json)).rows).toHaveLength(2);
  });

  it('shows as many rows as the budget allows, never more, and always at least one', () => {
    const small = renderResult(ok(forecast()), 'r1', { tokenBudget: 300 });
    const standard = renderResult(ok(forecast()), 'r1');
    const large = renderResult(ok(forecast()), 'r1', { tokenBudget: 4096 });
    expect(small.shown).toBeLessThan(standard.shown);
    expect(standard.shown).toBeLessThan(large.shown);
    for (const [view, budget] of [
      [small, 300],
      [standard, STANDARD_RESULT_TOKENS],
      [large, 4096],
    ] as const)
      expect(estimateTokens(view.text)).toBeLessThanOrEqual(budget);
    const wide = renderResult(ok([{ text: 'ㄱ'.repeat(5000) }, { text: 'ㄴ' }]), 'r1', { tokenBudget: 10 });
    expect(wide.shown).toBe(1);
  });

  it('shows every row of a short result, with no note', () => {
    const view = renderResult(ok(forecast(8)), 'r1');
    expect(view.shown).toBe(8);
    expect(JSON.parse(view.text)).not.toHaveProperty('note');
    expect(JSON.parse(view.text)).not.toHaveProperty('shown');
  });

  it('cuts long text with a marker and leaves out fields that are empty in every row', () => {
    const view = renderResult(
      ok([
        { name: '가'.repeat(200), blank: '', none: null, n: 1 },
        { name: '나', blank: '', none: null, n: 2 },
      ]),
      'r1',
    );
    const json = JSON.parse(view.text) as { fields: string[]; data: unknown[][] };
    expect(json.fields).toEqual(['name', 'n']);
    expect(json.data[0]![0]).toBe(`${'가'.repeat(79)}…`);
    expect(view.visible[0]).toEqual({ name: `${'가'.repeat(79)}…`, n: 1 });
  });

  it('says when the response holds only a page of what the API has', () => {
    const json = JSON.parse(renderResult(ok(forecast(10), 159), 'r1').text) as { totalCount: number; returned: number; note: string };
    expect(json).toMatchObject({ totalCount: 159, returned: 10 });
    expect(json.note).toContain('전체 159건 중 10건만 받았습니다');
  });

  it('passes a failure as data the model can act on, without a handle', () => {
    const view = renderResult({ ok: false, items: [], totalCount: null, error: { kind: 'NoData', message: '데이터가 없습니다', retryable: false } }, null);
    expect(JSON.parse(view.text)).toEqual({ ok: false, error: 'NoData', message: '데이터가 없습니다' });
    expect(view).toMatchObject({ handle: null, visible: [], shown: 0 });
  });

  it('reads back into exactly the rows it says the model saw', () => {
    const shapes: Item[][] = [
      forecast(),
      forecast(3),
      [{ a: 1 }],
      [{ a: 1, b: null }, { a: 2, b: 'x' }, { c: true }],
      [
        { long: 'ㄱ'.repeat(300), k: 'same' },
        { long: 'b', k: 'same' },
      ],
      [],
    ];
    for (const rows of ['columns', 'named'] as const)
      for (const items of shapes) {
        const view = renderResult(ok(items), 'r7', { tokenBudget: 400, rows });
        const read = readView(view.text);
        expect(read.rows).toEqual(view.visible);
        expect(read).toMatchObject({ handle: 'r7', totalCount: items.length });
      }
  });

  it('writes each value beside its field name for a model trained on named rows, within the same budget', () => {
    const sun = [{ locdate: '20261205', location: '서울', sunrise: '0740', suntransit: '1230', sunset: '1714' }];
    const json = JSON.parse(renderResult(ok(sun), 'r1', { rows: 'named' }).text) as Record<string, unknown>;
    expect(json).toEqual({ result: 'r1', totalCount: 1, data: [sun[0]] });
    const view = renderResult(ok(forecast()), 'r3', { rows: 'named', tokenBudget: 512 });
    const parsed = JSON.parse(view.text) as { fields?: unknown; same: Record<string, unknown>; data: Item[] };
    expect(parsed.fields).toBeUndefined();
    expect(parsed.same).toEqual({ baseDate: '20250421', baseTime: '0800', nx: 60, ny: 127 });
    expect(parsed.data[0]).toEqual({ category: 'TMP', fcstDate: '20250421', fcstTime: '0900', fcstValue: '0' });
    // The names cost room: fewer rows fit the budget than as columns, and the text stays within it.
    expect(view.shown).toBeLessThan(renderResult(ok(forecast()), 'r3', { tokenBudget: 512 }).shown);
    expect(estimateTokens(view.text)).toBeLessThanOrEqual(512);
  });

  it('sizes the budget from the context: an eighth, between 256 and 4,096 tokens', () => {
    expect(resultTokenBudget(8192)).toBe(1024);
    expect(resultTokenBudget(32_768)).toBe(4096);
    expect(resultTokenBudget(131_072)).toBe(4096);
    expect(resultTokenBudget(1024)).toBe(256);
  });
});

describe('token estimate', () => {
  it('counts every digit and every Hangul syllable, four letters and two punctuation marks to a token', () => {
    expect(estimateTokens('20250421')).toBe(8);
    expect(estimateTokens('기온')).toBe(2);
    expect(estimateTokens('category')).toBe(2);
    expect(estimateTokens('","')).toBe(2);
    expect(estimateTokens('a b')).toBe(2);
    expect(estimateTokens('')).toBe(0);
  });
});
