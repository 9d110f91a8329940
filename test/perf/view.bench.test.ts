// Goals of the result-view issue: rendering what a model sees of a result, and the query tool over a 10,000-row
// result, each under 5 ms. Measured on real emulator answers (a 761-row KMA forecast, 67 MOLIT deals, 159 NMC
// hospitals) and on a 10,000-row result made of forecast rows. Prints what it measured.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../main/core/gateway/callResult.ts';
import { queryRows, type RowQuery } from '../../main/core/resultView/queryRows.ts';
import { renderResult } from '../../main/core/resultView/resultView.ts';
import { Engine } from '../../main/engine/Engine.ts';
import { tempDir } from '../helpers/tempDir.ts';

/** Median milliseconds of `fn` over `runs` runs, after a few warm-up runs. */
function median(runs: number, fn: () => unknown): number {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe('result view and query tool', () => {
  it('renders real results and queries 10,000 rows, each well under 5 ms', async () => {
    const engine = Engine.open({ dataDir: tempDir(), emulator: { now: () => new Date('2025-04-21T01:30:00Z') } });
    try {
      const g = engine.gateway();
      const results: [string, CallResult][] = [
        ['KMA 단기예보', await g.call('kma.getVilageFcst', { base_date: '20250421', base_time: '0800', nx: 60, ny: 127, numOfRows: 1000 })],
        ['MOLIT 매매', await g.call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11440', DEAL_YMD: '202503', numOfRows: 1000 })],
        ['NMC 병·의원', await g.call('nmc.getHsptlMdcncListInfoInqire', { Q0: '서울특별시', Q1: '중구', numOfRows: 1000 })],
      ];
      const forecast = results[0]![1];
      const big: CallResult = {
        ...forecast,
        items: Array.from({ length: 10_000 }, (_, i) => ({ ...forecast.items[i % forecast.items.length]!, fcstDate: String(20250421 + Math.floor(i / 761)) })),
        totalCount: 10_000,
      };
      results.push(['10,000 rows', big]);
      for (const [name, result] of results) {
        const view = renderResult(result, 'r1');
        const ms = median(200, () => renderResult(result, 'r1'));
        console.log(`render ${name}: ${result.items.length} rows → ${view.shown} shown, ${view.text.length} characters, ${ms.toFixed(3)} ms (goal < 5 ms)`);
        expect(view.shown).toBeGreaterThan(0);
      }
      const queries: [string, RowQuery][] = [
        [
          'filter (category = TMX and a date)',
          {
            result: 'r1',
            where: [
              { field: 'category', op: '=', value: 'TMX' },
              { field: 'fcstDate', op: '=', value: '20250425' },
            ],
          },
        ],
        ['sort by value, top 1', { result: 'r1', orderBy: 'fcstValue', order: 'desc', limit: 1 }],
        ['aggregate avg of TMP', { result: 'r1', where: [{ field: 'category', op: '=', value: 'TMP' }], aggregate: 'avg', field: 'fcstValue' }],
      ];
      for (const [name, query] of queries) {
        const out = queryRows(big.items, query);
        const ms = median(100, () => queryRows(big.items, query));
        const rendered = median(100, () => {
          const r = queryRows(big.items, query);
          return r.ok ? renderResult({ ok: true, items: r.items, totalCount: r.totalCount, error: null }, 'r2') : undefined;
        });
        console.log(
          `query over 10,000 rows, ${name}: ${out.ok ? out.totalCount : 'error'} rows; ${ms.toFixed(3)} ms, ${rendered.toFixed(3)} ms with its view (goal < 5 ms)`,
        );
        expect(out.ok).toBe(true);
      }
    } finally {
      await engine.dispose();
    }
  });
});
