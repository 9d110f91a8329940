// EDGE verification against the emulator (default seed, a fixed clock): the chains of the API reference (§4,
// §10) that the catalog covers are found, type-compatible pairs that do not really work are rejected, and a
// renamed field turns its links stale on re-verification.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEdge, type Edge } from '../../../main/core/edges/types.ts';
import { Engine } from '../../../main/engine/Engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileTempDir } from '../../helpers/tempDir.ts';

/** Ground truth: links a chain of the reference needs, as `kopa edges list` writes them. */
const MUST_HOLD = [
  'juso.addrLinkApi.admCd ─[legalDong10→lawdCd5]→ molit.getRTMSDataSvcAptTradeDev.LAWD_CD',
  'mois.getStanReginCdList.region_cd ─[legalDong10→lawdCd5]→ molit.getRTMSDataSvcAptRent.LAWD_CD',
  'molit.getRTMSDataSvcAptTradeDev.sggCd+umdCd+bonbun+bubun → molit.getBrTitleInfo.sigunguCd+bjdongCd+bun+ji',
  'mois.getStanReginCdList.region_cd ─[legalDong10→lawdCd5+bjdongCd5]→ molit.getBrTitleInfo.sigunguCd+bjdongCd',
  'mois.getStanReginCdList.region_cd ─[legalDong10→sidoCd2+sigunguCd3]→ tour.searchFestival2.lDongRegnCd+lDongSignguCd',
  'mois.getStanReginCdList.locallow_nm → airkorea.getTMStdrCrdnt.umdName',
  'juso.addrLinkApi.emdNm → hira.getHospBasisList.emdongNm',
  'juso.addrLinkApi.admCd+rnMgtSn+udrtYn+buldMnnm+buldSlno → juso.addrCoordApi.admCd+rnMgtSn+udrtYn+buldMnnm+buldSlno',
  'juso.addrLinkApi.bdMgtSn → semas.storeListInBuilding.key',
  'juso.addrLinkApi.siNm → nmc.getParmacyListInfoInqire.Q0',
  'juso.addrCoordApi.entX+entY → local.utmkToWgs84.x+y',
  'juso.addrCoordApi.entX+entY ─[utmk→latLon]→ hira.getHospBasisList.yPos+xPos',
  'vworld.getCoord.y+x ─[latLon→kmaGrid]→ kma.getUltraSrtNcst.nx+ny',
  'vworld.getCoord.y+x → local.latLonToKmaGrid.lat+lon',
  'local.latLonToKmaGrid.nx+ny → kma.getVilageFcst.nx+ny',
  'airkorea.getTMStdrCrdnt.tmX+tmY → airkorea.getNearbyMsrstnList.tmX+tmY',
  'airkorea.getNearbyMsrstnList.stationName → airkorea.getMsrstnAcctoRltmMesureDnsty.stationName',
  'molit.getRTMSDataSvcAptTradeDev.sggCd+umdCd+landCd+bonbun+bubun ─[rtms→pnu]→ semas.storeListInPnu.key',
  'tour.searchFestival2.contentid+contenttypeid → tour.detailIntro2.contentId+contentTypeId',
  'tour.locationBasedList2.contentid → tour.detailCommon2.contentId',
  'tour.detailCommon2.mapy+mapx ─[latLon→kmaGrid]→ kma.getVilageFcst.nx+ny',
  'tour.locationBasedList2.mapy+mapx → kasi.getLCRiseSetInfo.latitude+longitude',
  'hira.getHospBasisList.ykiho → hira.getDtlInfo.ykiho',
  'tago.getCrdntPrxmtSttnList.citycode+nodeid → tago.getSttnAcctoArvlPrearngeInfoList.cityCode+nodeId',
  'seoulbus.getStationByPos.arsId → seoulbus.getStationByUid.arsId',
  'seoulbus.getStationByPos.gpsY+gpsX ─[latLon→kmaGrid]→ kma.getUltraSrtFcst.nx+ny',
  'kosis.statisticsSearch.ORG_ID+TBL_ID → kosis.statisticsParameterData.orgId+tblId',
  'airkorea.getTMStdrCrdnt.sidoName ─[sidoName→sidoShortName]→ airkorea.getCtprvnRltmMesureDnsty.sidoName',
];

/** Ground truth: pairs whose formats or names agree but whose values mean something else. */
const MUST_FAIL = [
  // HIRA numbers regions its own way (서울 110000), not by 법정동 code.
  'mois.getStanReginCdList.sido_cd → hira.getHospBasisList.sidoCd',
  'mois.getStanReginCdList.sgg_cd → hira.getHospBasisList.sgguCd',
  'molit.getRTMSDataSvcAptTradeDev.sggCd → hira.getHospBasisList.sgguCd',
  // Five digits each, but a zip code or a dong part is not a district code.
  'juso.addrLinkApi.zipNo → molit.getRTMSDataSvcAptTradeDev.LAWD_CD',
  'molit.getRTMSDataSvcAptTradeDev.umdCd → molit.getRTMSDataSvcAptRent.LAWD_CD',
  // AirKorea wants 서울, not 서울특별시: only the transform works.
  'airkorea.getTMStdrCrdnt.sidoName → airkorea.getCtprvnRltmMesureDnsty.sidoName',
  // A holiday is not a forecast issue date.
  'kasi.getRestDeInfo.locdate → kma.getUltraSrtNcst.base_date',
];

