// The catalog's search finds a tool by the words an analyst types: its name first, then its description, then the
// everyday words people use for what it names.
import { describe, expect, it } from 'vitest';
import { searchTools } from '../../../main/core/catalog/catalogSearch.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const tools = bundledCatalog().list();
const find = (query: string): string[] => searchTools(tools, () => '', query).map((t) => t.id);

describe('catalog search', () => {
  it('finds the weather tools for 날씨 and the air-quality tools for 미세먼지, which no tool is named', () => {
    expect(tools.some((t) => t.name.ko.includes('날씨'))).toBe(false);
    const weather = find('날씨');
    expect(weather[0]).toMatch(/^kma\./);
    for (const id of ['kma.getUltraSrtNcst', 'kma.getUltraSrtFcst', 'kma.getVilageFcst']) expect(weather).toContain(id);
    const dust = find('미세먼지');
    expect(dust.length).toBeGreaterThan(0);
    expect(dust[0]).toMatch(/^airkorea\./);
  });

  it('ranks a name above a description: 단기예보 opens with the short-term forecast, not the ultra-short one', () => {
    expect(find('단기예보')[0]).toBe('kma.getVilageFcst');
    expect(find('공휴일')[0]).toBe('kasi.getRestDeInfo');
    expect(find('holiday')[0]).toBe('kasi.getRestDeInfo');
  });

  it('finds every tool for an empty query and none for words it holds nowhere', () => {
    expect(find('  ')).toHaveLength(tools.length);
    expect(find('양자컴퓨터')).toEqual([]);
  });

  it('finds what people call things: everyday words in both languages, each tool by every one of its search words', () => {
    const cases: [string, string[]][] = [
      ['부동산', ['molit.getRTMSDataSvcAptTradeDev', 'molit.getRTMSDataSvcAptRent', 'molit.getRTMSDataSvcOffiTrade']],
      ['집값', ['molit.getRTMSDataSvcAptTradeDev']],
      ['전월세', ['molit.getRTMSDataSvcAptRent']],
      ['미세먼지', ['airkorea.getMsrstnAcctoRltmMesureDnsty', 'airkorea.getCtprvnRltmMesureDnsty']],
      ['fine dust', ['airkorea.getMsrstnAcctoRltmMesureDnsty', 'airkorea.getCtprvnRltmMesureDnsty']],
      ['real estate', ['molit.getRTMSDataSvcAptTradeDev', 'molit.getRTMSDataSvcAptRent', 'molit.getRTMSDataSvcOffiTrade']],
      ['pharmacy', ['hira.getParmacyBasisList', 'nmc.getParmacyListInfoInqire']],
      ['약국', ['hira.getParmacyBasisList', 'nmc.getParmacyListInfoInqire']],
      ['weather', ['kma.getUltraSrtNcst', 'kma.getUltraSrtFcst', 'kma.getVilageFcst', 'kma.getMidTa', 'kma.getMidLandFcst']],
      ['sunset', ['kasi.getLCRiseSetInfo']],
      ['bus stop', ['tago.getCrdntPrxmtSttnList', 'tago.getSttnAcctoArvlPrearngeInfoList', 'seoulbus.getStationByPos', 'seoulbus.getStationByUid']],
    ];
    for (const [query, wanted] of cases) {
      const found = find(query);
      // Every tool it must find, before any other.
      expect(found.slice(0, wanted.length).sort(), query).toEqual([...wanted].sort());
    }
    // "bus" is a word, not the start of "business": the bus tools come first.
    expect(find('bus').indexOf('tago.getCrdntPrxmtSttnList')).toBeLessThan(find('bus').indexOf('nts.businessStatus'));
    for (const tool of tools) {
      expect(tool.searchWords?.ko.length, tool.id).toBeGreaterThan(0);
      expect(tool.searchWords?.en.length, tool.id).toBeGreaterThan(0);
      for (const word of [...tool.searchWords!.ko, ...tool.searchWords!.en]) expect(find(word), `${tool.id}: ${word}`).toContain(tool.id);
    }
  });
});
