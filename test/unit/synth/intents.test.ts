// The pieces of intent synthesis, each at its own layer: the value kinds people state, the intent library against
// the catalog, the values a request states and how it writes them, the planner's paths over a small graph, the row
// picks (JSONata, rows and the query tool agreeing), and the gates' own judgements.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../main/core/edges/types.ts';
import { edgeId } from '../../../main/core/edges/types.ts';
import { evaluate } from '../../../main/core/plan/expressions.ts';
import { checkIntents, intentFileSchema, intentSchema, slotsOf, type Intent } from '../../../main/core/synth/intents.ts';
import { arbitraryPicks, idleSteps, notARealValue } from '../../../main/core/synth/intentGates.ts';
import { countsNothing } from '../../../main/core/synth/gates.ts';
import { oneRowTools, type PhraseBook } from '../../../main/core/synth/phraseBook.ts';
import { Planner } from '../../../main/core/synth/planner.ts';
import { answerText, fillPhrasing, pairedAnswerText } from '../../../main/core/synth/requestText.ts';
import { pickRow, queryArgs, selectionExpr } from '../../../main/core/synth/selection.ts';
import {
  addressValue,
  bizNoValue,
  dateValue,
  emdValue,
  hourValue,
  monthValue,
  radiusValue,
  sidoValue,
  sigunguValue,
  yearValue,
} from '../../../main/core/synth/statedInputs.ts';
import type { Selection, Walk } from '../../../main/core/synth/types.ts';
import { VALUE_KINDS } from '../../../main/core/synth/valueKinds.ts';
import { queryRows } from '../../../main/core/resultView/queryRows.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const catalog = bundledCatalog();
const AS_OF = new Date('2025-04-21T01:30:00Z'); // 10:30 KST, a Monday
const book = JSON.parse(readFileSync(path.join(defaultResourcesDir(), 'synth', 'phrases.json'), 'utf8')) as PhraseBook;
const library = intentFileSchema.parse(JSON.parse(readFileSync(path.join(defaultResourcesDir(), 'synth', 'intents.json'), 'utf8'))).intents;

describe('value kinds', () => {
  it('marks every value kind of the catalog as stated or not', () => {
    const tags = new Set(
      catalog
        .list()
        .flatMap((t) => [...Object.values(t.parameters.properties).map((p) => p['x-semantic']), ...Object.values(t.response.fields).map((f) => f.semantic)])
        .filter((t): t is string => t !== undefined),
    );
    for (const tag of tags) expect(VALUE_KINDS[tag], tag).toBeDefined();
    expect(VALUE_KINDS['region.legalDong10']!.stated).toBe(false);
    expect(VALUE_KINDS['kma.nx']!.stated).toBe(false);
    expect(VALUE_KINDS['address.road']!.stated).toBe(true);
  });
});

describe('the intent library', () => {
  it('holds at least 120 intents that match the catalog, every agency asked about, each phrasing filled by its inputs', () => {
    expect(library.length).toBeGreaterThanOrEqual(120);
    expect(checkIntents(library, catalog)).toEqual([]);
    const asked = new Set(
      library.flatMap((i) => [i.goal, ...Object.keys(i.via ?? {}), ...(i.also ? [i.also.goal] : [])]).map((t) => catalog.require(t).agency),
    );
    for (const agency of new Set(catalog.remoteTools().map((t) => t.agency))) expect(asked, agency).toContain(agency);
    for (const intent of library)
      for (const text of Object.values(intent.phrasings).flat()) expect(new Set(slotsOf(text))).toEqual(new Set(Object.keys(intent.inputs)));
  });

  it('refuses an intent that names an unknown field, a slot its phrasing leaves out, or a forecast hour without its input', () => {
    const bad = intentSchema.parse({
      id: 'test.bad',
      goal: 'kma.getUltraSrtFcst',
      inputs: { place: 'address' },
      answer: { fields: ['nope'], label: 'x', pick: { kind: 'facet', category: 'T1H', when: 'at' } },
      phrasings: { formal: ['지금 기온은 몇 도입니까?'], polite: ['{place} 기온이요?'], casual: ['{place} 몇 도야?'] },
    });
    const problems = checkIntents([bad], catalog).join('\n');
    expect(problems).toMatch(/no field nope/);
    expect(problems).toMatch(/formal phrasing .* leaves out \{place\}/);
    expect(problems).toMatch(/needs an input of kind hour/);
  });
});

