// What a grammar lets a small model write for a value it must copy: a span of the question (its particle off, a
// short 시도 written out in full) or a value an earlier result showed (a code's prefix for a shorter code); dates,
// codes from a documented list and parameters nothing offers yet stay free.
import { describe, expect, it } from 'vitest';
import { copyChoices, questionSpans } from '../../../main/core/agent/copyChoices.ts';
import type { ChatMessage, ModelTool } from '../../../main/core/agent/types.ts';
import { functionName, modelTool } from '../../../main/core/catalog/functionSchema.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { stepGrammar } from '../../../main/core/agent/grammarSchema.ts';
import { regionBook } from '../../../main/core/region/regionBook.ts';
import { QUERY_TOOL } from '../../../main/core/resultView/queryRows.ts';
import { renderResult } from '../../../main/core/resultView/resultView.ts';

const regions: ModelTool = {
  name: 'mois_getStanReginCdList',
  description: '법정동코드 조회',
  parameters: { type: 'object', properties: { locatadd_nm: { type: 'string' } }, required: ['locatadd_nm'] },
  semantics: { locatadd_nm: 'region.fullName' },
};
const deals: ModelTool = {
  name: 'molit_getRTMSDataSvcAptTradeDev',
  description: '아파트 매매',
  parameters: {
    type: 'object',
    properties: { LAWD_CD: { type: 'string', pattern: '^\\d{5}$' }, DEAL_YMD: { type: 'string', pattern: '^\\d{6}$' } },
    required: ['LAWD_CD', 'DEAL_YMD'],
  },
  semantics: { LAWD_CD: 'region.lawdCd5', DEAL_YMD: 'date.yyyymm' },
};

const tool = (name: string, semantics: Record<string, string>): ModelTool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: Object.fromEntries(Object.keys(semantics).map((p) => [p, { type: 'string' }])), required: Object.keys(semantics) },
  semantics,
});
const address = tool('vworld_getCoord', { address: 'address.road' });
const station = tool('airkorea_getMsrstnAcctoRltmMesureDnsty', { stationName: 'airkorea.stationName' });
const pharmacies = tool('nmc_getParmacyListInfoInqire', { Q0: 'region.sidoName', Q1: 'region.sigunguName' });
const dust = tool('airkorea_getCtprvnRltmMesureDnsty', { sidoName: 'region.sidoShortName' });
const towns = tool('airkorea_getTMStdrCrdnt', { umdName: 'region.emdName' });
const book = regionBook([
  '서울특별시',
  '서울특별시 종로구',
  '서울특별시 종로구 청운동',
  '광주광역시',
  '광주광역시 남구',
  '광주광역시 남구 구동',
  '강원특별자치도',
  '강원특별자치도 양양군',
  '강원특별자치도 양양군 양양읍',
  '경기도',
  '경기도 용인시',
  '경기도 용인시 기흥구',
  '경기도 용인시 기흥구 구갈동',
  '대구광역시',
  '대구광역시 남구',
  '대구광역시 남구 이천동',
  '울산광역시',
  '울산광역시 동구',
  '울산광역시 동구 일산동',
]);
const asked = (content: string): ChatMessage[] => [{ role: 'user', content }];

