// The Korean a synthesized request is written in: particles after any word, values stated the way people
// state them, times and dates said well, and the issue times of KMA's schedules.
import { describe, expect, it } from 'vitest';
import { josa } from '../../../main/core/text/josa.ts';
import { mentionText } from '../../../main/core/synth/mentions.ts';
import { latestIssue, timelyArgs } from '../../../main/core/time/issueTimes.ts';
import { spokenValue } from '../../../main/core/synth/phrasing.ts';
import { remoteSpec } from '../../helpers/catalog.ts';

const AS_OF = new Date('2025-03-02T06:00:00Z'); // 15:00 KST, a Sunday

describe('josa', () => {
  it.each([
    ['건축물대장', '을/를', '건축물대장을'],
    ['사용승인일', '은/는', '사용승인일은'],
    ['기온', '이/가', '기온이'],
    ['주소', '이/가', '주소가'],
    ['서울', '으로/로', '서울로'],
    ['종로구', '으로/로', '종로구로'],
    ['역삼동', '으로/로', '역삼동으로'],
    ['PM10', '이/가', 'PM10이'],
    ['3', '은/는', '3은'],
    ['2', '은/는', '2는'],
    ["'강남구 역삼동'", '을/를', "'강남구 역삼동'을"],
    ['미세먼지(PM10) 농도', '이/가', '미세먼지(PM10) 농도가'],
  ] as const)('%s + %s → %s', (word, particle, expected) => {
    expect(josa(word, particle)).toBe(expected);
  });
});

describe('mentions', () => {
  it('states relative times as people do, against the asked moment', () => {
    expect(mentionText('molit.getRTMSDataSvcAptTradeDev', 'date.yyyymm', '202502', AS_OF)).toBe('지난달');
    expect(mentionText('molit.getRTMSDataSvcAptTradeDev', 'date.yyyymm', '202503', AS_OF)).toBe('이번 달');
    expect(mentionText('molit.getRTMSDataSvcAptTradeDev', 'date.yyyymm', '202410', AS_OF)).toBe('2024년 10월');
    expect(mentionText('kasi.getLCRiseSetInfo', 'date.yyyymmdd', '20250302', AS_OF)).toBe('오늘');
    expect(mentionText('kasi.getLCRiseSetInfo', 'date.yyyymmdd', '20250301', AS_OF)).toBe('2025년 3월 1일');
    expect(mentionText('kma.getUltraSrtNcst', 'kma.baseTime', '1400', AS_OF)).toBe('지금');
    expect(mentionText('kma.getVilageFcst', 'date.yyyymmdd', '20250302', AS_OF)).toBe('가장 최근에 발표된');
  });

  it('quotes search words, formats business numbers, and refuses codes a user would not know', () => {
    expect(mentionText('juso.addrLinkApi', 'address.keyword', '강남구 역삼동', AS_OF)).toBe("'강남구 역삼동'");
    expect(mentionText('nts.businessStatus', 'biz.bno10', ['2208162517'], AS_OF)).toBe('220-81-62517');
    expect(mentionText('airkorea.getMsrstnAcctoRltmMesureDnsty', 'airkorea.stationName', '종로구', AS_OF)).toBe('종로구 측정소');
    expect(mentionText('molit.getRTMSDataSvcAptTradeDev', 'region.lawdCd5', '11680', AS_OF)).toBeUndefined();
    expect(mentionText('tour.detailCommon2', 'tour.contentId', '126508', AS_OF)).toBeUndefined();
  });

  it('says times and dates well in answers', () => {
    expect(spokenValue('1830', 'time.hhmm')).toBe('18:30');
    expect(spokenValue('20031011', 'date.yyyymmdd')).toBe('2003년 10월 11일');
    expect(spokenValue(182000, 'money.manwon')).toBe('182,000');
  });
});

describe('KMA issue times', () => {
  it('asks for the latest issue that can be fetched', () => {
    // 15:00's observation appears at 15:10.
    expect(latestIssue('kma.getUltraSrtNcst', AS_OF)).toEqual({ date: '20250302', time: '1400' });
    expect(latestIssue('kma.getUltraSrtNcst', new Date('2025-03-02T06:15:00Z'))).toEqual({ date: '20250302', time: '1500' });
    expect(latestIssue('kma.getUltraSrtFcst', AS_OF)).toEqual({ date: '20250302', time: '1430' });
    expect(latestIssue('kma.getVilageFcst', AS_OF)).toEqual({ date: '20250302', time: '1400' });
    expect(latestIssue('kma.getVilageFcst', new Date('2025-03-01T17:05:00Z'))).toEqual({ date: '20250301', time: '2300' });
    expect(latestIssue('kma.getMidTa', AS_OF)).toEqual({ date: '20250302', time: '0600' });
    expect(latestIssue('molit.getRTMSDataSvcAptTradeDev', AS_OF)).toBeUndefined();
  });

  it("moves an example's frozen dates to now", () => {
    expect(timelyArgs(remoteSpec('kma.getVilageFcst'), { base_date: '20250301', base_time: '0500', nx: 60, ny: 127 }, AS_OF)).toEqual({
      base_date: '20250302',
      base_time: '1400',
      nx: 60,
      ny: 127,
    });
    expect(timelyArgs(remoteSpec('molit.getRTMSDataSvcAptTradeDev'), { LAWD_CD: '11110', DEAL_YMD: '202401' }, AS_OF)).toEqual({
      LAWD_CD: '11110',
      DEAL_YMD: '202502',
    });
    expect(timelyArgs(remoteSpec('kma.getMidTa'), { regId: '11B10101', tmFc: '202503010600' }, AS_OF)).toEqual({ regId: '11B10101', tmFc: '202503020600' });
  });
});
