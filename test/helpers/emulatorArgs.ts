// Arguments that find data in the emulator's world for every remote tool, taken from the world itself, so the
// tests exercise each operation with values a chain would really carry.
import { toTransverseMercator, KOREA_CENTRAL_TM } from '../../main/core/geo/transverseMercator.ts';
import { businessCheckDigit } from '../../main/engine/emulator/world/business.ts';
import type { World } from '../../main/engine/emulator/world/World.ts';

/** The emulator's clock in these tests: 2025-03-02 15:00 KST. */
export const TEST_NOW = new Date('2025-03-02T06:00:00Z');

export function validBusinessNumber(first9 = '220816251'): string {
  return `${first9}${businessCheckDigit(first9)}`;
}

export function sampleArgs(world: World): Record<string, Record<string, unknown>> {
  const gangnam = world.places.of(world.regions.sigungu('11680')!);
  const apt = gangnam.buildings.find((b) => b.kind === 'apartment')!;
  const shop = gangnam.shops[0]!;
  const hospital = gangnam.facilities.find((f) => f.kind === 'hospital')!;
  const pharmacy = gangnam.facilities.find((f) => f.kind === 'pharmacy')!;
  const gyeongju = world.places.of(world.regions.sigungu('47130')!);
  const content = gyeongju.tour.find((c) => c.typeId === '12')!;
  const festival = gyeongju.tour.find((c) => c.typeId === '15' && c.event!.start.startsWith('2025'))!;
  const daejeon = world.places.of(world.regions.sigungu('30200')!);
  const tagoStop = daejeon.stops[0]!;
  const seoulStop = world.places.of(world.regions.sigungu('11110')!).stops.find((s) => s.arsId !== '0')!;
  const cheongun = world.regions.emds.find((e) => e.name === '청운동')!;
  const tm = toTransverseMercator(cheongun.center, KOREA_CENTRAL_TM);
  const record = world.businesses.all().find((b) => b.status === '01')!;
  const bno = record.bno;
  const officetelSigungu = world.regions.leafSigungus().find((s) => s.sido.code2 === '11' && world.places.of(s).buildings.some((b) => b.kind === 'officetel'))!;
  return {
    'mois.getStanReginCdList': { locatadd_nm: '서울특별시 종로구' },
    'juso.addrLinkApi': { keyword: `강남구 ${apt.road.name} ${apt.buldMnnm}` },
    'juso.addrCoordApi': { admCd: apt.emd.code10, rnMgtSn: apt.road.code12, udrtYn: '0', buldMnnm: String(apt.buldMnnm), buldSlno: String(apt.buldSlno) },
    'vworld.getCoord': { address: world.roadAddress(apt).part1, type: 'road' },
    'kma.getUltraSrtNcst': { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 },
    'kma.getUltraSrtFcst': { base_date: '20250302', base_time: '1330', nx: 60, ny: 127 },
    'kma.getVilageFcst': { base_date: '20250302', base_time: '1100', nx: 60, ny: 127, numOfRows: 1000 },
    'kma.getMidTa': { regId: '11B10101', tmFc: '202503020600' },
    'kma.getMidLandFcst': { regId: '11B00000', tmFc: '202503020600' },
    'airkorea.getMsrstnList': { addr: '서울' },
    'airkorea.getTMStdrCrdnt': { umdName: '청운동' },
    'airkorea.getNearbyMsrstnList': { tmX: Number(tm.x.toFixed(6)), tmY: Number(tm.y.toFixed(6)) },
    'airkorea.getMsrstnAcctoRltmMesureDnsty': { stationName: '종로구', dataTerm: 'DAILY' },
    'airkorea.getCtprvnRltmMesureDnsty': { sidoName: '서울' },
    'kasi.getRestDeInfo': { solYear: '2025', solMonth: '05' },
    'kasi.getHoliDeInfo': { solYear: '2026', solMonth: '07' },
    'kasi.getLCRiseSetInfo': { locdate: '20250301', longitude: 126.978, latitude: 37.5665, dnYn: 'Y' },
    'molit.getRTMSDataSvcAptTradeDev': { LAWD_CD: '11680', DEAL_YMD: '202501' },
    'molit.getRTMSDataSvcAptRent': { LAWD_CD: '11680', DEAL_YMD: '202501' },
    'molit.getRTMSDataSvcOffiTrade': { LAWD_CD: officetelSigungu.code5, DEAL_YMD: '202412' },
    'molit.getBrTitleInfo': {
      sigunguCd: '11680',
      bjdongCd: apt.emd.code10.slice(5),
      platGbCd: '0',
      bun: String(apt.bun).padStart(4, '0'),
      ji: String(apt.ji).padStart(4, '0'),
    },
    'tour.ldongCode2': { lDongRegnCd: '47' },
    'tour.areaBasedList2': { lDongRegnCd: '47', lDongSignguCd: '130' },
    'tour.locationBasedList2': { mapX: Number(content.point.lon.toFixed(6)), mapY: Number(content.point.lat.toFixed(6)), radius: 3000, arrange: 'E' },
    'tour.searchKeyword2': { keyword: content.title.split(' ').pop()! },
    'tour.searchFestival2': { eventStartDate: '20250101', lDongRegnCd: '47', lDongSignguCd: '130' },
    'tour.detailCommon2': { contentId: content.contentId },
    'tour.detailIntro2': { contentId: festival.contentId, contentTypeId: '15' },
    'hira.getHospBasisList': { emdongNm: hospital.building.emd.name },
    'hira.getDtlInfo': { ykiho: hospital.ykiho },
    'hira.getParmacyBasisList': { emdongNm: pharmacy.building.emd.name },
    'nmc.getHsptlMdcncListInfoInqire': { Q0: '서울특별시', Q1: '강남구' },
    'nmc.getParmacyListInfoInqire': { Q0: '서울특별시', Q1: '강남구' },
    'nts.businessStatus': { b_no: [bno] },
    'nts.businessValidate': { businesses: [{ b_no: bno, start_dt: record.startDt, p_nm: record.representative }] },
    'tago.getCrdntPrxmtSttnList': { gpsLati: Number(tagoStop.point.lat.toFixed(6)), gpsLong: Number(tagoStop.point.lon.toFixed(6)) },
    'tago.getSttnAcctoArvlPrearngeInfoList': { cityCode: tagoStop.cityCode, nodeId: tagoStop.id },
    'seoulbus.getStationByPos': { tmX: Number(seoulStop.point.lon.toFixed(6)), tmY: Number(seoulStop.point.lat.toFixed(6)), radius: 300 },
    'seoulbus.getStationByUid': { arsId: seoulStop.arsId },
    'semas.storeListInRadius': { cx: Number(shop.point.lon.toFixed(6)), cy: Number(shop.point.lat.toFixed(6)), radius: 300 },
    'semas.storeListInPnu': { key: world.pnu(shop.building) },
    'semas.storeListInBuilding': { key: shop.building.bdMgtSn },
    'kosis.statisticsSearch': { searchNm: '미분양' },
    'kosis.statisticsParameterData': { orgId: '116', tblId: 'DT_MLTM_2086', objL1: 'ALL', itmId: 'ALL', prdSe: 'Y', startPrdDe: '2021', endPrdDe: '2022' },
  };
}
