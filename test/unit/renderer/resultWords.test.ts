// A result table in people's words: the catalog's field names with units, codes read as what they mean.
import { describe, expect, it } from 'vitest';
import { cellWords, columnWords, readingOf } from '../../../renderer/src/components/resultWords.ts';
import { loadCatalog } from '../../../main/engine/catalog/loadCatalog.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';

const { catalog, vocabulary } = loadCatalog({ resourcesDir: defaultResourcesDir() });
const fields = (tool: string) => catalog.require(tool).response.fields;

describe('result words', () => {
  it('head a column with its field name and unit, the API name kept beside', () => {
    expect(columnWords('dealAmount', fields('molit.getRTMSDataSvcAptTradeDev').dealAmount, 'ko')).toEqual({ label: '거래금액 (만원)', code: 'dealAmount' });
    expect(columnWords('dealAmount', fields('molit.getRTMSDataSvcAptTradeDev').dealAmount, 'en')).toEqual({ label: 'price (10,000 KRW)', code: 'dealAmount' });
    // Without a name of its own, a field is named by its kind; without either, by the API's name.
    expect(columnWords('x', { type: 'number', semantic: 'geo.lon' }, 'ko', vocabulary.tags).label).toBe('경도');
    expect(columnWords('mystery', undefined, 'ko')).toEqual({ label: 'mystery' });
  });

  it('never head two columns of one result alike, in either language', () => {
    for (const tool of catalog.remoteTools()) {
      for (const locale of ['ko', 'en'] as const) {
        const labels = Object.entries(tool.response.fields).map(([name, field]) => columnWords(name, field, locale, vocabulary.tags).label);
        const repeated = labels.filter((label, i) => labels.indexOf(label) !== i);
        expect(repeated, `${tool.id} (${locale})`).toEqual([]);
      }
    }
    expect(columnWords('dutyTime8s', fields('nmc.getParmacyListInfoInqire').dutyTime8s, 'ko').label).toBe('공휴일 영업 시작');
  });

  it("say a KMA category in words with its unit, in the screen's language", () => {
    const category = fields('kma.getVilageFcst').category;
    expect(cellWords('TMP', category, vocabulary.tags, 'ko')).toBe('1시간 기온 (℃) · TMP');
    expect(cellWords('POP', category, vocabulary.tags, 'en')).toBe('chance of rain (%) · POP');
    expect(cellWords('XYZ', category, vocabulary.tags, 'ko')).toBe('XYZ');
  });

  it('write times, dates and moments in one form, and amounts with thousands separators', () => {
    const pharmacy = fields('nmc.getParmacyListInfoInqire');
    expect(cellWords('0830', pharmacy.dutyTime1s, vocabulary.tags, 'ko')).toBe('08:30');
    expect(cellWords('0500', fields('kma.getVilageFcst').baseTime, vocabulary.tags, 'ko')).toBe('05:00');
    expect(cellWords('20261205', fields('hira.getHospBasisList').estbDd, vocabulary.tags, 'ko')).toBe('2026-12-05');
    expect(cellWords('20260312090840', fields('tour.areaBasedList2').modifiedtime, vocabulary.tags, 'en')).toBe('2026-03-12 09:08');
    const deal = fields('molit.getRTMSDataSvcAptTradeDev');
    expect(cellWords('247870', deal.dealAmount, vocabulary.tags, 'ko')).toBe('247,870');
    // RTMS writes its amounts with commas and leading spaces.
    expect(cellWords('    12,000', deal.dealAmount, vocabulary.tags, 'en')).toBe('12,000');
    expect(cellWords('84.97', deal.excluUseAr, vocabulary.tags, 'ko')).toBe('84.97');
    // An id made of digits is not an amount, and a value not of its kind's form is left as it came.
    expect(cellWords('126508', fields('tour.detailCommon2').contentid, vocabulary.tags, 'ko')).toBe('126508');
    expect(cellWords('-', deal.dealAmount, vocabulary.tags, 'ko')).toBe('-');
    expect(cellWords('8시 30분', pharmacy.dutyTime1s, vocabulary.tags, 'ko')).toBe('8시 30분');
  });

  it("read a KMA value by its row's category: a coded sky or rain in words, a measure with its unit", () => {
    const forecast = fields('kma.getVilageFcst');
    const cell = (category: string, value: string, locale: 'ko' | 'en'): string =>
      cellWords(value, forecast.fcstValue, vocabulary.tags, locale, readingOf(forecast.fcstValue, { category, fcstValue: value }, forecast, vocabulary.tags));
    expect(cell('SKY', '1', 'ko')).toBe('맑음 · 1');
    expect(cell('SKY', '4', 'en')).toBe('overcast · 4');
    expect(cell('PTY', '0', 'ko')).toBe('없음 · 0');
    expect(cell('TMP', '23', 'ko')).toBe('23 ℃');
    expect(cell('POP', '30', 'en')).toBe('30 %');
    // A value the category's list does not hold, and one of no known category, stay as they came.
    expect(cell('SKY', '2', 'ko')).toBe('2');
    expect(cell('PCP', '강수없음', 'ko')).toBe('강수없음');
    expect(cell('XYZ', '5', 'ko')).toBe('5');
    const observed = fields('kma.getUltraSrtNcst');
    expect(cellWords('-1.5', observed.obsrValue, vocabulary.tags, 'ko', readingOf(observed.obsrValue, { category: 'T1H' }, observed, vocabulary.tags))).toBe(
      '-1.5 ℃',
    );
  });
});
