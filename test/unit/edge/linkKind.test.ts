// Which links are dependencies, on the bundled catalog: the ones the issue found "verified" though no analyst would
// say one call depends on the other are format-only; codes, coordinates and an event's date stay dependencies.
import { describe, expect, it } from 'vitest';
import { linkClassifier } from '../../../main/core/edges/linkKind.ts';
import { linkWords, trialSentence } from '../../../main/core/edges/linkWords.ts';
import type { EdgeKey } from '../../../main/core/edges/types.ts';
import { loadCatalog } from '../../../main/engine/catalog/loadCatalog.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';

const { catalog, vocabulary } = loadCatalog({ resourcesDir: defaultResourcesDir() });
const classify = linkClassifier(catalog.list(), vocabulary);
const link = (from: string, fields: string[], to: string, params: string[], transform = 'identity'): EdgeKey => ({
  fromTool: from,
  fromFields: fields,
  toTool: to,
  toParams: params,
  transform,
});

describe('link kinds', () => {
  it('call a date, a month or an issue time carried into another tool format-only', () => {
    expect(classify(link('kma.getVilageFcst', ['baseDate'], 'molit.getRTMSDataSvcAptTradeDev', ['DEAL_YMD'], 'yyyymmdd→yyyymm'))).toBe('format');
    expect(classify(link('kma.getVilageFcst', ['fcstDate'], 'tour.searchFestival2', ['eventEndDate']))).toBe('format');
    expect(classify(link('kasi.getRestDeInfo', ['locdate'], 'molit.getRTMSDataSvcAptTradeDev', ['DEAL_YMD'], 'yyyymmdd→yyyymm'))).toBe('format');
    expect(classify(link('hira.getHospBasisList', ['estbDd'], 'kasi.getLCRiseSetInfo', ['locdate']))).toBe('format');
    expect(classify(link('kma.getUltraSrtNcst', ['baseTime'], 'kma.getVilageFcst', ['base_time']))).toBe('format');
  });

  it('call codes, coordinates, names and an event date the source defines dependencies', () => {
    expect(classify(link('juso.addrLinkApi', ['admCd'], 'molit.getRTMSDataSvcAptTradeDev', ['LAWD_CD'], 'legalDong10→lawdCd5'))).toBe('dependency');
    expect(classify(link('local.latLonToKmaGrid', ['nx', 'ny'], 'kma.getUltraSrtNcst', ['nx', 'ny']))).toBe('dependency');
    expect(classify(link('airkorea.getNearbyMsrstnList', ['stationName'], 'airkorea.getMsrstnAcctoRltmMesureDnsty', ['stationName']))).toBe('dependency');
    // Which day's sunrise to ask for is what the holiday calendar answers.
    expect(classify(link('kasi.getRestDeInfo', ['locdate'], 'kasi.getLCRiseSetInfo', ['locdate']))).toBe('dependency');
  });

  it('say a trial in words, in the language asked for', () => {
    const key = link('juso.addrLinkApi', ['admCd'], 'molit.getRTMSDataSvcAptTradeDev', ['LAWD_CD'], 'legalDong10→lawdCd5');
    const words = linkWords(key, (id) => catalog.get(id), vocabulary);
    const trial = { ok: true, sampleValues: { LAWD_CD: '11680' }, toRows: 67, toCode: '000' };
    expect(trialSentence('ko', words, trial)).toBe('앞 도구 결과의 법정동코드 앞 5자리 11680으로 아파트 매매 실거래가 상세가 67건을 돌려줌');
    expect(trialSentence('en', words, trial)).toBe(
      "The earlier result's first 5 digits of the legal-dong code 11680 made Apartment sales (detailed) return 67 rows",
    );
    expect(trialSentence('ko', words, { ...trial, ok: false, toRows: 0 })).toMatch(/자료를 돌려주지 않음 \(자료 없음\)$/);
  });
});
