import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../../../main/core/catalog/importOpenApi.ts';
import { formatProblem } from '../../../main/core/catalog/catalogProblem.ts';
import { validateSources } from '../../../main/engine/catalog/loadCatalog.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { repoRoot } from '../../helpers/runCli.ts';

const resources = defaultResourcesDir();
const fixtures = path.join(repoRoot, 'test', 'fixtures', 'openapi');

/** The real operations the catalog must model, at their real hosts and paths (issue #3's list). */
const REQUIRED_PATHS = [
  'apis.data.go.kr/1741000/StanReginCd/getStanReginCdList',
  'business.juso.go.kr/addrlink/addrLinkApi.do',
  'business.juso.go.kr/addrlink/addrCoordApi.do',
  'api.vworld.kr/req/address',
  'apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst',
  'apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtFcst',
  'apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst',
  'apis.data.go.kr/1360000/MidFcstInfoService/getMidTa',
  'apis.data.go.kr/1360000/MidFcstInfoService/getMidLandFcst',
  'apis.data.go.kr/B552584/MsrstnInfoInqireSvc/getMsrstnList',
  'apis.data.go.kr/B552584/MsrstnInfoInqireSvc/getTMStdrCrdnt',
  'apis.data.go.kr/B552584/MsrstnInfoInqireSvc/getNearbyMsrstnList',
  'apis.data.go.kr/B552584/ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty',
  'apis.data.go.kr/B552584/ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty',
  'apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getRestDeInfo',
  'apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getHoliDeInfo',
  'apis.data.go.kr/B090041/openapi/service/RiseSetInfoService/getLCRiseSetInfo',
  'apis.data.go.kr/1613000/RTMSDataSvcAptTradeDev/getRTMSDataSvcAptTradeDev',
  'apis.data.go.kr/1613000/RTMSDataSvcAptRent/getRTMSDataSvcAptRent',
  'apis.data.go.kr/1613000/RTMSDataSvcOffiTrade/getRTMSDataSvcOffiTrade',
  'apis.data.go.kr/1613000/BldRgstHubService/getBrTitleInfo',
  'apis.data.go.kr/B551011/KorService2/ldongCode2',
  'apis.data.go.kr/B551011/KorService2/areaBasedList2',
  'apis.data.go.kr/B551011/KorService2/locationBasedList2',
  'apis.data.go.kr/B551011/KorService2/searchKeyword2',
  'apis.data.go.kr/B551011/KorService2/searchFestival2',
  'apis.data.go.kr/B551011/KorService2/detailCommon2',
  'apis.data.go.kr/B551011/KorService2/detailIntro2',
  'apis.data.go.kr/B551182/hospInfoServicev2/getHospBasisList',
  'apis.data.go.kr/B551182/MadmDtlInfoService2.7/getDtlInfo2.7',
  'apis.data.go.kr/B551182/pharmacyInfoService/getParmacyBasisList',
  'apis.data.go.kr/B552657/HsptlAsembySearchService/getHsptlMdcncListInfoInqire',
  'apis.data.go.kr/B552657/ErmctInsttInfoInqireService/getParmacyListInfoInqire',
  'api.odcloud.kr/api/nts-businessman/v1/status',
  'api.odcloud.kr/api/nts-businessman/v1/validate',
  'apis.data.go.kr/1613000/BusSttnInfoInqireService/getCrdntPrxmtSttnList',
  'apis.data.go.kr/1613000/ArvlInfoInqireService/getSttnAcctoArvlPrearngeInfoList',
  'ws.bus.go.kr/api/rest/stationinfo/getStationByPos',
  'ws.bus.go.kr/api/rest/stationinfo/getStationByUid',
  'apis.data.go.kr/B553077/api/open/sdsc2/storeListInRadius',
  'apis.data.go.kr/B553077/api/open/sdsc2/storeListInPnu',
  'apis.data.go.kr/B553077/api/open/sdsc2/storeListInBuilding',
  'kosis.kr/openapi/statisticsSearch.do',
  'kosis.kr/openapi/Param/statisticsParameterData.do',
];

