// One handler per remote tool of the catalog; a test checks that none is missing.
import { addrCoordApi, addrLinkApi, getCoord, stanReginCd } from './address.ts';
import { getCtprvnRltmMesureDnsty, getMsrstnAcctoRltmMesureDnsty, getMsrstnList, getNearbyMsrstnList, getTMStdrCrdnt } from './airkorea.ts';
import { ntsStatus, ntsValidate, storeListInBuilding, storeListInPnu, storeListInRadius } from './business.ts';
import { dtlInfo, hospBasisList, hsptlMdcncList, parmacyBasisList, parmacyList } from './health.ts';
import { getHoliDeInfo, getLCRiseSetInfo, getRestDeInfo } from './kasi.ts';
import { getMidLandFcst, getMidTa, getUltraSrtFcst, getUltraSrtNcst, getVilageFcst } from './kma.ts';
import { statisticsParameterData, statisticsSearch } from './kosis.ts';
import { aptRent, aptTrade, brTitleInfo, offiTrade } from './molit.ts';
import { areaBasedList2, detailCommon2, detailIntro2, ldongCode2, locationBasedList2, searchFestival2, searchKeyword2 } from './tour.ts';
import { seoulArrivals, seoulStationsByPos, tagoArrivals, tagoNearbyStops } from './transport.ts';
import type { Handler } from './types.ts';

export const handlers: Record<string, Handler> = {
  'mois.getStanReginCdList': stanReginCd,
  'juso.addrLinkApi': addrLinkApi,
  'juso.addrCoordApi': addrCoordApi,
  'vworld.getCoord': getCoord,
  'kma.getUltraSrtNcst': getUltraSrtNcst,
  'kma.getUltraSrtFcst': getUltraSrtFcst,
  'kma.getVilageFcst': getVilageFcst,
  'kma.getMidTa': getMidTa,
  'kma.getMidLandFcst': getMidLandFcst,
  'airkorea.getMsrstnList': getMsrstnList,
  'airkorea.getTMStdrCrdnt': getTMStdrCrdnt,
  'airkorea.getNearbyMsrstnList': getNearbyMsrstnList,
  'airkorea.getMsrstnAcctoRltmMesureDnsty': getMsrstnAcctoRltmMesureDnsty,
  'airkorea.getCtprvnRltmMesureDnsty': getCtprvnRltmMesureDnsty,
  'kasi.getRestDeInfo': getRestDeInfo,
  'kasi.getHoliDeInfo': getHoliDeInfo,
  'kasi.getLCRiseSetInfo': getLCRiseSetInfo,
  'molit.getRTMSDataSvcAptTradeDev': aptTrade,
  'molit.getRTMSDataSvcAptRent': aptRent,
  'molit.getRTMSDataSvcOffiTrade': offiTrade,
  'molit.getBrTitleInfo': brTitleInfo,
  'tour.ldongCode2': ldongCode2,
  'tour.areaBasedList2': areaBasedList2,
  'tour.locationBasedList2': locationBasedList2,
  'tour.searchKeyword2': searchKeyword2,
  'tour.searchFestival2': searchFestival2,
  'tour.detailCommon2': detailCommon2,
  'tour.detailIntro2': detailIntro2,
  'hira.getHospBasisList': hospBasisList,
  'hira.getDtlInfo': dtlInfo,
  'hira.getParmacyBasisList': parmacyBasisList,
  'nmc.getHsptlMdcncListInfoInqire': hsptlMdcncList,
  'nmc.getParmacyListInfoInqire': parmacyList,
  'nts.businessStatus': ntsStatus,
  'nts.businessValidate': ntsValidate,
  'tago.getCrdntPrxmtSttnList': tagoNearbyStops,
  'tago.getSttnAcctoArvlPrearngeInfoList': tagoArrivals,
  'seoulbus.getStationByPos': seoulStationsByPos,
  'seoulbus.getStationByUid': seoulArrivals,
  'semas.storeListInRadius': storeListInRadius,
  'semas.storeListInPnu': storeListInPnu,
  'semas.storeListInBuilding': storeListInBuilding,
  'kosis.statisticsSearch': statisticsSearch,
  'kosis.statisticsParameterData': statisticsParameterData,
};
