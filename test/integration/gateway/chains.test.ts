// The multi-step chains of the API reference (§4 map, §10 best chains) run end to end through the gateway in
// emulator mode: each step takes its input from the step before, transformed exactly as the chain map says, and
// finds data. This is what makes the emulator useful for EDGE synthesis and evaluation offline.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../../main/core/gateway/callResult.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { BusinessRegistry } from '../../../main/engine/emulator/world/business.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileEngine } from '../../helpers/engine.ts';

let engine: Engine;

// One engine for the file: every chain runs against the same emulated world.
beforeAll(() => {
  engine = fileEngine({ emulator: { now: () => TEST_NOW, seed: 11 } });
});

/** One step: the call must succeed and find rows. */
async function step(tool: string, args: Record<string, unknown>): Promise<Item[]> {
  const result = await engine.gateway().call(tool, args);
  expect(result.error, `${tool} ${JSON.stringify(args)}`).toBeNull();
  expect(result.items.length, `${tool} ${JSON.stringify(args)} found nothing`).toBeGreaterThan(0);
  return result.items;
}

const str = (v: unknown): string => String(v);
const num = (v: unknown): number => Number(v);

describe('chains of the API reference, end to end on the emulator', () => {
  it('1. address → apartment sales → building register (and rents for the same district)', async () => {
    const [address] = await step('juso.addrLinkApi', { keyword: '서울특별시 강남구 역삼동' });
    const lawdCd = str(address!.admCd).slice(0, 5);
    const sales = await step('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: lawdCd, DEAL_YMD: '202501', numOfRows: 100 });
    const sale = sales[0]!;
    expect(sale.dealAmount).toEqual(expect.any(Number));
    const [building] = await step('molit.getBrTitleInfo', { sigunguCd: sale.sggCd, bjdongCd: sale.umdCd, platGbCd: '0', bun: sale.bonbun, ji: sale.bubun });
    expect(building!.useAprDay).toMatch(/^\d{8}$/);
    expect(building!.hhldCnt).toEqual(expect.any(Number));
    await step('molit.getRTMSDataSvcAptRent', { LAWD_CD: lawdCd, DEAL_YMD: '202501' });
  });

  it('2. address → coordinates → KMA grid → weather now and the next days → which are holidays', async () => {
    const [address] = await step('juso.addrLinkApi', { keyword: '중구 세종대로 110' });
    expect(address!.bdNm).toBe('서울특별시청');
    const [point] = await step('vworld.getCoord', { address: address!.roadAddrPart1, type: 'road' });
    const [grid] = await step('local.latLonToKmaGrid', { lat: point!.y, lon: point!.x });
    expect(grid).toEqual({ nx: 60, ny: 127 });
    const now = await step('kma.getUltraSrtNcst', { base_date: '20250302', base_time: '1400', nx: grid!.nx, ny: grid!.ny });
    expect(now.map((r) => r.category)).toContain('T1H');
    const forecast = await step('kma.getVilageFcst', { base_date: '20250302', base_time: '1100', nx: grid!.nx, ny: grid!.ny, numOfRows: 1000 });
    const days = [...new Set(forecast.map((r) => str(r.fcstDate)))];
    expect(days.length).toBeGreaterThanOrEqual(3);
    const holidays = await step('kasi.getRestDeInfo', { solYear: days[1]!.slice(0, 4), solMonth: days[1]!.slice(4, 6) });
    // 2025-03-03 is the substitute holiday for 삼일절 (1 March fell on a Saturday).
    expect(holidays.map((h) => str(h.locdate))).toContain('20250303');
  });

  it('3. neighbourhood → TM coordinates → nearest station → readings', async () => {
    const [region] = await step('mois.getStanReginCdList', { locatadd_nm: '서울특별시 종로구 청운동' });
    const [tm] = await step('airkorea.getTMStdrCrdnt', { umdName: region!.locallow_nm });
    const [nearest] = await step('airkorea.getNearbyMsrstnList', { tmX: tm!.tmX, tmY: tm!.tmY });
    expect(num(nearest!.tm)).toBeLessThan(10);
    const readings = await step('airkorea.getMsrstnAcctoRltmMesureDnsty', { stationName: nearest!.stationName, dataTerm: 'DAILY' });
    expect(readings[0]).toHaveProperty('pm10Value');
    expect(readings[0]).toHaveProperty('khaiGrade');
  });

  it('4. region → festivals → details → KMA grid at the venue → forecast', async () => {
    const [region] = await step('mois.getStanReginCdList', { locatadd_nm: '경상북도 경주시' });
    const code = str(region!.region_cd);
    const festivals = await step('tour.searchFestival2', { eventStartDate: '20250101', lDongRegnCd: code.slice(0, 2), lDongSignguCd: code.slice(2, 5) });
    const festival = festivals[0]!;
    const [common] = await step('tour.detailCommon2', { contentId: festival.contentid });
    const [intro] = await step('tour.detailIntro2', { contentId: festival.contentid, contentTypeId: '15' });
    expect(num(intro!.eventstartdate)).toBeGreaterThanOrEqual(20250101);
    const [grid] = await step('local.latLonToKmaGrid', { lat: common!.mapy, lon: common!.mapx });
    await step('kma.getVilageFcst', { base_date: '20250302', base_time: '1100', nx: grid!.nx, ny: grid!.ny });
  });

  it('5. a point → sights nearby → details → sunset there', async () => {
    const sights = await step('tour.locationBasedList2', { mapX: 129.2247, mapY: 35.8562, radius: 20000, arrange: 'E' });
    const sight = sights[0]!;
    expect(num(sight.dist)).toBeLessThanOrEqual(20000);
    const [detail] = await step('tour.detailCommon2', { contentId: sight.contentid });
    const [sun] = await step('kasi.getLCRiseSetInfo', { locdate: '20250302', longitude: detail!.mapx, latitude: detail!.mapy, dnYn: 'Y' });
    expect(sun!.sunset).toMatch(/^18\d{2}$/);
  });

  it('6. address → hospitals → opening details; pharmacies with holiday hours', async () => {
    const [address] = await step('juso.addrLinkApi', { keyword: '강남구 역삼로' });
    const [hospital] = await step('hira.getHospBasisList', { emdongNm: address!.emdNm });
    const [detail] = await step('hira.getDtlInfo', { ykiho: hospital!.ykiho });
    expect(detail).toHaveProperty('trmtMonStart');
    const pharmacies = await step('nmc.getParmacyListInfoInqire', { Q0: address!.siNm, Q1: address!.sggNm });
    const [holiday] = await step('kasi.getRestDeInfo', { solYear: '2025', solMonth: '03' });
    expect(holiday!.isHoliday).toBe(true);
    expect(pharmacies.some((p) => 'dutyTime8s' in p)).toBe(true);
  });

  it('7. a point → bus stops → arrivals (TAGO and Seoul) → rain in the next hour', async () => {
    const [stop] = await step('tago.getCrdntPrxmtSttnList', { gpsLati: 36.3504, gpsLong: 127.3845 });
    const arrivals = await step('tago.getSttnAcctoArvlPrearngeInfoList', { cityCode: stop!.citycode, nodeId: stop!.nodeid });
    expect(arrivals[0]!.arrtime).toEqual(expect.any(Number));
    const seoulStops = await step('seoulbus.getStationByPos', { tmX: 126.9779, tmY: 37.5663, radius: 500 });
    const real = seoulStops.find((s) => s.arsId !== '0')!;
    const [uid] = await step('seoulbus.getStationByUid', { arsId: real.arsId });
    expect(uid).toHaveProperty('arrmsg1');
    const [grid] = await step('local.latLonToKmaGrid', { lat: num(real.gpsY), lon: num(real.gpsX) });
    const fcst = await step('kma.getUltraSrtFcst', { base_date: '20250302', base_time: '1430', nx: grid!.nx, ny: grid!.ny, numOfRows: 60 });
    expect(fcst.map((r) => r.category)).toEqual(expect.arrayContaining(['RN1', 'PTY']));
  });

  it('8. a sale → PNU → shops on that lot; a building number → shops in it; business numbers → status → validation', async () => {
    const sales = await step('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202501', numOfRows: 100 });
    const sale = sales[0]!;
    const pnu = `${str(sale.sggCd)}${str(sale.umdCd)}${str(sale.landCd)}${str(sale.bonbun)}${str(sale.bubun)}`;
    expect(pnu).toMatch(/^\d{19}$/);
    const onLot = await engine.gateway().call('semas.storeListInPnu', { key: pnu });
    expect(onLot.error?.kind ?? null, 'a PNU from RTMS is a lot SEMAS knows (it may hold no shops)').not.toBe('InvalidParam');
    const [address] = await step('juso.addrLinkApi', { keyword: '서울특별시 중구 세종대로 110' });
    const shops = await step('semas.storeListInBuilding', { key: address!.bdMgtSn });
    expect(shops[0]!.bldMngNo).toBe(address!.bdMgtSn);
    // The shop list carries no business number: the user brings theirs, and knows its opening date and owner.
    const register = new BusinessRegistry(11);
    const numbers = register
      .all()
      .slice(0, 4)
      .map((b) => b.bno);
    const status = await step('nts.businessStatus', { b_no: [...numbers, '1234567890'] });
    const active = status.find((s) => s.b_stt_cd === '01')!;
    expect(active).toBeDefined();
    const owner = register.get(str(active.b_no))!;
    const [genuine, forged] = await step('nts.businessValidate', {
      businesses: [
        { b_no: active.b_no, start_dt: owner.startDt, p_nm: owner.representative },
        { b_no: active.b_no, start_dt: owner.startDt, p_nm: '위조자' },
      ],
    });
    expect([genuine!.valid, forged!.valid]).toEqual(['01', '02']);
    // A wrong check digit is a number the NTS never issued.
    expect(status.find((s) => s.b_no === '1234567890')?.tax_type).toBe('국세청에 등록되지 않은 사업자등록번호입니다.');
  });

  it('KOSIS: search a table by name → its data', async () => {
    const [table] = await step('kosis.statisticsSearch', { searchNm: '미분양' });
    const data = await step('kosis.statisticsParameterData', {
      orgId: table!.ORG_ID,
      tblId: table!.TBL_ID,
      objL1: 'ALL',
      itmId: 'ALL',
      prdSe: 'M',
      newEstPrdCnt: 3,
    });
    expect(data[0]).toHaveProperty('DT');
  });
});
