// A plan is fair to a model only if what it computes is determined by the rows the result view shows. The first
// row, a first match among the shown rows or a total pass; a maximum, a mean or a count over every row, or a row
// beyond the view, fail, and the failure names the step, the expression and the row that was needed.
import { describe, expect, it } from 'vitest';
import type { Plan, TraceStep } from '../../../main/core/plan/types.ts';
import { describeHidden, hiddenRead } from '../../../main/core/plan/visibility.ts';

const VIEW = { tokenBudget: 300 };
const stations = Array.from({ length: 100 }, (_, i) => ({ stationName: `측정소${i + 1}`, pm10Value: i === 70 ? 180 : 20 + (i % 9) }));
const s1: TraceStep = {
  id: 's1',
  tool: 'airkorea.getCtprvnRltmMesureDnsty',
  args: { sidoName: '서울' },
  ok: true,
  items: stations,
  totalCount: 100,
  resultCode: '00',
  errorKind: null,
  latencyMs: 1,
  handle: 'r1',
};
const s2: TraceStep = {
  id: 's2',
  tool: 'airkorea.getMsrstnAcctoRltmMesureDnsty',
  args: { stationName: '측정소1' },
  ok: true,
  items: [{ pm10Value: 31 }],
  totalCount: 1,
  resultCode: '00',
  errorKind: null,
  latencyMs: 1,
  handle: 'r2',
};

const plan = (arg: string, answer: string): Plan => ({
  version: 1,
  steps: [
    { id: 's1', tool: s1.tool, args: { sidoName: { value: '서울' } } },
    { id: 's2', tool: s2.tool, args: { stationName: { expr: arg } } },
  ],
  answer: { expr: answer, compare: 'number' },
});

describe('visible-oracle check', () => {
  it('passes the first row, a first match among the shown rows, and the total', async () => {
    expect(await hiddenRead(plan('s1.items[0].stationName', 's2.items[0].pm10Value'), [s1, s2], VIEW)).toBeUndefined();
    expect(await hiddenRead(plan("s1.items[stationName='측정소3'][0].stationName", 's1.totalCount'), [s1, s2], VIEW)).toBeUndefined();
  });

  it('fails a maximum over every row, naming the row it needed', async () => {
    const hidden = await hiddenRead(plan('s1.items[pm10Value = $max($$.s1.items.pm10Value)][0].stationName', 's2.items[0].pm10Value'), [s1, s2], VIEW);
    expect(hidden).toMatchObject({ step: 's2', what: 'stationName', full: '측정소71', row: expect.stringMatching(/^s1 row 71 of 100 \(rows 1–\d+ shown\)$/) });
    expect(describeHidden(hidden!)).toMatch(/^s2\.stationName reads rows the view hides: .* is "측정소71" over all rows/);
  });

  it('fails a maximum that happens to be among the shown rows too: the model could not know it is the maximum', async () => {
    const lucky = stations.map((s, i) => ({ ...s, pm10Value: i === 0 ? 500 : s.pm10Value }));
    const hidden = await hiddenRead(plan('s1.items[0].stationName', '$max(s1.items.pm10Value)'), [{ ...s1, items: lucky }, s2], VIEW);
    expect(hidden).toMatchObject({ step: 'answer', full: 500, reading: 'the hidden rows raised' });
  });

  it('fails a count or a mean over every row, and a row beyond the view', async () => {
    expect(await hiddenRead(plan('s1.items[0].stationName', '$count(s1.items[pm10Value > 25])'), [s1, s2], VIEW)).toMatchObject({
      step: 'answer',
      reading: 'the shown rows alone',
      row: expect.stringMatching(/^all 100 rows of s1/),
    });
    expect(await hiddenRead(plan('s1.items[0].stationName', '$average(s1.items.pm10Value)'), [s1, s2], VIEW)).toMatchObject({ step: 'answer' });
    expect(await hiddenRead(plan('s1.items[90].stationName', 's2.items[0].pm10Value'), [s1, s2], VIEW)).toMatchObject({
      step: 's2',
      row: expect.stringMatching(/^s1 row 91 of 100/),
    });
  });

  it('fails a maximum over a filtered result and the earliest by a text date, even when the deciding row is shown', async () => {
    // Every hidden row is in another district: changing all of a hidden row's fields at once makes it fail the filter
    // too, so only a copy of a shown row with the one field raised shows that a hidden 강남 row could be dearer.
    const deals = Array.from({ length: 100 }, (_, i) => ({ gu: i < 10 ? '강남' : '서초', price: i === 0 ? 900 : 100 + i }));
    const filtered = await hiddenRead(plan('s1.items[0].gu', "$max(s1.items[gu = '강남'].price)"), [{ ...s1, items: deals }, s2], VIEW);
    expect(filtered).toMatchObject({ step: 'answer', full: 900, reading: 'the hidden rows as shown rows with price raised' });
    const festivals = Array.from({ length: 100 }, (_, i) => ({
      title: `축제${i}`,
      start: `2025${String(5 + Math.floor(i / 28)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    const earliest = await hiddenRead(
      plan('$sort(s1.items, function($a, $b){ $a.start > $b.start })[0].title', 's2.items[0].pm10Value'),
      [{ ...s1, items: festivals }, s2],
      VIEW,
    );
    expect(earliest).toMatchObject({ step: 's2', reading: expect.stringMatching(/^the hidden rows as (shown rows|the last shown row) with start /) });
  });

  it('passes anything over a result the view shows whole', async () => {
    const few: TraceStep = { ...s1, items: stations.slice(0, 5), totalCount: 5 };
    expect(
      await hiddenRead(plan('s1.items[pm10Value = $max($$.s1.items.pm10Value)][0].stationName', '$count(s1.items[pm10Value > 25])'), [few, s2], VIEW),
    ).toBeUndefined();
  });
});
