// Final answers are free Korean text: the comparators must accept the ways people state a correct value
// (억/만원, dates without a year, 오후 times, 서울 for 서울특별시) and reject near misses.
import { describe, expect, it } from 'vitest';
import { compareAnswer, isDecline, polarity } from '../../../main/core/bench/comparators.ts';
import { findDates, findTimes } from '../../../main/core/bench/koreanDates.ts';
import { findNumbers } from '../../../main/core/bench/koreanNumbers.ts';
import type { AnswerSpec } from '../../../main/core/plan/types.ts';
import { translate } from '../../../main/core/i18n/strings.ts';

const spec = (compare: AnswerSpec['compare'], tolerance?: number): AnswerSpec => ({ expr: 'x', compare, ...(tolerance !== undefined ? { tolerance } : {}) });
const passes = (s: AnswerSpec, expected: unknown, answer: string, unit?: string): boolean => compareAnswer(s, expected, answer, { year: 2025, unit }).pass;

describe('numbers', () => {
  it('reads Korean units and commas', () => {
    expect(findNumbers('8억 2,500만 원').map((n) => n.value)).toEqual([825_000_000]);
    expect(findNumbers('3만 5천명, 1.2억').map((n) => n.value)).toEqual([35_000, 120_000_000]);
    expect(findNumbers('PM10은 −12 아래').map((n) => n.value)).toEqual([-12]);
  });

  it('compares a 만원 amount however the answer writes it', () => {
    for (const answer of ['8억 2,500만원에 거래됐습니다.', '82,500만 원', '최고가는 82500(만원)입니다', '825,000,000원'])
      expect(passes(spec('number'), 82500, answer, '만원'), answer).toBe(true);
    expect(passes(spec('number'), 82500, '8억 2천만원', '만원')).toBe(false);
  });

  it('honours a tolerance and rejects other numbers', () => {
    expect(passes(spec('number', 0.6), 29.4, '평균 29.8㎍/㎥입니다')).toBe(true);
    expect(passes(spec('number', 0.6), 29.4, '평균은 31㎍/㎥')).toBe(false);
    expect(passes(spec('number'), 49, '모두 49건이었습니다.')).toBe(true);
    expect(passes(spec('number'), 49, '모두 48건이었습니다.')).toBe(false);
  });
});

describe('dates and times', () => {
  it('reads dates with or without a year, lists that drop the month, and day ranges', () => {
    expect(findDates('2025년 5월 5일과 2025-05-06', 2025)).toEqual(['20250505', '20250506']);
    expect(findDates('10월 5일, 6일, 7일과 대체공휴일 8일', 2025)).toEqual(['20251005', '20251006', '20251007', '20251008']);
    expect(findDates('10월 5일부터 8일까지 쉽니다', 2025).sort()).toEqual(['20251005', '20251006', '20251007', '20251008']);
    expect(findDates('2월 30일', 2025)).toEqual([]);
  });

  it('reads clock times in 24-hour and 오전/오후 forms', () => {
    expect(findTimes('오전 5시 49분에 뜨고 오후 7시 12분에 집니다')).toEqual(['0549', '1912']);
    expect(findTimes('17:19')).toEqual(['1719']);
    expect(findTimes('오후 3시 반')).toEqual(['1530']);
  });

  it('compares a locdate and a sunrise with what the answer says', () => {
    expect(passes(spec('string'), '20250505', '다음 달 첫 공휴일은 5월 5일 어린이날입니다.')).toBe(true);
    expect(passes(spec('string'), '20250505', '5월 6일입니다.')).toBe(false);
    expect(passes(spec('string'), '0549', '해는 오전 5시 49분에 뜹니다.')).toBe(true);
    expect(passes(spec('string'), '1719', '오후 5시 19분')).toBe(true);
    expect(passes(spec('string'), '1719', '오후 5시 29분')).toBe(false);
    expect(passes(spec('set'), ['20251005', '20251006', '20251007', '20251008'], '10월 5일부터 7일까지 추석 연휴이고, 8일은 대체공휴일입니다.')).toBe(true);
    expect(passes(spec('set'), ['20251005', '20251006', '20251007', '20251008'], '10월 5일부터 7일까지입니다.')).toBe(false);
  });
});

describe('names', () => {
  it('treats 시도 and 시군구 variants as the same place, and ignores spacing and punctuation', () => {
    expect(passes(spec('string'), '서울특별시 강남구', '서울 강남구입니다')).toBe(true);
    expect(passes(spec('string'), '강원특별자치도 강릉시', '강원도 강릉시요')).toBe(true);
    expect(passes(spec('string'), '경기도 수원시 팔달구', '경기 수원 팔달구')).toBe(true);
    expect(passes(spec('string'), '역삼자이', '가장 비싼 단지는 "역삼 자이"입니다.')).toBe(true);
    expect(passes(spec('string'), '광주광역시', '경기도 광주시입니다')).toBe(false);
    expect(passes(spec('string'), '광주광역시 서구', '광주광역시 서구입니다')).toBe(true);
    expect(passes(spec('string'), '광주광역시 서구', '광주 서구입니다')).toBe(false);
    expect(passes(spec('string'), '1048604812', '104-86-04812가 폐업했습니다')).toBe(true);
  });

  it('needs every member of a set, numbers and names alike', () => {
    expect(passes(spec('set'), ['서대문구', 0.053], '서대문구 측정소이고 오존은 0.053ppm입니다.')).toBe(true);
    expect(passes(spec('set'), ['서대문구', 0.053], '서대문구 측정소입니다.')).toBe(false);
  });
});