describe('the bundled catalog', () => {
  it('models the 44 listed operations at their real hosts and paths, plus the local tools', () => {
    const catalog = bundledCatalog();
    const remote = catalog.remoteTools().map((t) => `${t.endpoint.host}${t.endpoint.path}`);
    expect(REQUIRED_PATHS).toHaveLength(44);
    expect(remote.sort()).toEqual([...REQUIRED_PATHS].sort());
    expect(
      catalog
        .list()
        .filter((t) => t.kind === 'local')
        .map((t) => t.id)
        .sort(),
    ).toEqual(['local.latLonToKmaGrid', 'local.utmkToWgs84']);
  });

  it('gives every tool Korean and English names and descriptions, a source and valid examples', () => {
    for (const tool of bundledCatalog().list()) {
      expect(tool.name.ko && tool.name.en && tool.description.ko.length > 30 && tool.description.en.length > 30, tool.id).toBeTruthy();
      expect(tool.examples.length, tool.id).toBeGreaterThan(0);
    }
  });

  it('names response fields as people say them: a version a field arrived in is a fact of its own, not part of its name', () => {
    const fields = bundledCatalog()
      .remoteTools()
      .flatMap((tool) => Object.entries(tool.response.fields).map(([name, field]) => ({ at: `${tool.id}.${name}`, field })));
    for (const { at, field } of fields) expect(`${field.ko ?? ''} ${field.en ?? ''}`, at).not.toMatch(/\bver\b/i);
    const since = fields.filter(({ field }) => field.since);
    expect(since.map(({ at }) => at)).toContain('airkorea.getMsrstnAcctoRltmMesureDnsty.pm25Value24');
    for (const { at, field } of since) expect(field.since, at).toMatch(/^1\.[0-9]$/);
  });

  it('names every response field in Korean and in English, each in its own script', () => {
    const fields = bundledCatalog()
      .remoteTools()
      .flatMap((tool) => Object.entries(tool.response.fields).map(([name, field]) => ({ at: `${tool.id}.${name}`, field })));
    for (const { at, field } of fields) {
      expect(field.ko, at).toMatch(/[가-힣]/);
      expect(field.en, at).toMatch(/^[^가-힣]+$/);
    }
  });

  it('says what is not confirmed at a source in Korean and in English', () => {
    const notes = bundledCatalog()
      .remoteTools()
      .flatMap((tool) => (tool.verify ?? []).map((note) => ({ tool: tool.id, note })));
    expect(notes.length).toBeGreaterThan(50);
    for (const { tool, note } of notes) {
      expect(typeof note, tool).toBe('object');
      const { ko, en } = note as { ko: string; en: string };
      expect(/[가-힣]/.test(ko) && /[A-Za-z]{3,} [A-Za-z]{3,}/.test(en), tool).toBe(true);
    }
  });

  it('posts NTS requests as JSON and never takes a key as an argument', () => {
    for (const tool of bundledCatalog().remoteTools()) {
      expect(
        Object.keys(tool.parameters.properties).map((k) => k.toLowerCase()),
        tool.id,
      ).not.toContain(tool.auth.param.toLowerCase());
    }
    expect(
      bundledCatalog()
        .remoteTools()
        .filter((t) => t.endpoint.method === 'POST')
        .map((t) => t.id)
        .sort(),
    ).toEqual(['nts.businessStatus', 'nts.businessValidate']);
  });
});

