// The query tool over an episode's earlier results: conditions, sorting, fields, paging and aggregates behave as a
// user reading the rows would expect; every field it names must exist; handles are given in order and only to
// results that came back.
import { describe, expect, it } from 'vitest';
import { sayRecorded } from '../../../main/core/i18n/strings.ts';
import { sayCallError } from '../../../main/core/catalog/sayViolation.ts';
import type { CallResult, Item } from '../../../main/core/gateway/callResult.ts';
import { EpisodeResults, lastHandle } from '../../../main/core/resultView/EpisodeResults.ts';
import { queryRows } from '../../../main/core/resultView/queryRows.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const deals: Item[] = [
  { aptNm: '역삼자이', dealAmount: 119470, floor: 17, excluUseAr: 49.8, cdealType: null },
  { aptNm: '도곡자이', dealAmount: 75100, floor: 23, excluUseAr: 39.6, cdealType: '' },
  { aptNm: '대치벽산', dealAmount: 97840, floor: 7, excluUseAr: 84.9, cdealType: 'O' },
  { aptNm: '도곡자이', dealAmount: 109610, floor: 18, excluUseAr: 84.9, cdealType: null },
  { aptNm: '은마', dealAmount: 119470, floor: 3, excluUseAr: 76.8, cdealType: null },
];

const rows = (q: Parameters<typeof queryRows>[1]): Item[] => {
  const out = queryRows(deals, q);
  if (!out.ok) throw new Error(out.said.key);
  return out.items;
};

describe('queryRows', () => {
  it('keeps the rows that meet every condition, comparing numbers as numbers and numeric text as numbers', () => {
    expect(
      rows({
        result: 'r1',
        where: [
          { field: 'excluUseAr', op: '>=', value: 80 },
          { field: 'excluUseAr', op: '<', value: 90 },
        ],
      }).map((r) => r.aptNm),
    ).toEqual(['대치벽산', '도곡자이']);
    expect(rows({ result: 'r1', where: [{ field: 'floor', op: '>', value: '17' }] }).map((r) => r.floor)).toEqual([23, 18]);
    expect(rows({ result: 'r1', where: [{ field: 'aptNm', op: 'contains', value: '자이' }] })).toHaveLength(3);
    expect(rows({ result: 'r1', where: [{ field: 'aptNm', op: '!=', value: '도곡자이' }] })).toHaveLength(3);
  });

  it('treats an empty field as equal only to an empty value', () => {
    expect(rows({ result: 'r1', where: [{ field: 'cdealType', op: '!=', value: '' }] }).map((r) => r.aptNm)).toEqual(['대치벽산']);
    expect(rows({ result: 'r1', where: [{ field: 'cdealType', op: '=', value: '' }] })).toHaveLength(4);
    expect(rows({ result: 'r1', where: [{ field: 'cdealType', op: '>', value: 'A' }] }).map((r) => r.aptNm)).toEqual(['대치벽산']);
  });

  it('sorts either way with empty fields last and ties in the order the API gave', () => {
    expect(rows({ result: 'r1', orderBy: 'dealAmount', order: 'desc' }).map((r) => r.aptNm)).toEqual(['역삼자이', '은마', '도곡자이', '대치벽산', '도곡자이']);
    expect(rows({ result: 'r1', orderBy: 'cdealType' }).map((r) => r.cdealType)).toEqual(['O', null, '', null, null]);
    expect(rows({ result: 'r1', orderBy: 'aptNm' }).map((r) => r.aptNm)).toEqual(['대치벽산', '도곡자이', '도곡자이', '역삼자이', '은마']);
  });

  it('gives the same first rows of a long result whether it sorts all of them or keeps only the best', () => {
    const many: Item[] = Array.from({ length: 400 }, (_, i) => ({ id: i, v: i % 7 === 0 ? null : (i * 37) % 11, t: `${(i * 13) % 5}` }));
    for (const order of ['asc', 'desc'] as const) {
      for (const orderBy of ['v', 't']) {
        const all = queryRows(many, { result: 'r1', orderBy, order, limit: 100, offset: 0 });
        const top = queryRows(many, { result: 'r1', orderBy, order, limit: 5, offset: 2 });
        expect(top.ok && all.ok && top.items).toEqual(all.ok && all.items.slice(2, 7));
      }
    }
  });

  it('keeps chosen fields, pages with limit and offset, and totals the matching rows', () => {
    const out = queryRows(deals, { result: 'r1', orderBy: 'floor', order: 'desc', fields: ['aptNm', 'floor'], limit: 2, offset: 1 });
    expect(out).toEqual({
      ok: true,
      items: [
        { aptNm: '도곡자이', floor: 18 },
        { aptNm: '역삼자이', floor: 17 },
      ],
      totalCount: 5,
    });
  });

  it('counts, and takes the min, max, sum and mean of a field over the matching rows', () => {
    expect(rows({ result: 'r1', aggregate: 'count', where: [{ field: 'aptNm', op: '=', value: '도곡자이' }] })).toEqual([{ count: 2 }]);
    expect(rows({ result: 'r1', aggregate: 'max', field: 'dealAmount' })).toEqual([{ field: 'dealAmount', max: 119470, rows: 5 }]);
    expect(rows({ result: 'r1', aggregate: 'min', field: 'excluUseAr' })).toEqual([{ field: 'excluUseAr', min: 39.6, rows: 5 }]);
    expect(rows({ result: 'r1', aggregate: 'sum', field: 'floor' })).toEqual([{ field: 'floor', sum: 68, rows: 5 }]);
    expect(rows({ result: 'r1', aggregate: 'avg', field: 'excluUseAr' })).toEqual([{ field: 'excluUseAr', avg: 67.2, rows: 5 }]);
    expect(queryRows([{ v: '12' }, { v: '강수없음' }, { v: '3' }], { result: 'r1', aggregate: 'max', field: 'v' })).toEqual({
      ok: true,
      items: [{ field: 'v', max: '12', rows: 2 }],
      totalCount: 1,
    });
  });

  it('names the fields a result has when a query names one it does not, and asks for the field of an aggregate', () => {
    const out = queryRows(deals, { result: 'r2', where: [{ field: 'price', op: '>', value: 1 }] });
    expect(out).toEqual({
      ok: false,
      said: { key: 'query.unknownFields', vars: { result: 'r2', unknown: 'price', known: 'aptNm, dealAmount, floor, excluUseAr, cdealType' } },
    });
    expect(queryRows(deals, { result: 'r2', aggregate: 'avg' })).toEqual({ ok: false, said: { key: 'query.aggregateNeedsField', vars: { aggregate: 'avg' } } });
  });
});