describe('yes, no and declining', () => {
  it('reads the polarity of an answer', () => {
    expect(polarity('네, 공휴일입니다.')).toBe(true);
    expect(polarity('6월 3일은 대통령 선거일로 공휴일입니다.')).toBe(true);
    expect(polarity('아니요, 2025년에는 공휴일이 아닙니다.')).toBe(false);
    expect(polarity('제헌절은 쉬는 날이 아닙니다.')).toBe(false);
    expect(polarity('확인할 수 없습니다.')).toBeUndefined();
    expect(passes(spec('boolean'), true, '네, 쉬는 날이에요.')).toBe(true);
    expect(passes(spec('boolean'), 'N', '아니요.')).toBe(true);
  });

  it('recognises a refusal, and an invented answer is not one', () => {
    expect(isDecline('해당 정보는 제공되지 않습니다.')).toBe(true);
    expect(isDecline('2031년 공휴일 자료는 아직 없습니다.')).toBe(true);
    expect(passes(spec('decline'), 'decline', '대표자는 김민준입니다.')).toBe(false);
  });
});

describe('why a verdict was given', () => {
  it('says it in English for reports and JSON and from the same catalogue key in Korean for the window', () => {
    const say = (s: AnswerSpec, expected: unknown, answer: string, unit?: string) => {
      const c = compareAnswer(s, expected, answer, { year: 2025, unit });
      return [c.detail, translate('ko', c.said.key, c.said.vars)];
    };
    expect(say(spec('number'), 1, '7건입니다.')).toEqual(['does not state 1', '답에 1이(가) 없습니다']);
    expect(say(spec('number', 5), 120, '100만원', '만원')).toEqual(['does not state 120만원 ± 5', '답에 120만원 ± 5이(가) 없습니다']);
    expect(say(spec('set'), ['어린이날', '부처님오신날'], '어린이날입니다')).toEqual(['missing 부처님오신날', '답에 없는 값: 부처님오신날']);
    expect(say(spec('boolean'), true, '아니요, 공휴일이 아닙니다')).toEqual(['expected yes, the answer says no', '기대한 답은 예인데 답은 아니오라고 합니다']);
    expect(say(spec('decline'), null, '찾을 수 없습니다')).toEqual(['declined, as it should', '없다고 답했습니다 (이 과제가 바라는 대로)']);
  });
});