describe('catalog validation', () => {
  const base = JSON.parse(readFileSync(path.join(resources, 'catalog', 'kasi.json'), 'utf8')) as { tools: Record<string, unknown>[] };
  const problems = (json: unknown): string[] => validateSources(resources, [{ file: 'bad.json', json }]).problems.map(formatProblem);

  it('names the file, the tool and the field of a schema problem', () => {
    const bad = structuredClone(base);
    (bad.tools[0]!.endpoint as Record<string, unknown>).method = 'PATCH';
    expect(problems(bad).join('\n')).toMatch(/bad\.json › kasi\.getRestDeInfo › \/endpoint\/method: must be one of GET, POST/);
  });

  it('refuses unknown semantic tags, undefined required parameters, examples that do not fit, duplicate ids and keys as arguments', () => {
    const bad = structuredClone(base);
    const tool = bad.tools[0] as {
      parameters: { properties: Record<string, Record<string, unknown>>; required: string[] };
      examples: { args: Record<string, unknown> }[];
      response: { fields: Record<string, Record<string, unknown>> };
    };
    tool.parameters.properties.solYear!['x-semantic'] = 'date.someday';
    tool.parameters.required.push('solDay');
    tool.examples.push({ args: { solYear: 'soon' } });
    tool.response.fields.locdate!.semantic = 'nope';
    tool.parameters.properties.ServiceKey = { type: 'string', description: 'key' };
    bad.tools.push(structuredClone(bad.tools[1]!));
    const text = problems(bad).join('\n');
    expect(text).toContain('kasi.getRestDeInfo › /parameters/properties/solYear/x-semantic: unknown semantic tag "date.someday"');
    expect(text).toContain('"solDay" is required but not defined in properties');
    expect(text).toMatch(/\/examples\/\d\/args\/solYear: example does not fit the parameters/);
    expect(text).toContain('/response/fields/locdate/semantic: unknown semantic tag "nope"');
    expect(text).toContain('the key parameter must not be a tool argument');
    expect(text).toContain('kasi.getHoliDeInfo: duplicate tool id');
  });

  it('reports a file that is not JSON instead of failing', () => {
    const result = validateSources(resources, [{ file: 'broken.json', json: { __unreadable: 'Unexpected token' } }]);
    expect(result.problems.map(formatProblem)).toEqual(['broken.json: not valid JSON: Unexpected token']);
  });
});

describe('OpenAPI import', () => {
  it('turns a data.go.kr-style Swagger 2 document into a valid tool spec for review', () => {
    const doc = JSON.parse(readFileSync(path.join(fixtures, 'datago-swagger2.json'), 'utf8'));
    const { file, warnings } = importOpenApi(doc, { agency: 'kmaasos' });
    const tool = file.tools[0]!;
    expect(tool).toMatchObject({
      id: 'kmaasos.getWthrDataList',
      kind: 'remote',
      endpoint: { scheme: 'https', host: 'apis.data.go.kr', path: '/1360000/AsosDalyInfoService/getWthrDataList', method: 'GET' },
      auth: { kind: 'serviceKey', param: 'serviceKey' },
      format: { request: 'json', param: 'dataType', json: 'JSON' },
    });
    expect(Object.keys(tool.parameters.properties)).toEqual(['pageNo', 'numOfRows', 'dataCd', 'dateCd', 'startDt', 'endDt', 'stnIds']);
    expect(tool.parameters.properties.pageNo!['x-semantic']).toBe('paging.pageNo');
    expect(Object.keys(tool.response.fields)).toEqual(['stnId', 'stnNm', 'tm', 'avgTa', 'sumRn']);
    expect(tool.response.fields.avgTa).toMatchObject({ type: 'number', ko: '평균 기온' });
    expect(tool.examples[0]!.args).toMatchObject({ startDt: '20250101', stnIds: '108' });
    expect(warnings.join(' ')).toContain('need review');
    expect(validateSources(resources, [{ file: 'imported.json', json: file }]).problems).toEqual([]);
  });

  it('reads an OpenAPI 3 YAML document with its server URL and inline row schema', () => {
    const doc = parseYaml(readFileSync(path.join(fixtures, 'openapi3.yaml'), 'utf8'));
    const { file } = importOpenApi(doc);
    const tool = file.tools[0]!;
    expect(tool.id).toBe('b552584.getMsrstnAcctoRDyrg');
    expect(tool).toMatchObject({
      endpoint: { host: 'apis.data.go.kr', path: '/B552584/ArpltnStatsSvc/getMsrstnAcctoRDyrg' },
      format: { param: 'returnType', json: 'json' },
    });
    expect(tool.parameters.required).toEqual(['msrstnName', 'inqBginDt']);
    expect(Object.keys(tool.response.fields)).toEqual(['msurDt', 'pm10Value', 'pm25Value']);
    expect(validateSources(resources, [{ file: 'imported.json', json: file }]).problems).toEqual([]);
  });

  it('refuses a document that is not OpenAPI', () => {
    expect(() => importOpenApi({ hello: 'world' })).toThrow(/not an OpenAPI 3 or Swagger 2 document/);
  });
});
