// Where a call's arguments came from, as the chat's call card shows it.
import { describe, expect, it } from 'vitest';
import { argumentOrigins } from '../../../main/core/agent/argumentOrigins.ts';
import { resultPreview } from '../../../main/core/view/resultPreview.ts';

describe('argument origins', () => {
  it('names the question, or the newest result row that holds the value', () => {
    const earlier = [
      { handle: 'r1', rows: [{ region_cd: '1111010100', locatadd_nm: '서울특별시 종로구 청운동' }] },
      { handle: 'r2', rows: [{ code: 1111010100 }, { nx: 60, ny: 127 }] },
    ];
    const origins = argumentOrigins({ LAWD_CD: '1111010100', DEAL_YMD: '202503', nx: 60, pageNo: 1, query: '종로구' }, '종로구 아파트 3월 거래', earlier);
    expect(origins).toEqual({
      LAWD_CD: { from: 'result', handle: 'r2', field: 'code' },
      nx: { from: 'result', handle: 'r2', field: 'nx' },
      query: { from: 'question' },
    });
  });

  it('leaves a value found nowhere without an origin rather than guessing', () => {
    expect(argumentOrigins({ stationName: '중구', numOfRows: 100 }, '오늘 미세먼지', [])).toEqual({});
  });
});

describe('result preview', () => {
  it('keeps the first rows, the columns that hold something, short cells and the totals', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ name: `약국 ${i}`, addr: '가'.repeat(200), empty: '', tel: i % 2 ? null : '02-000' }));
    const preview = resultPreview(items, 120, { rows: 3 });
    expect(preview.columns).toEqual(['name', 'addr', 'tel']);
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[0]![1]).toHaveLength(120);
    expect(preview.rows[0]![1]!.endsWith('…')).toBe(true);
    expect(preview.rows[1]![2]).toBe('');
    expect(preview).toMatchObject({ returned: 8, total: 120 });
  });
});
