// The typed judge against answers written the way people write them: every usual form of a right value passes, typed
// and as a "정답:" line, and every wrong, hedged, fabricated or gamed claim fails — among them each shape the attack
// round found passing the old word-list comparator (issue: committed answers).
import { describe, expect, it } from 'vitest';
import { judgeClaim } from '../../../main/core/answer/judge.ts';
import { claimOfText, withoutAnswerLine } from '../../../main/core/answer/answerLine.ts';
import type { Claim } from '../../../main/core/answer/claim.ts';
import type { AnswerSpec } from '../../../main/core/plan/types.ts';
import { translate } from '../../../main/core/i18n/strings.ts';

/** 2025-10-08 (Wed) 11:10 KST, the moment of the 추석 substitute-holiday tasks. */
const asOf = new Date('2025-10-08T02:10:00Z');
const spec = (compare: AnswerSpec['compare'], extra: Partial<AnswerSpec> = {}): AnswerSpec => ({ expr: 'x', compare, ...extra });
const line = (value: string): Claim => ({ kind: 'text', value });

function judge(s: AnswerSpec, expected: unknown, claim: Claim | null, unit?: string): boolean {
  return judgeClaim(s, expected, claim, { asOf, ...(unit ? { unit } : {}) }).pass;
}

/** Each written value, as a "정답:" line, passes (or fails) against the expected one. */
function lines(s: AnswerSpec, expected: unknown, values: string[], unit?: string): Record<string, boolean> {
  return Object.fromEntries(values.map((v) => [v, judge(s, expected, claimOfText(`답변입니다.\n정답: ${v}`), unit)]));
}

const all = (values: string[], pass: boolean): Record<string, boolean> => Object.fromEntries(values.map((v) => [v, pass]));