describe('committing to an answer', () => {
  const candidates = (competitors: unknown[], shown: unknown[] = []): { competitors: unknown[]; shown: unknown[] } => ({ competitors, shown });
  const judge = (s: AnswerSpec, expected: unknown, answer: string, ctx: Partial<Parameters<typeof compareAnswer>[3]> = {}): ReturnType<typeof compareAnswer> =>
    compareAnswer(s, expected, answer, { year: 2025, ...ctx });

  it('refuses a hedge between the expected value and a competitor the results held, and says which', () => {
    const deposits = candidates([86700, 60400, 153500, 164700, 228600]);
    const hedge = judge(spec('number'), 230000, '보증금 후보: 86700, 60400, 153500, 164700, 230000, 228600만원', { unit: '만원', candidates: deposits });
    expect(hedge.pass).toBe(false);
    expect(translate('ko', hedge.said.key, hedge.said.vars)).toBe('답에 다른 후보 86700만원도 있습니다');
    expect(
      judge(spec('string'), '신천센트럴', '잠실아이파크, 풍납아이파크, 송파푸르지오, 신천센트럴 중 하나입니다', {
        candidates: candidates(['잠실아이파크', '풍납아이파크', '송파푸르지오']),
      }).pass,
    ).toBe(false);
    expect(judge(spec('contains'), '02-555-1610', '02-555-1610 또는 02-555-1611', { candidates: candidates(['02-555-1611']) }).pass).toBe(false);
    expect(judge(spec('set'), ['20251005', '20251006'], '10월 3일, 5일, 6일입니다', { candidates: candidates(['20251003']) }).pass).toBe(false);
  });

  it('refuses a guess among numbers no result showed, and keeps an answer that writes its value twice', () => {
    const request = { year: 2025, request: '서울 강남구 역삼동 반경 500m 안에 약국이 몇 곳 있어요?' };
    for (const answer of [
      '1, 2, 3 중 하나입니다.',
      '2곳 또는 3곳입니다.',
      '2~3곳 정도입니다.',
      '아마 2곳이거나 4곳입니다.',
      '후보: 01, 기독탄신일, 20261225, 2',
    ]) {
      const c = compareAnswer(spec('number'), 2, answer, request);
      expect(c.pass, answer).toBe(false);
      expect(c.said.key, answer).toBe('bench.verdict.alternatives');
    }
    expect(translate('ko', 'bench.verdict.alternatives', { value: '3곳' })).toBe('답 말고 3곳도 가능하다고 합니다');
    // The request's own numbers, calendar words and the value in another form are no alternatives.
    expect(compareAnswer(spec('number'), 2, '반경 500m 안에는 2곳이 있습니다. 또는 약국 목록에서 직접 확인하셔도 됩니다.', request).pass).toBe(true);
    expect(compareAnswer(spec('number'), 230000, '최고가는 23억 원, 또는 230,000만원입니다.', { year: 2025, unit: '만원' }).pass).toBe(true);
    expect(compareAnswer(spec('number'), 12, '5월 또는 6월 중 5월 기준으로 12건입니다.', { year: 2025 }).pass).toBe(true);
  });

  it('refuses another phone number offered beside the expected one, and keeps one said with context', () => {
    const c = compareAnswer(spec('contains'), '02-265-1639', '02-265-1639 또는 02-555-1611 또는 031-222-3333', { year: 2025 });
    expect(c.pass).toBe(false);
    expect(c.detail).toBe('offers 02-555-1611 as an alternative to the answer');
    expect(compareAnswer(spec('contains'), '02-265-1639', '문의는 02-265-1639(양천문화재단)로 하시면 됩니다.', { year: 2025 }).pass).toBe(true);
    expect(compareAnswer(spec('contains'), '02-265-1639', '02-265-1639로 전화하시거나, 또는 누리집에 문의하세요.', { year: 2025 }).pass).toBe(true);
  });

  it('keeps passing a natural answer with units, 억 amounts and other fields as context', () => {
    const deposits = candidates([86700, 60400, 153500, 164700, 228600], [86700, 60400, 153500, 164700, 228600, '신천센트럴', 134.5, 7]);
    expect(
      judge(spec('number'), 230000, '가장 높은 보증금은 23억 원(230,000만원)입니다. 신천센트럴 134.5㎡ 7층 거래입니다.', { unit: '만원', candidates: deposits })
        .pass,
    ).toBe(true);
    // "센트럴" inside the expected name is not a competitor's word.
    expect(judge(spec('string'), '신천센트럴', '신천센트럴입니다.', { candidates: candidates(['센트럴']) }).pass).toBe(true);
    // A month or a year is not an amount, even where a competitor's digits are the same.
    expect(judge(spec('number'), 9, '2025년 3월 거래 중 9층이 가장 비쌌습니다.', { candidates: candidates([3, 2025]) }).pass).toBe(true);
  });

  it('reads a rounded value as stated', () => {
    expect(passes(spec('number'), 50.083, '평균은 50.1㎍/㎥입니다')).toBe(true);
    expect(passes(spec('number'), 43295.149, '평균 4억 3,295만원', '만원')).toBe(true);
    expect(passes(spec('set'), [35.1450778, 128.7752849], '위도 35.145, 경도 128.775')).toBe(true);
    expect(passes(spec('number'), 50.083, '평균은 50.3입니다')).toBe(false);
    expect(passes(spec('number'), 44.042, '평균은 44㎍/㎥입니다')).toBe(true);
    expect(passes(spec('number'), 50.083, '평균은 50㎍/㎥입니다')).toBe(false);
  });

  it('refuses a listing of the results, an essay, "yes and no", and an answer behind a refusal', () => {
    const shown = candidates([], ['어린이날', '20250505', '부처님오신날', '대체공휴일', '20250506']);
    expect(judge(spec('number'), 2, '후보: 어린이날, 20250505, 2, 부처님오신날, 대체공휴일, 20250506', { candidates: shown }).detail).toMatch(/lists/);
    expect(judge(spec('number'), 2, '5월 5일 어린이날과 6일 대체공휴일, 모두 2일입니다.', { candidates: shown }).pass).toBe(true);
    expect(judge(spec('number'), 2, `2일입니다. ${'참고 사항입니다. '.repeat(400)}`, { candidates: shown }).detail).toMatch(/characters/);
    // Every field of a one-row result is a listing too, though one field reads like the count asked for.
    const oneRow = candidates([], ['01', '기독탄신일', 'true', '20261225']);
    expect(judge(spec('number'), 1, '후보: 01, 기독탄신일, true, 20261225, 1', { candidates: oneRow }).detail).toMatch(/lists/);
    expect(judge(spec('number'), 1, '12월 25일 기독탄신일 하루입니다. 1번이에요.', { candidates: oneRow }).pass).toBe(true);
    expect(judge(spec('boolean'), true, '네, 아니요 둘 다 가능합니다.').pass).toBe(false);
    expect(judge(spec('boolean'), false, '요청하신 정보는 찾을 수 없습니다.').pass).toBe(false);
    const request = '2026년 12월 서울 강남구 아파트 매매 최고가가 얼마였어요?';
    expect(judge(spec('decline'), 'decline', '데이터가 없습니다. 혹시 3월이라면 12건입니다.', { request }).detail).toMatch(/declines but also states 12/);
    expect(judge(spec('decline'), 'decline', '2026년 12월 자료는 아직 없어 알 수 없습니다.', { request }).pass).toBe(true);
  });
});