describe('copy choices', () => {
  it('offers the spans of the question, without their particle, with a short 시도 written in full', () => {
    const spans = questionSpans("경남 창원시 진해구에는 '주택'로 금곡동(인천 동구) 측정소가 있나요?");
    expect(spans).toEqual(expect.arrayContaining(['경상남도 창원시 진해구', '경남 창원시 진해구', '주택', '금곡동(인천 동구)']));
    expect(spans).not.toContain('창원시 진해구에는 ');
  });

  it('holds a stated place to the question and a code to what a result showed, and leaves a date free', () => {
    const question: ChatMessage = { role: 'user', content: '이번 달 서울 종로구 아파트 매매는 몇 건이에요?' };
    expect(copyChoices(regions, [question]).locatadd_nm).toContain('서울특별시 종로구');
    // Before any result, a code has nothing to be copied from: free.
    expect(copyChoices(deals, [question])).toEqual({});
    const result = renderResult({ ok: true, items: [{ region_cd: '1111000000', locatadd_nm: '서울특별시 종로구' }], totalCount: 1, error: null }, 'r1').text;
    const after: ChatMessage[] = [question, { role: 'tool', toolCallId: 'c1', name: regions.name, content: result }];
    expect(copyChoices(deals, after)).toEqual({ LAWD_CD: ['11110', '00000'] });
  });

  it('holds an optional code only a service gives to "not given" until a result shows one', () => {
    const search: ModelTool = {
      name: 'tour_searchKeyword2',
      description: '키워드 검색',
      parameters: {
        type: 'object',
        properties: { keyword: { type: 'string' }, lDongRegnCd: { type: 'string', pattern: '^\\d{2}$' } },
        required: ['keyword'],
      },
      semantics: { keyword: 'org.name', lDongRegnCd: 'region.sidoCd2' },
    };
    const question: ChatMessage = { role: 'user', content: '서울 종로구 향교 전화번호 알려 줘.' };
    const before = copyChoices(search, [question]);
    expect(before.lDongRegnCd).toEqual([]);
    expect(before.keyword).toContain('향교');
    // The model the grammar holds can then write only null there, where it wrote "우도" into a two-digit code.
    expect(JSON.stringify(stepGrammar([search], { choices: { [search.name]: before } }))).toContain('"lDongRegnCd":{"type":"null"}');
    const result = renderResult({ ok: true, items: [{ region_cd: '1111000000', locatadd_nm: '서울특별시 종로구' }], totalCount: 1, error: null }, 'r1').text;
    const after = copyChoices(search, [question, { role: 'tool', toolCallId: 'c1', name: regions.name, content: result }]);
    expect(after.lDongRegnCd).toContain('11');
    expect(JSON.stringify(stepGrammar([search], { choices: { [search.name]: after } }))).toMatch(/"lDongRegnCd":\{"oneOf":\[\{"enum":\[[^\]]*"11"/);
  });

  it('holds a region to the longest name of the 법정동 list the question states, where the model would stop early', () => {
    expect(copyChoices(regions, asked('강원 양양군 내일 날씨 알려 줘'), { regions: book }).locatadd_nm).toEqual(['강원특별자치도 양양군']);
    expect(copyChoices(pharmacies, asked('경기 용인시 기흥구에 문 연 약국 있어?'), { regions: book })).toEqual({
      Q0: ['경기도'],
      Q1: ['용인시 기흥구'],
    });
    expect(copyChoices(dust, asked('광주광역시 지금 미세먼지 어때?'), { regions: book }).sidoName).toEqual(['광주']);
    // Where the service lists its 시도, the one the question states among them.
    const listed = tool('airkorea_getCtprvnRltmMesureDnsty', { sidoName: 'region.sidoShortName' });
    (listed.parameters.properties as Record<string, object>).sidoName = { type: 'string', enum: ['전국', '서울', '광주', '충남'] };
    expect(copyChoices(listed, asked('지금 충남 측정소 중 미세먼지 농도가 가장 높은 곳은?'), { regions: book }).sidoName).toEqual(['충남']);
    expect(copyChoices(listed, asked('미세먼지 가장 나쁜 측정소는?'), { regions: book })).toEqual({});
    expect(copyChoices(towns, asked('양양읍 대기질 측정 좌표 알려 줘'), { regions: book }).umdName).toEqual(['양양읍']);
  });

  it("holds a road address to its road and building number, the road's 로 kept as its own", () => {
    const question = asked('광주광역시 남구 구동로 86이 속한 시군구에서 이번 달에 아파트 매매는 몇 건 있었습니까?');
    expect(copyChoices(address, question, { regions: book }).address).toEqual(['광주광역시 남구 구동로 86']);
    // 구동로's 로 is not a particle before a building number: the region stated is 남구, not a 구동 inside it.
    expect(copyChoices(regions, question, { regions: book }).locatadd_nm).toEqual(['광주광역시 남구']);
    // Before a year it is one: 부산으로 is 부산.
    expect(questionSpans('부산으로 2026년 10월에 가요')).toContain('부산');
  });

  it('holds a station to one place or road name, with its parenthesis', () => {
    expect(copyChoices(station, asked('이천동(대구 남구) 측정소 지금 오존 수치가 얼마예요?'), { regions: book }).stationName).toEqual(['이천동(대구 남구)']);
    expect(copyChoices(station, asked('일산동(울산) 측정소에서 지금 측정된 미세먼지(PM10) 수치를 알려 주십시오.'), { regions: book }).stationName).toEqual([
      '일산동(울산)',
    ]);
    expect(copyChoices(station, asked('한강대로 측정소 미세먼지 알려 줘'), { regions: book }).stationName).toEqual(['한강대로']);
  });

  it('offers every span where the question names a place the list does not know', () => {
    const choices = copyChoices(regions, asked('판교 테크노밸리 법정동 코드 알려 줘'), { regions: book }).locatadd_nm;
    expect(choices).toEqual(expect.arrayContaining(['판교 테크노밸리', '판교']));
  });

  it('holds a coordinate to the numbers a result showed or the question wrote, within its bounds', () => {
    const grid: ModelTool = {
      name: 'local_latLonToKmaGrid',
      description: '격자 변환',
      parameters: {
        type: 'object',
        properties: { lat: { type: 'number', minimum: 30, maximum: 44 }, lon: { type: 'number', minimum: 120, maximum: 135 } },
        required: ['lat', 'lon'],
      },
      semantics: { lat: 'geo.lat', lon: 'geo.lon' },
    };
    const question: ChatMessage = { role: 'user', content: '충남 태안군 이원20길 60 내일 습도 예보 알려 줘' };
    // Nothing to copy yet: the model must ask the geocoder first.
    expect(copyChoices(grid, [question])).toEqual({});
    const result = renderResult(
      { ok: true, items: [{ x: 126.3038381, y: 36.7393734, level4AC: '4482536000', level5: '60' }], totalCount: 1, error: null },
      'r1',
    ).text;
    const after: ChatMessage[] = [question, { role: 'tool', toolCallId: 'c1', name: address.name, content: result }];
    expect(copyChoices(grid, after)).toEqual({ lat: [36.7393734], lon: [126.3038381] });
    expect(copyChoices(grid, asked('위도 37.2578, 경도 127.1232 근처 오늘 오후 10시 기온 예보 알려 주세요.'))).toEqual({
      lat: [37.2578],
      lon: [127.1232],
    });
  });

  it("copies a value a result showed only from a field that can feed the parameter (a station's name, not its distance)", () => {
    // The kinds as the catalog gives them to the model's tools.
    const nearby = modelTool(bundledCatalog().get('airkorea.getNearbyMsrstnList')!);
    expect(nearby.resultSemantics).toMatchObject({ stationName: 'airkorea.stationName', tm: 'geo.distanceKm' });
    const kinds = { [nearby.name]: nearby.resultSemantics! };
    const shown = renderResult(
      {
        ok: true,
        items: [
          { stationName: '개포동', addr: '서울 강남구 개포로 617', tm: 1.5 },
          { stationName: '도곡동', addr: '서울 강남구 도곡로 233', tm: 4.8 },
        ],
        totalCount: 2,
        error: null,
      },
      'r2',
    ).text;
    const conversation: ChatMessage[] = [
      asked('서울 강남구 개포동 근처 측정소의 초미세먼지는?')[0]!,
      { role: 'tool', toolCallId: 'c2', name: nearby.name, content: shown },
    ];
    const offered = copyChoices(station, conversation, { regions: book, resultSemantics: kinds }).stationName!;
    expect(offered).toEqual(expect.arrayContaining(['개포동', '도곡동']));
    expect(offered).not.toContain('4.8');
    expect(offered).not.toContain('서울 강남구 개포로 617');
    // The query tool's rows name no tool of their own: their fields are known by name.
    const queried = renderResult({ ok: true, items: [{ stationName: '도곡동', tm: 4.8 }], totalCount: 1, error: null }, 'r3').text;
    const afterQuery: ChatMessage[] = [conversation[0]!, { role: 'tool', toolCallId: 'c3', name: functionName(QUERY_TOOL), content: queried }];
    expect(copyChoices(station, afterQuery, { resultSemantics: kinds }).stationName).toEqual(expect.arrayContaining(['도곡동']));
    expect(copyChoices(station, afterQuery, { resultSemantics: kinds }).stationName).not.toContain('4.8');
    // A 법정동 code feeds a LAWD_CD through the graph's transform; a result no catalog kind describes offers every value.
    const codes = renderResult({ ok: true, items: [{ region_cd: '1111000000', sido_cd: '11' }], totalCount: 1, error: null }, 'r1').text;
    const after: ChatMessage[] = [asked('종로구 아파트 매매')[0]!, { role: 'tool', toolCallId: 'c1', name: regions.name, content: codes }];
    expect(copyChoices(deals, after, { resultSemantics: { [regions.name]: { region_cd: 'region.legalDong10', sido_cd: 'region.sidoCd2' } } })).toEqual({
      LAWD_CD: ['11110', '00000'],
    });
    expect(copyChoices(deals, after, { resultSemantics: {} }).LAWD_CD).toEqual(['11110', '00000']);
  });

  it('holds a radius to the distance the question writes, in metres', () => {
    const nearby = tool('hira_getHospBasisList', { radius: 'geo.radiusM' });
    (nearby.parameters.properties as Record<string, object>).radius = { type: 'integer' };
    expect(copyChoices(nearby, asked('고령 자연휴양림 1.5km 안에 병원 몇 곳이야?'))).toEqual({ radius: [1500] });
    expect(copyChoices(nearby, asked('경남 남해군 창선로 26-13 500m 이내 가장 가까운 병원'))).toEqual({ radius: [500] });
    // PM2.5 is no distance; nothing stated leaves it free.
    expect(copyChoices(nearby, asked('근처 병원 중 초미세먼지(PM2.5) 낮은 곳'))).toEqual({});
  });

  it("holds the query tool's handle and fields to those of the results shown", () => {
    const query = tool(functionName(QUERY_TOOL), {});
    const question = asked('이번 달 서울 강남구에서 팔린 제일 새 아파트 어디야?');
    expect(copyChoices(query, question)).toEqual({});
    const result = renderResult(
      {
        ok: true,
        items: [
          { aptNm: '신사주공', buildYear: 2021, dealAmount: '120,000' },
          { aptNm: '개포자이', buildYear: 2019, dealAmount: '98,000' },
        ],
        totalCount: 2,
        error: null,
      },
      'r2',
    ).text;
    const after = [...question, { role: 'tool' as const, toolCallId: 'c2', name: deals.name, content: result }];
    const choices = copyChoices(query, after);
    expect(choices).toEqual({ result: ['r2'], field: expect.arrayContaining(['aptNm', 'buildYear', 'dealAmount']) });
    // In the step grammar: the sort field is one of them, not a field written by heart.
    const grammar = JSON.stringify(stepGrammar([query], { choices: { [query.name]: choices } }));
    expect(grammar).toContain('"orderBy":{"enum":[');
    expect(grammar).toContain('"result":{"enum":["r2"]}');
    // A result without rows names no fields: the field stays free text, never an empty list the grammar cannot write
    // (the model then wrote `"field":,` and the attempt ended as unparseable output).
    const empty = renderResult({ ok: true, items: [], totalCount: 0, error: null }, 'r3').text;
    const noRows = copyChoices(query, [...question, { role: 'tool' as const, toolCallId: 'c3', name: deals.name, content: empty }]);
    expect(noRows.field).toBeUndefined();
    expect(JSON.stringify(stepGrammar([query], { choices: { [query.name]: noRows } }))).not.toContain('"enum":[]');
  });
});