describe('numbers', () => {
  it('converts 원, 만원 and 억원, reads Korean and English numerals, and refuses the right digits in the wrong unit', () => {
    const right = ['230,000만원', '23억 원', '23억', '230000', '2,300,000,000원', '2.3 billion won', '23억원입니다'];
    expect(lines(spec('number'), 230000, right, '만원')).toEqual(all(right, true));
    const wrong = ['230,000원', '230000원', '23만원', '2.3억', '23억 만원'];
    expect(lines(spec('number'), 230000, wrong, '만원')).toEqual(all(wrong, false));
    expect(judge(spec('number'), 230000, { kind: 'number', value: 230000, unit: '만원' }, '만원')).toBe(true);
    expect(judge(spec('number'), 230000, { kind: 'number', value: 2_300_000_000, unit: '원' }, '만원')).toBe(true);
    expect(judge(spec('number'), 230000, { kind: 'number', value: 230000, unit: '원' }, '만원')).toBe(false);
    expect(lines(spec('number'), 87000, ['8만 7천', '87,000', '8.7만'])).toEqual(all(['8만 7천', '87,000', '8.7만'], true));
  });

  it('reads 영하 and a minus as below zero, and a temperature without it as above', () => {
    expect(lines(spec('number'), -2.6, ['영하 2.6도', '-2.6℃', '−2.6 °C', '마이너스 2.6도', '2.6도', '영상 2.6도'], '℃')).toEqual({
      '영하 2.6도': true,
      '-2.6℃': true,
      '−2.6 °C': true,
      '마이너스 2.6도': true,
      '2.6도': false,
      '영상 2.6도': false,
    });
  });

  it('reads counts in digits and in words, and refuses a unit of another kind', () => {
    expect(lines(spec('number'), 2, ['2일', '이틀', '2', '두 곳', '2곳입니다.'])).toEqual(all(['2일', '이틀', '2', '두 곳', '2곳입니다.'], true));
    expect(lines(spec('number'), 82, ['82㎍/㎥', '82 μg/m³', '82%'], '㎍/㎥')).toEqual({ '82㎍/㎥': true, '82 μg/m³': true, '82%': false });
    expect(lines(spec('number'), 2, ['48시간'], '일')).toEqual({ '48시간': true });
    const native = ['마흔아홉 건', '마흔아홉건', '49건', '총 49건', '모두 49건입니다'];
    expect(lines(spec('number'), 49, native, '건')).toEqual(all(native, true));
    expect(lines(spec('number'), 49, ['마흔 건', '쉰 건', '스물아홉 건', '마흔아홉 건, 아니면 쉰 건'], '건')).toEqual(
      all(['마흔 건', '쉰 건', '스물아홉 건', '마흔아홉 건, 아니면 쉰 건'], false),
    );
    expect(lines(spec('number'), 21, ['스물한 개', '스무 개'], '개')).toEqual({ '스물한 개': true, '스무 개': false });
  });

  it('reads a unit written before the number: 섭씨 degrees, 초속 and 시속 speeds', () => {
    expect(lines(spec('number'), 16.4, ['섭씨 16.4도', '섭씨 16.4℃', '16.4도', '섭씨 영하 16.4도', '섭씨 16.4m'], '℃')).toEqual({
      '섭씨 16.4도': true,
      '섭씨 16.4℃': true,
      '16.4도': true,
      '섭씨 영하 16.4도': false,
      '섭씨 16.4m': false,
    });
    const speeds = ['초속 4.1m', '초속 4.1미터', '초속 4.1', '4.1m/s', '시속 14.76km'];
    expect(lines(spec('number'), 4.1, speeds, 'm/s')).toEqual(all(speeds, true));
    expect(lines(spec('number'), 4.1, ['4.1m', '시속 4.1km', '초속 4.1km', '4.1도'], 'm/s')).toEqual(all(['4.1m', '시속 4.1km', '초속 4.1km', '4.1도'], false));
  });

  it('refuses two values, a range, a hedge in words and a bound, whatever the words around them', () => {
    const hedges = ['49건, 혹시 50건일지도 몰라요', '49건에서 52건 사이', '49~52건', '49 또는 50', '아마 49건', '약 49건', '49건 이상', '49건 정도'];
    expect(lines(spec('number'), 49, hedges)).toEqual(all(hedges, false));
    expect(judge(spec('number'), 49, { kind: 'list', values: [49, 50] })).toBe(false);
    expect(judge(spec('number'), 49, { kind: 'list', values: [49] })).toBe(true);
  });

  it('holds a tolerance and reads a value written rounded as stating it', () => {
    expect(judge(spec('number', { tolerance: 0.6 }), 29.4, line('29.8㎍/㎥'))).toBe(true);
    expect(judge(spec('number', { tolerance: 0.6 }), 29.4, line('31'))).toBe(false);
    expect(judge(spec('number'), 50.083, line('50.1'))).toBe(true);
    expect(judge(spec('number'), 50.083, line('50'))).toBe(false);
    expect(judge(spec('number'), 43295.149, line('4억 3,295만원'), '만원')).toBe(true);
    expect(judge(spec('number'), 230352, line('23억'), '만원')).toBe(false);
  });

  it('refuses the opposite direction', () => {
    expect(judge(spec('number'), 21163, line('-21163명'))).toBe(false);
    expect(judge(spec('number'), 21163, line('21,163명'))).toBe(true);
  });
});

describe('dates and times', () => {
  it("reads a date in every usual form, relative ones against the episode's moment", () => {
    const right = [
      '2025-10-09',
      '2025년 10월 9일',
      '10월 9일',
      '10월 9일(목)',
      '10/9',
      'October 9',
      'Oct 9, 2025',
      '9 October 2025',
      '내일',
      '이번 주 목요일',
      '20251009',
      '9일',
      '10.9(목)',
      '10. 9.',
    ];
    expect(lines(spec('string'), '20251009', right)).toEqual(all(right, true));
    const wrong = ['10월 8일', '오늘', '10월 9일 수요일', '10월 9일 또는 10일', '10월 9일~10일', '한글날', '10.9(수)', '10.9'];
    expect(lines(spec('string'), '20251009', wrong)).toEqual(all(wrong, false));
    expect(judge(spec('string'), '20251009', { kind: 'date', value: '2025-10-09' })).toBe(true);
  });

  it('reads a clock time in 24- and 12-hour forms, and never a guess between two', () => {
    const time = spec('string', { as: 'time' });
    const right = ['17:19', '5:19 PM', '5:19pm', '오후 5시 19분', '17시 19분', '1719', '오후 5시 19분입니다'];
    expect(lines(time, '1719', right)).toEqual(all(right, true));
    expect(lines(time, '1719', ['05:19', '5시 19분', '오후 5시 29분', '17:19 또는 17:20'])).toEqual(
      all(['05:19', '5시 19분', '오후 5시 29분', '17:19 또는 17:20'], false),
    );
    expect(judge(time, '1500', { kind: 'time', value: '15:00' })).toBe(true);
    expect(judge(spec('string', { as: 'time' }), '0549', line('오전 5시 49분'))).toBe(true);
  });

  it('reads a range of times as one value, its end in the afternoon where it must be', () => {
    const range = spec('string', { as: 'timeRange' });
    expect(lines(range, '12시30분~13시30분', ['12시 30분부터 1시 30분까지', '12:30~13:30', '12:30-13:30', '오후 12시 30분부터 오후 1시 30분까지'])).toEqual(
      all(['12시 30분부터 1시 30분까지', '12:30~13:30', '12:30-13:30', '오후 12시 30분부터 오후 1시 30분까지'], true),
    );
    expect(lines(range, '10:00~21:00', ['오전 10시부터 오후 9시까지', '10 a.m. to 9 p.m.', '10:00~20:00', '10:00'])).toEqual({
      '오전 10시부터 오후 9시까지': true,
      '10 a.m. to 9 p.m.': true,
      '10:00~20:00': false,
      '10:00': false,
    });
    expect(judge(range, '10:00~21:00', { kind: 'list', values: ['10:00', '21:00'] })).toBe(true);
  });
});

