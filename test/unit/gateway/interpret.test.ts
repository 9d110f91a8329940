// Every quirk of the Korean public APIs that a parser must survive (envelopes, result codes, XML and JSON), from bodies shaped as the real
// services send them.
import { describe, expect, it } from 'vitest';
import { interpretResponse } from '../../../main/core/gateway/interpret.ts';
import { remoteSpec } from '../../helpers/catalog.ts';

const ok = (body: string, status = 200) => ({ status, contentType: body.trim().startsWith('<') ? 'text/xml' : 'application/json', body });

describe('interpreting responses', () => {
  it('reads a KMA JSON body (numbers as numbers, values as strings) into typed rows', () => {
    const body = JSON.stringify({
      response: {
        header: { resultCode: '00', resultMsg: 'NORMAL_SERVICE' },
        body: {
          dataType: 'JSON',
          items: {
            item: [
              { baseDate: '20250301', baseTime: '1400', category: 'T1H', nx: 60, ny: 127, obsrValue: '8.3' },
              { baseDate: '20250301', baseTime: '1400', category: 'REH', nx: 60, ny: 127, obsrValue: '41' },
            ],
          },
          pageNo: 1,
          numOfRows: 10,
          totalCount: 8,
        },
      },
    });
    const r = interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body));
    expect(r.ok).toBe(true);
    expect(r.items[0]).toEqual({ baseDate: '20250301', baseTime: '1400', category: 'T1H', nx: 60, ny: 127, obsrValue: 8.3 });
    expect(r.totalCount).toBe(8);
    expect(r.page).toEqual({ pageNo: 1, numOfRows: 10 });
  });

  it('turns a single row given as an object into a one-row array', () => {
    const body = JSON.stringify({
      response: {
        header: { resultCode: '00', resultMsg: 'NORMAL SERVICE.' },
        body: { items: { item: { dateKind: '01', dateName: '어린이날', isHoliday: 'Y', locdate: 20250505, seq: 1 } }, numOfRows: 10, pageNo: 1, totalCount: 1 },
      },
    });
    const r = interpretResponse(remoteSpec('kasi.getRestDeInfo'), ok(body));
    expect(r.items).toEqual([{ dateKind: '01', dateName: '어린이날', isHoliday: true, locdate: '20250505', seq: 1 }]);
  });

  it('reads items "" as no rows, with success', () => {
    const body = JSON.stringify({
      response: { header: { resultCode: '00', resultMsg: 'NORMAL SERVICE.' }, body: { items: '', numOfRows: 10, pageNo: 1, totalCount: 0 } },
    });
    const r = interpretResponse(remoteSpec('kasi.getRestDeInfo'), ok(body));
    expect(r).toMatchObject({ ok: true, items: [], totalCount: 0 });
  });

  it("reads AirKorea's rows straight in body.items, midnight written 24:00, missing values as -", () => {
    const body = JSON.stringify({
      response: {
        header: { resultCode: '00', resultMsg: 'NORMAL_CODE' },
        body: {
          totalCount: 24,
          pageNo: 1,
          numOfRows: 2,
          items: [
            { dataTime: '2024-09-13 24:00', stationName: '종로구', pm10Value: '38', pm25Value: '21', khaiGrade: '2' },
            { dataTime: '2024-09-13 23:00', stationName: '종로구', pm10Value: '-', pm10Flag: '장비점검', khaiGrade: '' },
          ],
        },
      },
    });
    const r = interpretResponse(remoteSpec('airkorea.getMsrstnAcctoRltmMesureDnsty'), ok(body));
    expect(r.items[0]).toMatchObject({ dataTime: '2024-09-14 00:00', pm10Value: 38, pm25Value: 21, khaiGrade: 2 });
    expect(r.items[1]).toMatchObject({ pm10Value: null, pm10Flag: '장비점검', khaiGrade: null });
  });

  it("accepts MOLIT's 000 and TourAPI's 0000 as success, and nothing else for them", () => {
    const molit = `<?xml version="1.0" encoding="UTF-8"?><response><header><resultCode>000</resultCode><resultMsg>OK</resultMsg></header><body><items><item><sggCd>11110</sggCd><umdCd>17500</umdCd><aptNm>종로중흥S클래스</aptNm><dealAmount>    12,000</dealAmount><excluUseAr>17.811</excluUseAr><cdealType> </cdealType></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>`;
    const r = interpretResponse(remoteSpec('molit.getRTMSDataSvcAptTradeDev'), ok(molit));
    expect(r.ok).toBe(true);
    expect(r.items[0]).toMatchObject({ sggCd: '11110', umdCd: '17500', dealAmount: 12000, excluUseAr: 17.811, cdealType: null });
    const tour = JSON.stringify({
      response: {
        header: { resultCode: '0000', resultMsg: 'OK' },
        body: {
          items: {
            item: [{ contentid: '126508', title: '경복궁', mapx: '126.9769930325', mapy: '37.5788222356', firstimage: 'http://tong.visitkorea.or.kr/a.jpg' }],
          },
          numOfRows: 10,
          pageNo: 1,
          totalCount: 1,
        },
      },
    });
    const t = interpretResponse(remoteSpec('tour.areaBasedList2'), ok(tour));
    expect(t.items[0]).toMatchObject({ contentid: '126508', mapx: 126.9769930325, firstimage: 'https://tong.visitkorea.or.kr/a.jpg' });
    const kmaWith000 = JSON.stringify({ response: { header: { resultCode: '000', resultMsg: 'OK' }, body: { items: '' } } });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(kmaWith000)).ok).toBe(false);
  });

  it('reads the data.go.kr gateway error, which arrives as XML even when JSON was asked', () => {
    const xml =
      '<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>';
    const r = interpretResponse(remoteSpec('kma.getUltraSrtNcst'), { status: 200, contentType: 'text/xml', body: xml });
    expect(r).toMatchObject({ ok: false, resultCode: '30', error: { kind: 'BadKey', retryable: false } });
    expect(r.error?.message).toContain('SERVICE_KEY_IS_NOT_REGISTERED_ERROR');
    const quota = xml.replace('SERVICE_KEY_IS_NOT_REGISTERED_ERROR', 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR').replace('>30<', '>22<');
    expect(interpretResponse(remoteSpec('tour.areaBasedList2'), ok(quota)).error?.kind).toBe('Quota');
    const asJson = JSON.stringify({
      OpenAPI_ServiceResponse: { cmmMsgHeader: { errMsg: 'SERVICE ERROR', returnAuthMsg: 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR', returnReasonCode: '30' } },
    });
    expect(interpretResponse(remoteSpec('tour.areaBasedList2'), ok(asJson)).error?.kind).toBe('BadKey');
  });

  it('reads TourAPI parameter errors that come without any envelope', () => {
    const body = JSON.stringify({ responseTime: '2025-03-01T14:00:00', resultCode: '10', resultMsg: 'INVALID_REQUEST_PARAMETER_ERROR' });
    expect(interpretResponse(remoteSpec('tour.searchFestival2'), ok(body))).toMatchObject({ ok: false, resultCode: '10', error: { kind: 'InvalidParam' } });
  });

  it('maps the standard codes, written with or without zero padding', () => {
    const body = (code: string) => JSON.stringify({ response: { header: { resultCode: code, resultMsg: 'x' } } });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body('03'))).error?.kind).toBe('NoData');
    expect(interpretResponse(remoteSpec('hira.getHospBasisList'), ok(body('3'))).error?.kind).toBe('NoData');
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body('11'))).error?.kind).toBe('InvalidParam');
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body('05'))).error).toMatchObject({ kind: 'Timeout', retryable: true });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body('99'))).error).toMatchObject({ kind: 'Upstream', retryable: true });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(body('77'))).error).toMatchObject({ kind: 'Upstream', retryable: false });
  });

  it('reads StanReginCd in JSON and in XML', () => {
    const row = {
      region_cd: '1111010100',
      sido_cd: '11',
      sgg_cd: '110',
      umd_cd: '101',
      ri_cd: '00',
      locatadd_nm: '서울특별시 종로구 청운동',
      locallow_nm: '청운동',
      locathigh_cd: '1111000000',
      locat_order: '1',
    };
    const json = JSON.stringify({
      StanReginCd: [
        { head: [{ totalCount: 1 }, { numOfRows: '10', pageNo: '1', type: 'JSON' }, { RESULT: { resultCode: 'INFO-0', resultMsg: 'NORMAL SERVICE' } }] },
        { row: [row] },
      ],
    });
    const xml = `<StanReginCd><head><totalCount>1</totalCount><numOfRows>10</numOfRows><pageNo>1</pageNo><type>XML</type><RESULT><resultCode>INFO-0</resultCode><resultMsg>NORMAL SERVICE</resultMsg></RESULT></head><row>${Object.entries(
      row,
    )
      .map(([k, v]) => `<${k}>${v}</${k}>`)
      .join('')}</row></StanReginCd>`;
    const a = interpretResponse(remoteSpec('mois.getStanReginCdList'), ok(json));
    const b = interpretResponse(remoteSpec('mois.getStanReginCdList'), ok(xml));
    expect(a.ok).toBe(true);
    expect(b.items).toEqual(a.items);
    expect(a.items[0]).toMatchObject({ region_cd: '1111010100', locat_order: 1 });
  });

  it("reads juso's \"0\" success and E-codes, VWorld's status, NTS's rows, Seoul's headerCd and KOSIS's bare array", () => {
    const juso = JSON.stringify({
      results: {
        common: { errorCode: '0', errorMessage: '정상', totalCount: '1', currentPage: '1', countPerPage: '10' },
        juso: [{ roadAddr: '서울특별시 중구 세종대로 110 (태평로1가)', admCd: '1114010300', emdNm: '태평로1가' }],
      },
    });
    expect(interpretResponse(remoteSpec('juso.addrLinkApi'), ok(juso))).toMatchObject({ ok: true, totalCount: 1 });
    const jusoBad = JSON.stringify({ results: { common: { errorCode: 'E0001', errorMessage: '승인되지 않은 KEY입니다.', totalCount: '0' }, juso: null } });
    expect(interpretResponse(remoteSpec('juso.addrLinkApi'), ok(jusoBad)).error?.kind).toBe('BadKey');
    const vworld = JSON.stringify({
      response: {
        status: 'OK',
        refined: { text: '서울특별시 중구 세종대로 110', structure: { level1: '서울특별시', level2: '중구' } },
        result: { crs: 'EPSG:4326', point: { x: '126.9779', y: '37.56635' } },
      },
    });
    expect(interpretResponse(remoteSpec('vworld.getCoord'), ok(vworld)).items[0]).toMatchObject({ x: 126.9779, y: 37.56635, level1: '서울특별시' });
    expect(interpretResponse(remoteSpec('vworld.getCoord'), ok(JSON.stringify({ response: { status: 'NOT_FOUND' } }))).error?.kind).toBe('NoData');
    const nts = JSON.stringify({
      status_code: 'OK',
      request_cnt: 1,
      valid_cnt: 1,
      data: [{ b_no: '1234567890', valid: '01', request_param: { b_no: '1234567890' }, status: { b_no: '1234567890', b_stt: '계속사업자', b_stt_cd: '01' } }],
    });
    expect(interpretResponse(remoteSpec('nts.businessValidate'), ok(nts)).items[0]).toMatchObject({ b_no: '1234567890', valid: '01', b_stt_cd: '01' });
    const seoulNone = JSON.stringify({ msgHeader: { headerCd: '4', headerMsg: '결과가 없습니다.', itemCount: 0 }, msgBody: { itemList: null } });
    expect(interpretResponse(remoteSpec('seoulbus.getStationByPos'), ok(seoulNone)).error?.kind).toBe('NoData');
    expect(interpretResponse(remoteSpec('kosis.statisticsParameterData'), ok(JSON.stringify([{ PRD_DE: '2021', DT: '1,234' }])))).toMatchObject({
      ok: true,
      items: [{ PRD_DE: '2021', DT: 1234 }],
    });
    expect(
      interpretResponse(remoteSpec('kosis.statisticsParameterData'), ok(JSON.stringify({ err: '30', errMsg: '데이터가 존재하지 않습니다.' }))).error?.kind,
    ).toBe('NoData');
  });

  it('refuses DOCTYPE/entity XML and says a body that is neither JSON nor XML is malformed', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><response>&lol2;</response>';
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok(bomb))).toMatchObject({ ok: false, error: { kind: 'Malformed' } });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), ok('{"response": {"header"'))).toMatchObject({ ok: false, error: { kind: 'Malformed' } });
    expect(interpretResponse(remoteSpec('kma.getUltraSrtNcst'), { status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway' })).toMatchObject({
      error: { kind: 'Upstream', retryable: true },
    });
    expect(interpretResponse(remoteSpec('seoulbus.getStationByPos'), { status: 401, contentType: 'text/plain', body: 'Unauthorized' })).toMatchObject({
      error: { kind: 'BadKey' },
    });
  });
});