describe('stated values', () => {
  it('writes places as people write them, 광주광역시 in full since 광주 alone is also 경기도 광주시', () => {
    expect(addressValue('서울특별시 종로구 청운로 66', { sido: '서울특별시', sigungu: '종로구' }).text).toBe('서울 종로구 청운로 66');
    expect(addressValue('광주광역시 남구 구로 155', { sido: '광주광역시', sigungu: '남구' }).text).toBe('광주광역시 남구 구로 155');
    expect(sigunguValue({ sido: '경기도', sigungu: '수원시 팔달구' }).supplies).toMatchObject({
      'region.fullName': '경기도 수원시 팔달구',
      'region.sidoShortName': '경기',
      'region.sigunguName': '수원시 팔달구',
    });
    expect(emdValue({ sido: '서울특별시', sigungu: '종로구', emd: '청운동' }).supplies['address.keyword']).toBe('종로구 청운동');
    expect(sidoValue('부산광역시').text).toBe('부산');
  });

  it('says dates, months, years and hours relative to the moment asked', () => {
    expect(monthValue('202503', AS_OF).text).toBe('지난달');
    expect(monthValue('202504', AS_OF).text).toBe('이번 달');
    expect(monthValue('202501', AS_OF).text).toBe('2025년 1월');
    expect(dateValue('20250421', AS_OF).text).toBe('오늘');
    expect(dateValue('20250422', AS_OF).text).toBe('내일');
    expect(dateValue('20250505', AS_OF).text).toBe('5월 5일');
    expect(dateValue('20260102', AS_OF).text).toBe('2026년 1월 2일');
    expect(yearValue('2024', AS_OF).text).toBe('작년');
    expect(hourValue('20250421', '1500', AS_OF).text).toBe('오늘 오후 3시');
    expect(hourValue('20250422', '1200', AS_OF).text).toBe('내일 낮 12시');
    expect(radiusValue(2000).text).toBe('2km');
    expect(radiusValue(1500).text).toBe('1500m');
    expect(bizNoValue('2208162517').text).toBe('220-81-62517');
  });

  it('fills phrasings with the particle each value takes, and says answers back rounded where they are means', () => {
    const values = {
      month: monthValue('202503', AS_OF),
      region: sigunguValue({ sido: '서울특별시', sigungu: '강남구' }),
      name: { kind: 'pharmacy' as const, text: '튼튼약국', supplies: {} },
    };
    expect(fillPhrasing('{month|과/와} {region|은/는} {name|이/가}', values)).toBe('지난달과 서울 강남구는 튼튼약국이');
    expect(() => fillPhrasing('{nowhere} 날씨', values)).toThrow(/no value/);
    expect(answerText('기온', '℃', 12.3)).toBe('기온은 12.3℃입니다.');
    expect(answerText('일몰 시각', undefined, '1912', 'time.hhmm')).toBe('일몰 시각은 19:12입니다.');
    expect(answerText('평균 매매가', '만원', 23022.642, undefined, true)).toBe('평균 매매가는 2억 3,023만원입니다.');
    expect(answerText('거래금액', '만원', 9800)).toBe('거래금액은 9,800만원입니다.');
    expect(answerText('거래금액', '만원', 100000)).toBe('거래금액은 10억원입니다.');
    expect(
      pairedAnswerText([
        { label: '지난달 거래', unit: '건', value: 52 },
        { label: '이번 달 거래', unit: '건', value: 61 },
      ]),
    ).toBe('지난달 거래는 52건, 이번 달 거래는 61건입니다.');
  });
});

/** A verified link between two catalog tools, for a planner graph of our own. */
function link(fromTool: string, fromFields: string[], toTool: string, toParams: string[], transform = 'identity', score = 0.9): Edge {
  const key = { fromTool, fromFields, toTool, toParams, transform };
  return {
    ...key,
    id: edgeId(key),
    kind: 'dependency',
    basis: 'semantic',
    score,
    status: 'verified',
    reason: null,
    trialsOk: 3,
    trialsTotal: 3,
    graphVersion: 1,
    checkedAt: null,
    createdAt: '',
  };
}

