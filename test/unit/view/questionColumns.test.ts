// A result with a column per weekday shows the days the question asks about, in place of the headline's Monday: the
// weekend's hours for a weekend question, tomorrow's weekday for "내일", the holiday hours for a holiday.
import { describe, expect, it } from 'vitest';
import { remoteSpec } from '../../helpers/catalog.ts';
import { daysAsked, headlineForQuestion } from '../../../main/core/resultView/questionColumns.ts';

// Friday 2026-12-04, 10:00 in Korea.
const AS_OF = new Date('2026-12-04T01:00:00Z');
const response = remoteSpec('nmc.getParmacyListInfoInqire').response;
const headline = (question: string): string[] => headlineForQuestion(response.headline!, response.fields, question, AS_OF);

describe('the columns a question asks about', () => {
  it("put a weekend's opening hours where the headline had Monday's", () => {
    expect(response.headline).toEqual(['dutyName', 'dutyAddr', 'dutyTel1', 'dutyTime1s', 'dutyTime1c']);
    expect(headline('이번 주말에 문 여는 강남구 약국 알려줘')).toEqual([
      'dutyName',
      'dutyAddr',
      'dutyTel1',
      'dutyTime6s',
      'dutyTime6c',
      'dutyTime7s',
      'dutyTime7c',
    ]);
    expect(headline('pharmacies open on Sunday in Jongno')).toEqual(['dutyName', 'dutyAddr', 'dutyTel1', 'dutyTime7s', 'dutyTime7c']);
  });

  it('read "내일" and "지금" as the weekday in Korea, and a holiday as the holiday hours', () => {
    expect(daysAsked('내일 여는 약국', AS_OF).map((d) => d.ko)).toEqual(['토요일']);
    expect(headline('지금 문 연 약국')).toContain('dutyTime5s');
    expect(headline('설 연휴에 여는 약국')).toEqual(['dutyName', 'dutyAddr', 'dutyTel1', 'dutyTime8s', 'dutyTime8c']);
  });

  it('keep the headline when the question names no day, or the tool has no day columns', () => {
    expect(headline('강남구 약국 목록')).toEqual(response.headline);
    expect(headlineForQuestion(['locdate', 'dateName'], { locdate: { type: 'string' }, dateName: { type: 'string' } }, '주말 공휴일', AS_OF)).toEqual([
      'locdate',
      'dateName',
    ]);
  });
});
