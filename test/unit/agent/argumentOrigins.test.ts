// Where a call's arguments came from, as the chat's call card shows it.
import { describe, expect, it } from 'vitest';
import { argumentOrigins } from '../../../main/core/agent/argumentOrigins.ts';
import { resultPreview } from '../../../main/core/resultView/resultPreview.ts';

describe('argument origins', () => {
  const kinds: Record<string, string> = { region_cd: 'region.legalDong10', code: 'region.legalDong10', nx: 'kma.nx', ny: 'kma.ny', dateKind: 'kasi.dateKind' };
  const seen = (handle: string, rows: Record<string, unknown>[]) => ({ handle, rows, kindOf: (field: string) => kinds[field] });
  const params: Record<string, string> = { admCd: 'region.legalDong10', nx: 'kma.nx', solMonth: 'date.mm', query: 'region.sigunguName' };

  it('names the question, or the newest result whose one field holding the value is of its kind', () => {
    const earlier = [
      seen('r1', [{ region_cd: '1111010100', locatadd_nm: '서울특별시 종로구 청운동' }]),
      seen('r2', [{ code: 1111010100 }, { nx: 60, ny: 127 }]),
    ];
    const origins = argumentOrigins(
      { admCd: '1111010100', DEAL_YMD: '202503', nx: 60, pageNo: 1, query: '종로구' },
      '종로구 아파트 3월 거래',
      earlier,
      (p) => params[p],
    );
    expect(origins).toEqual({
      admCd: { from: 'result', handle: 'r2', field: 'code' },
      nx: { from: 'result', handle: 'r2', field: 'nx' },
      query: { from: 'question' },
    });
  });

  it('takes no value that merely equals another kind of field, or two fields at once: the model chose it', () => {
    // A month 01 is not a holiday row's kind code 01, however equal.
    const holidays = seen('r1', [{ dateKind: '01', locdate: 20250101 }]);
    expect(argumentOrigins({ solMonth: '01' }, '설날은 언제예요?', [holidays], (p) => params[p])).toEqual({});
    // A grid x of 60 where the same row's y is also 60 could be either.
    expect(argumentOrigins({ nx: 60 }, '날씨', [seen('r1', [{ nx: 60, ny: 60 }])], (p) => params[p])).toEqual({});
  });

  it('leaves a value found nowhere without an origin rather than guessing', () => {
    expect(argumentOrigins({ stationName: '중구', numOfRows: 100 }, '오늘 미세먼지', [], () => undefined)).toEqual({});
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

  it("puts the catalog's fields before a service's row numbers and codes, which fill only the columns left", () => {
    const rows = [{ rnum: 1, dutyDiv: 'R', dutyName: '온누리약국', dutyTime6s: '0900', dutyTime6c: '1800' }];
    const headline = ['dutyTime6s', 'dutyTime6c'];
    const documented = ['dutyName', 'dutyTime6s', 'dutyTime6c'];
    expect(resultPreview(rows, 1, { headline, documented }).columns).toEqual(['dutyTime6s', 'dutyTime6c', 'dutyName', 'rnum', 'dutyDiv']);
    expect(resultPreview(rows, 1, { headline, documented, columns: 3 }).columns).toEqual(['dutyTime6s', 'dutyTime6c', 'dutyName']);
  });
});