const weather = (inputs: Intent['inputs'] = { place: 'address' }): Intent =>
  intentSchema.parse({
    id: 'test.weather',
    goal: 'kma.getUltraSrtNcst',
    inputs,
    answer: { fields: ['obsrValue'], label: '기온', pick: { kind: 'facet', category: 'T1H' } },
    phrasings: { formal: ['{place} 기온?'], polite: ['{place} 기온?'], casual: ['{place} 기온?'] },
  });

describe('the planner', () => {
  const graph = [
    link('vworld.getCoord', ['y', 'x'], 'local.latLonToKmaGrid', ['lat', 'lon']),
    link('juso.addrLinkApi', ['admCd', 'rnMgtSn', 'udrtYn', 'buldMnnm', 'buldSlno'], 'juso.addrCoordApi', [
      'admCd',
      'rnMgtSn',
      'udrtYn',
      'buldMnnm',
      'buldSlno',
    ]),
    link('juso.addrCoordApi', ['entX', 'entY'], 'local.utmkToWgs84', ['x', 'y']),
    link('local.utmkToWgs84', ['lat', 'lon'], 'local.latLonToKmaGrid', ['lat', 'lon']),
    link('local.latLonToKmaGrid', ['nx', 'ny'], 'kma.getUltraSrtNcst', ['nx', 'ny']),
    // An echo: the forecast's grid, which it was itself called with.
    link('kma.getVilageFcst', ['nx', 'ny'], 'kma.getUltraSrtNcst', ['nx', 'ny']),
    // A projection a model cannot compute: the local tool carries it instead.
    link('vworld.getCoord', ['y', 'x'], 'kma.getUltraSrtNcst', ['nx', 'ny'], 'latLon→kmaGrid'),
    // A hospital list by 시도 has no row a person would pick for a place.
    link('vworld.getCoord', ['level1'], 'nmc.getHsptlMdcncListInfoInqire', ['Q0']),
    link('nmc.getHsptlMdcncListInfoInqire', ['wgs84Lat', 'wgs84Lon'], 'local.latLonToKmaGrid', ['lat', 'lon']),
  ];
  const planner = new Planner({ catalog, edges: graph, oneRow: oneRowTools(book) });

  it('plans from the goal back to what the question states, shortest first, every distinct path an alternative', () => {
    const plans = planner.plan(weather());
    expect(plans.map((p) => p.key)).toEqual([
      'vworld.getCoord>local.latLonToKmaGrid>kma.getUltraSrtNcst',
      'juso.addrLinkApi>juso.addrCoordApi>local.utmkToWgs84>local.latLonToKmaGrid>kma.getUltraSrtNcst',
    ]);
    const [first] = plans;
    expect(first!.steps[0]!.literals.address).toEqual({ from: 'input', slot: 'place', tag: 'address.road' });
    expect(first!.steps[2]!.literals).toMatchObject({ base_date: { from: 'now' }, base_time: { from: 'now' } });
    expect(first!.goals).toEqual(['s3']);
  });

  it('takes no path whose every input is not stated, and none through a step that picks a row arbitrarily', () => {
    expect(planner.plan(weather({ place: 'station' }))).toEqual([]);
    expect(planner.plan(weather()).flatMap((p) => p.steps.map((s) => s.tool))).not.toContain('nmc.getHsptlMdcncListInfoInqire');
  });
});