describe('episode results', () => {
  const result = (items: Item[], ok = true): CallResult => ({
    ok,
    tool: 't',
    source: 'emulator',
    items,
    totalCount: items.length,
    page: null,
    resultCode: null,
    resultMessage: null,
    error: ok ? null : { kind: 'Upstream', message: '503', retryable: true },
    warnings: [],
    requestHash: '',
    latencyMs: 0,
  });

  it('gives results the handles r1, r2, … in order, none to a failure, and queries them by handle', async () => {
    const answers = [result(deals), result([], false), result([{ x: 1 }])];
    const episode = new EpisodeResults(async () => answers.shift()!, { catalog: bundledCatalog() });
    expect((await episode.run('molit.getRTMSDataSvcAptTradeDev', {})).view.handle).toBe('r1');
    expect((await episode.run('molit.getRTMSDataSvcAptTradeDev', {})).view.handle).toBeNull();
    expect((await episode.run('kasi.getRestDeInfo', {})).view.handle).toBe('r2');
    const q = await episode.run('local.queryRows', { result: 'r1', orderBy: 'dealAmount', order: 'asc', limit: 1 });
    expect(q.result).toMatchObject({ ok: true, source: 'local', items: [{ aptNm: '도곡자이', dealAmount: 75100 }], totalCount: 5 });
    expect(q.view.handle).toBe('r3');
    expect(episode.rowsOf('r1')).toHaveLength(5);
  });

  it('answers a query it cannot run with an error the model can act on', async () => {
    const episode = new EpisodeResults(async () => result(deals), { catalog: bundledCatalog() });
    await episode.run('molit.getRTMSDataSvcAptTradeDev', {});
    const unknown = await episode.run('local.queryRows', { result: 'r9' });
    expect(unknown.result.error).toMatchObject({ kind: 'InvalidParam', message: 'r9라는 결과가 없습니다. 조회할 수 있는 결과: r1' });
    // A screen says it in its own language.
    expect(sayRecorded('en', unknown.result.error?.said, '')).toBe('There is no result r9. Results that can be queried: r1');
    const bad = await episode.run('local.queryRows', { result: 'r1', where: [{ field: 'floor', op: 'between', value: 1 }] });
    expect(bad.result.error?.message).toContain('스키마에 맞지 않습니다');
    const english = sayCallError('en', bad.result.error!);
    expect(english).toMatch(/^The arguments of \S+ do not fit its schema: \/where\/0\/op /);
    expect(english).not.toMatch(/[\uac00-\ud7a3]/);
    expect(sayCallError('ko', bad.result.error!)).toMatch(/스키마에 맞지 않습니다: \/where\/0\/op .*[\uac00-\ud7a3]/);
    expect(sayCallError('ko', bad.result.error!)).not.toContain('must be');
    expect(bad.view.handle).toBeNull();
  });

  it('continues the numbering of a conversation that already showed handles', async () => {
    expect(lastHandle(['{"result":"r4","totalCount":1}', '{"ok":false}', '{"result":"r2"}'])).toBe(4);
    const episode = new EpisodeResults(async () => result(deals), { catalog: bundledCatalog(), after: 4 });
    expect((await episode.run('molit.getRTMSDataSvcAptTradeDev', {})).view.handle).toBe('r5');
  });
});