let dataDir: string;
let edges: Map<string, Edge>;
let firstVersion: number;

beforeAll(async () => {
  dataDir = fileTempDir();
  const engine = Engine.open({ dataDir, host: 'test', emulator: { now: () => TEST_NOW } });
  try {
    const summary = await engine.call('edges.verify', {});
    expect(summary.checked).toBe(summary.totals.verified + summary.totals.rejected + summary.untried);
    firstVersion = summary.graphVersion;
    edges = new Map((await engine.call('edges.list', {})).edges.map((e) => [describeEdge(e), e]));
  } finally {
    await engine.dispose();
  }
}, 120_000);

describe('EDGE verification on the emulator', () => {
  it('proposes candidates of every basis', () => {
    const bases = new Set([...edges.values()].map((e) => e.basis));
    expect(bases).toEqual(new Set(['semantic', 'transform', 'lexical']));
  });

  it("ranks a region's own code above its parent's as the source of an apartment-deal area code", () => {
    const into = [...edges.values()].filter((e) => e.fromTool === 'mois.getStanReginCdList' && e.toParams.join() === 'LAWD_CD');
    const own = into.find((e) => e.fromFields.join() === 'region_cd')!;
    const parent = into.find((e) => e.fromFields.join() === 'locathigh_cd')!;
    expect(own.score).toBeGreaterThan(parent.score + 0.02);
  });

  it.each(MUST_HOLD)('verifies %s', (link) => {
    const edge = edges.get(link);
    expect(edge, `${link} was not proposed`).toBeDefined();
    expect(edge!.status, edge!.reason ?? '').toBe('verified');
    expect(edge!.trialsOk).toBeGreaterThanOrEqual(2);
  });

  it.each(MUST_FAIL)('rejects %s, keeping why', (link) => {
    const edge = edges.get(link);
    expect(edge, `${link} was not proposed`).toBeDefined();
    expect(edge!.status).toBe('rejected');
    expect(edge!.reason).toMatch(/trials failed: (no rows|InvalidParam|NoData)/);
  });

  it('keeps every trial as evidence', async () => {
    const engine = Engine.open({ dataDir, host: 'test', emulator: { now: () => TEST_NOW } });
    try {
      const link = edges.get(MUST_HOLD[0]!)!;
      const detail = await engine.call('edges.show', { id: link.id.slice(0, 8) });
      expect(detail.edge.id).toBe(link.id);
      expect(detail.trials).toHaveLength(3);
      expect(detail.trials.every((t) => t.backend === 'emulator' && /^[0-9a-f]{64}$/.test(t.inputsHash) && typeof t.sampleValues.LAWD_CD === 'string')).toBe(
        true,
      );
      expect(new Set(detail.trials.map((t) => t.sampleValues.LAWD_CD)).size).toBeGreaterThan(1);
    } finally {
      await engine.dispose();
    }
  });

  it("verifies one link again on its own (the graph view's button), leaving the others as they were", async () => {
    const engine = Engine.open({ dataDir, host: 'test', emulator: { now: () => TEST_NOW } });
    try {
      const link = edges.get(MUST_HOLD[1]!)!;
      const other = edges.get(MUST_HOLD[2]!)!;
      const summary = await engine.call('edges.verify', { edges: [link.id] });
      expect(summary).toMatchObject({ checked: 1, verified: 1, rejected: 0 });
      expect((await engine.call('edges.show', { id: link.id })).trials.length).toBeGreaterThan(3);
      expect((await engine.call('edges.show', { id: other.id })).edge.checkedAt).toBe(other.checkedAt);
      await expect(engine.call('edges.verify', { edges: ['e0000000000000'] })).rejects.toThrow(/There is no link e0000000000000/);
    } finally {
      await engine.dispose();
    }
  });

  it('turns the links of a renamed field stale on re-verification, and moves the graph version on', async () => {
    const drifted = Engine.open({
      dataDir,
      host: 'test',
      emulator: { now: () => TEST_NOW, faults: { name: 'renamed', drift: [{ tool: 'airkorea.getNearbyMsrstnList', from: 'stationName', to: 'stnName' }] } },
    });
    try {
      const summary = await drifted.call('edges.verify', { staleAfterMs: 0 });
      expect(summary.stale).toBeGreaterThan(0);
      expect(summary.graphVersion).toBeGreaterThan(firstVersion);
      const after = new Map((await drifted.call('edges.list', {})).edges.map((e) => [describeEdge(e), e]));
      const broken = after.get('airkorea.getNearbyMsrstnList.stationName → airkorea.getMsrstnAcctoRltmMesureDnsty.stationName')!;
      expect(broken.status).toBe('stale');
      expect(broken.reason).toContain('no stationName in airkorea.getNearbyMsrstnList');
      expect(broken.graphVersion).toBe(summary.graphVersion);
      expect(after.get(MUST_HOLD[0]!)!.status).toBe('verified');
    } finally {
      await drifted.dispose();
    }
  }, 120_000);
});