describe('names', () => {
  it('accepts 시도 and 시군구 written any usual way, a registered short form, and spacing or quotes', () => {
    expect(judge(spec('string'), '서울특별시 강남구', line('서울 강남구'))).toBe(true);
    expect(judge(spec('string'), '대전광역시', { kind: 'name', value: '대전' })).toBe(true);
    expect(judge(spec('string'), '서대문구', { kind: 'name', value: '서대문' })).toBe(true);
    expect(judge(spec('string'), '부가가치세 간이과세자', line('간이과세자'))).toBe(true);
    expect(judge(spec('string'), '역삼자이', line('"역삼 자이"입니다'))).toBe(true);
    expect(judge(spec('string'), '02-265-1639', line('02 265 1639'))).toBe(true);
  });

  it('refuses another name, two names, a name with more words, and the question copied back', () => {
    expect(judge(spec('string'), '광주광역시', line('경기도 광주시'))).toBe(false);
    expect(judge(spec('string'), '부가가치세 간이과세자', line('간이과세자(세금계산서 발급사업자)'))).toBe(false);
    expect(judge(spec('string'), '청운동', line('청운동 아니면 우동'))).toBe(false);
    expect(judge(spec('string'), '청운동', { kind: 'list', values: ['청운동', '우동'] })).toBe(false);
    expect(judge(spec('string'), '해운대 문화광장', line('해운대 문화광장 또는 벡스코'))).toBe(false);
    expect(judge(spec('string'), '청운동', line('서울 종로구 청운동과 부산 해운대구 우동 중 어디가 더 나빠요?'))).toBe(false);
  });
});

describe('sets', () => {
  it('needs every member and no other, in any order and any usual form', () => {
    const chuseok = ['20251005', '20251006', '20251007', '20251008'];
    expect(lines(spec('set'), chuseok, ['10월 5일, 6일, 7일, 8일', '10월 5일부터 8일까지', '2025-10-08, 2025-10-05, 2025-10-06, 2025-10-07'])).toEqual(
      all(['10월 5일, 6일, 7일, 8일', '10월 5일부터 8일까지', '2025-10-08, 2025-10-05, 2025-10-06, 2025-10-07'], true),
    );
    expect(lines(spec('set'), chuseok, ['10월 5일부터 7일까지', '10월 3일부터 8일까지'])).toEqual({
      '10월 5일부터 7일까지': false,
      '10월 3일부터 8일까지': false,
    });
    const er = ['을지로병원', '수표세란병원'];
    expect(judge(spec('set'), er, { kind: 'list', values: ['수표세란병원', '을지로병원'] })).toBe(true);
    expect(judge(spec('set'), er, { kind: 'list', values: ['을지로병원', '수표세란병원', '청계중앙병원'] })).toBe(false);
    expect(judge(spec('set'), er, { kind: 'list', values: ['을지로병원'] })).toBe(false);
    expect(judge(spec('set'), ['서대문구', 0.053], line('서대문구, 0.053ppm'))).toBe(true);
    expect(judge(spec('set', { as: 'time' }), ['0538', '1905'], line('05:38, 19:05'))).toBe(true);
    expect(judge(spec('set'), [60, 127], line('60, 127, 128'))).toBe(false);
  });
});