describe('row picks', () => {
  const rows = [
    { name: '가', dist: 300, day: '20250420', kind: 'a' },
    { name: '나', dist: 120, day: '20250502', kind: 'b' },
    { name: '다', dist: 120, day: '20250425', kind: 'b' },
    { name: '라', dist: 900, day: '', kind: 'a' },
  ];
  const selections: Selection[] = [
    { kind: 'nearest', field: 'dist' },
    { kind: 'max', field: 'dist' },
    { kind: 'latest', field: 'day' },
    { kind: 'earliest', field: 'day' },
    { kind: 'next', field: 'day', from: '20250421' },
    { kind: 'stated', match: [{ field: 'name', value: '다' }] },
    { kind: 'max', field: 'dist', where: [{ field: 'kind', op: '=', value: 'b' }] },
  ];

  it('chooses the same row in JSONata, over rows, and through the query tool', async () => {
    for (const s of selections) {
      const byRows = pickRow(rows, s);
      const byPlan = await evaluate(selectionExpr('s1', s), { s1: { items: rows, totalCount: rows.length } });
      expect(byPlan, JSON.stringify(s)).toEqual(byRows);
      const query = queryArgs(s)!;
      const found = queryRows(rows, { result: 'r1', ...query } as never);
      expect(found.ok && found.items[0], JSON.stringify(s)).toEqual(byRows);
    }
  });

  it('reads the first row as the latest only where the service orders its rows that way', () => {
    expect(pickRow(rows, { kind: 'latest', field: 'day', byOrder: true })).toEqual(rows[0]);
    expect(selectionExpr('s1', { kind: 'latest', field: 'day', byOrder: true })).toBe('s1.items[0]');
  });
});

describe('gates', () => {
  it('tells a real answer from a placeholder or a status message', () => {
    expect(notARealValue('19:12')).toBeUndefined();
    expect(notARealValue(0)).toBeUndefined();
    expect(notARealValue('----')).toMatch(/placeholder/);
    expect(notARealValue('-')).toMatch(/placeholder/);
    expect(notARealValue('국세청에 등록되지 않은 사업자등록번호입니다.')).toMatch(/status/);
    expect(notARealValue(['12', ''])).toMatch(/placeholder/);
  });

  it('keeps a count only when something was counted', () => {
    const count = (answer: unknown, ok = true) =>
      ({ answer: { kind: 'count' as const, step: 's2', label: '카페 수', selection: { kind: 'only' as const } }, trace: { ok, answer } }) as unknown as Walk;
    expect(countsNothing(count(0))).toMatch(/count of 0/);
    expect(countsNothing(count('0'))).toMatch(/count of 0/);
    expect(countsNothing(count(3))).toBeUndefined();
    // A measurement of zero (0 mm of rain) is an answer; only a count of no rows is not.
    const rain = {
      answer: { kind: 'field' as const, step: 's1', field: 'RN1', label: '강수량', selection: { kind: 'only' as const } },
      trace: { ok: true, answer: 0 },
    } as unknown as Walk;
    expect(countsNothing(rain)).toBeUndefined();
  });

  it('finds a step nothing reads and a row picked arbitrarily', () => {
    const walk = {
      steps: [
        { id: 's1', tool: 'vworld.getCoord', inputs: [], mentions: [] },
        { id: 's2', tool: 'hira.getParmacyBasisList', inputs: [{ from: 's1', edgeId: 'e', selection: { kind: 'first' } }], mentions: [] },
        {
          id: 's3',
          tool: 'airkorea.getMsrstnAcctoRltmMesureDnsty',
          inputs: [{ from: 's2', edgeId: 'e', selection: { kind: 'latest', field: 'dataTime', byOrder: true } }],
          mentions: [],
        },
      ],
      plan: {
        version: 1,
        steps: [
          { id: 's1', tool: 'vworld.getCoord', args: {} },
          { id: 's2', tool: 'hira.getParmacyBasisList', args: {} },
          { id: 's3', tool: 'x', args: { a: { expr: 's2.items[0].y' } } },
        ],
        answer: { expr: 's3.items[0].v', compare: 'string' },
      },
      trace: {
        steps: [
          { id: 's1', tool: 'vworld.getCoord', items: [{}] },
          { id: 's2', tool: 'hira.getParmacyBasisList', items: [{}, {}] },
        ],
        answer: 'v',
        ok: true,
      },
    } as unknown as Walk;
    expect(idleSteps(walk)).toEqual(['s1']);
    const arbitrary = arbitraryPicks(walk);
    expect(arbitrary.join('\n')).toMatch(/s2 takes the first row of s1/);
    expect(arbitrary.join('\n')).toMatch(/s3 takes the first row of s2 as its latest/);
  });
});