describe('yes, no and declining', () => {
  it('takes yes or no as a boolean or as one of their written forms, and nothing between', () => {
    expect(judge(spec('boolean'), true, { kind: 'yesno', value: true })).toBe(true);
    expect(lines(spec('boolean'), false, ['아니요', '아니오', 'no', 'false', '아니요.'])).toEqual(all(['아니요', '아니오', 'no', 'false', '아니요.'], true));
    const neither = ['예, 아니요', '공휴일일 수도, 아닐 수도 있어요', '일요일은 휴진이에요', '확인할 수 없습니다'];
    expect(lines(spec('boolean'), false, neither)).toEqual(all(neither, false));
    expect(judge(spec('boolean'), 'N', line('아니요'))).toBe(true);
  });

  it('passes a decline only where one is asked, and a decline carries no value', () => {
    expect(judge(spec('decline'), true, { kind: 'decline', reason: '2031년 자료는 아직 없습니다.' })).toBe(true);
    const declines = [
      '확인 불가',
      '답할 수 없음',
      '알 수 없음',
      '확인할 수 없습니다',
      '확인 불가능합니다',
      '알 수 없어요',
      '제공할 수 없습니다.',
      '정확히 확인할 수 없습니다',
      '해당 정보 없음',
      '자료가 없습니다',
      '답변드릴 수 없습니다',
      '제공되지 않습니다',
    ];
    expect(lines(spec('decline'), true, declines)).toEqual(all(declines, true));
    // The same words on a task that has an answer decline it: a failure, not a pass.
    expect(lines(spec('number'), 49, ['확인할 수 없습니다', '확인할 수 없습니다. 아마 49건'])).toEqual(
      all(['확인할 수 없습니다', '확인할 수 없습니다. 아마 49건'], false),
    );
    expect(judge(spec('decline'), true, { kind: 'name', value: '김철수' })).toBe(false);
    expect(lines(spec('decline'), true, ['확인 불가, 아마 12건', '대표자는 김철수입니다. 그 외 정보는 없습니다.'])).toEqual(
      all(['확인 불가, 아마 12건', '대표자는 김철수입니다. 그 외 정보는 없습니다.'], false),
    );
    expect(judge(spec('number'), 49, { kind: 'decline', reason: '정확히 확인할 수 없습니다. 아마 49건 정도일 거예요.' })).toBe(false);
  });

  it('fails an answer that commits to nothing, however right its words', () => {
    expect(judge(spec('number'), 49, null)).toBe(false);
    expect(judge(spec('number'), 49, claimOfText('2025년 3월 강남구 아파트 매매는 49건입니다.'))).toBe(false);
    expect(claimOfText('설명은 이렇습니다.\n**정답:** 49건')).toEqual({ kind: 'text', value: '49건' });
    expect(claimOfText('Answer: 49')).toEqual({ kind: 'text', value: '49' });
    expect(withoutAnswerLine('모두 49건입니다.\n\n정답: 49건')).toBe('모두 49건입니다.');
  });
});

describe('why a verdict was given', () => {
  it('says it in English for reports and from the same catalogue key in Korean for the window', () => {
    const say = (s: AnswerSpec, expected: unknown, claim: Claim | null, unit?: string): [string, string] => {
      const j = judgeClaim(s, expected, claim, { asOf, ...(unit ? { unit } : {}) });
      return [j.detail, translate('ko', j.said.key, j.said.vars)];
    };
    expect(say(spec('number'), 49, line('49건에서 52건 사이'))).toEqual([
      'states 2 values where one is asked: 49건에서 52건 사이',
      '값 하나를 물었는데 2개를 답했습니다: 49건에서 52건 사이',
    ]);
    expect(say(spec('number'), 230000, line('230,000원'), '만원')).toEqual(['23 is not the expected 230000', '23은(는) 기대한 230000이(가) 아닙니다']);
    expect(say(spec('number'), 49, null)[0]).toMatch(/no committed answer/);
  });
});
