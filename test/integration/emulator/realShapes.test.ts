// The emulator held to the bodies real services sent (../shared/reference/raw-responses): for each, the emulator's
// answer to the same request (same tool and parameters, as far as its world allows) has the same envelope and
// result-code conventions, and per row the same field names (none the real service does not send, every one it
// sends) with values of the same kinds. Skipped, with the reason, where that folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../main/core/gateway/buildRequest.ts';
import { interpretResponse } from '../../../main/core/gateway/interpret.ts';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import type { World } from '../../../main/engine/emulator/world/World.ts';
import { bodyShape, shapeDifferences } from '../../helpers/bodyShape.ts';
import { remoteSpec } from '../../helpers/catalog.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { fileEmulator } from '../../helpers/engine.ts';

const DIR = path.resolve(repoRoot, '..', 'shared', 'reference', 'raw-responses');
const MANIFEST = path.join(DIR, 'MANIFEST.json');
const KEY = 'real-shapes-key';

/** What to ask the emulator for each real body: the same request, with values its world has. */
interface Ask {
  args: Record<string, unknown>;
  /** The key sent: the right one unless a body shows a refused or missing key. */
  key?: string;
  /** The format asked for, where the real body was not the tool's default. */
  format?: 'json' | 'xml';
  /** Parts the capturer of the real body dropped (its notes say so), which the service does send. */
  notCaptured?: string[];
}

function asks(world: World): Record<string, Ask> {
  const gangneung = world.places.of(world.regions.sigungu('51150')!);
  const sight = gangneung.tour.find((c) => c.typeId === '12')!;
  const restaurant = world.places
    .all()
    .flatMap((p) => p.tour)
    .find((c) => c.typeId === '39')!;
  const festival = world.places
    .all()
    .flatMap((p) => p.tour)
    .find((c) => c.typeId === '15' && c.event && c.event.end >= '20250101')!;
  const apt = world.places.of(world.regions.sigungu('41135')!).buildings.find((b) => b.kind === 'apartment')!;
  const stop =
    world.places.of(world.regions.sigungu('47190')!).stops[0] ??
    world.places
      .all()
      .flatMap((p) => p.stops)
      .find((s) => s.cityCode)!;
  const registered = world.businesses.all()[0]!;
  const station = world.placesIn({ sido: '11' }).flatMap((p) => p.stations)[0]!;
  const sejongdaero = world.roadAddress(world.findBuilding((b) => b.buldSlno === 0, '11140')!).part1;
  // VWorld's captures kept `service` without its `time` ("normally N(ms)", say their notes).
  const vworld = { notCaptured: ['$.response.service.time'] };
  return {
    'airkorea.getCtprvnRltmMesureDnsty__Hansan529-airkorea-nationwide.json': { args: { sidoName: '전국', numOfRows: 700, ver: '1.0' } },
    'airkorea.getCtprvnRltmMesureDnsty__Hansan529-airkorea.json': { args: { sidoName: '서울', numOfRows: 10, ver: '1.0' } },
    'airkorea.getMsrstnAcctoRltmMesureDnsty__Hansan529-airkorea.json': { args: { stationName: station.name, dataTerm: 'DAILY', numOfRows: 10, ver: '1.0' } },
    'airkorea.getMsrstnList__Hansan529-airkorea.json': { args: { numOfRows: 700 } },
    'juso.addrLinkApi__jhintmain-truefriend.json': { args: { keyword: `${apt.road.name} ${apt.buldMnnm}`, countPerPage: 1 } },
    // The emulator's calendar holds 2024–2027; 2025 has 제헌절 as a national day that is not a day off, as 2021 did.
    'kasi.getHoliDeInfo__jinahya-spcdeinfoservice-2021.xml': { args: { solYear: '2025', numOfRows: 100 }, format: 'xml' },
    'kasi.getRestDeInfo__jinahya-spcdeinfoservice-2021.xml': { args: { solYear: '2025', numOfRows: 100 }, format: 'xml' },
    'kasi.getRestDeInfo__kdevkr-blog-gateway-error30.xml': { args: { solYear: '2021' }, key: 'not-registered' },
    'kma.getMidLandFcst__tourlint-mid_land_0600.json': { args: { regId: '11D20000', tmFc: '202503020600' } },
    'kma.getMidLandFcst__tourlint-mid_land_1800.json': { args: { regId: '11D20000', tmFc: '202503011800' } },
    'kma.getMidLandFcst__tourlint-unknown_region.json': { args: { regId: '11D20301', tmFc: '202503020600' } },
    'kma.getUltraSrtNcst__chaijewon-SpringBootLastProject.json': { args: { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 } },
    'nts.businessStatus__yonggyo1125-lecture_portfolio.json': { args: { b_no: [registered.bno] } },
    'tago.getSttnAcctoArvlPrearngeInfoList__Juhyorim-lime-server.json': { args: { cityCode: stop.cityCode, nodeId: stop.id } },
    'tour.areaBasedList2__tourlint-gangneung.json': { args: { lDongRegnCd: '51', lDongSignguCd: '150', numOfRows: 20, arrange: 'O' } },
    'tour.detailCommon2__tourlint-125790.json': { args: { contentId: sight.contentId } },
    'tour.detailIntro2__tourlint-126508.json': { args: { contentId: sight.contentId, contentTypeId: '12' } },
    'tour.detailIntro2__tourlint-134338-restaurant.json': { args: { contentId: restaurant.contentId, contentTypeId: '39' } },
    'tour.ldongCode2__tourlint-sido.json': { args: { numOfRows: 20 } },
    'tour.locationBasedList2__tourlint-gangneung.json': { args: { mapX: sight.point.lon, mapY: sight.point.lat, radius: 3000, arrange: 'E', numOfRows: 10 } },
    'tour.searchFestival2__tourlint-gangneung.json': {
      args: { eventStartDate: '20250101', lDongRegnCd: festival.sigungu.sido.code2, lDongSignguCd: festival.sigungu.code5.slice(2), numOfRows: 1 },
    },
    'tour.searchKeyword2__tourlint-gyeongpodae.json': { args: { keyword: sight.title.split(' ').pop()! } },
    'vworld.getCoord__URSUS-invalid-key.json': { ...vworld, args: { address: sejongdaero, type: 'road' }, key: 'not-registered' },
    'vworld.getCoord__URSUS-missing-key.json': { ...vworld, args: { address: sejongdaero, type: 'road' }, key: '' },
    'vworld.getCoord__URSUS-not-found.json': { ...vworld, args: { address: sejongdaero, type: 'parcel' } },
    'vworld.getCoord__URSUS-road-sejongdaero110.json': { ...vworld, args: { address: sejongdaero, type: 'road' } },
  };
}

let emulator: EmulatorServer;

async function ask(tool: string, request: Ask): Promise<{ status: number; contentType: string; body: string }> {
  const spec = remoteSpec(tool);
  const req = buildRequest(request.format ? { ...spec, format: { ...spec.format, request: request.format } } : spec, request.args, request.key ?? KEY);
  const url = new URL(req.url);
  if (request.key === '') for (const name of ['key', 'serviceKey', 'ServiceKey', 'confmKey']) url.searchParams.delete(name);
  const response = await fetch(`${emulator.url}${url.pathname}${url.search}`, {
    method: req.method,
    headers: { ...req.headers, 'x-original-host': url.host },
    body: req.body,
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

describe.skipIf(!existsSync(MANIFEST))('the emulator beside real bodies', () => {
  const manifest = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: { file: string; tool: string }[] }) : { files: [] };
  let requests: Record<string, Ask>;

  beforeAll(async () => {
    emulator = await fileEmulator({ key: KEY, seed: 7, now: () => TEST_NOW });
    requests = asks(emulator.world);
  });

  it('has a request for every real body', () => {
    expect(Object.keys(requests).sort()).toEqual(manifest.files.map((f) => f.file).sort());
  });

  it.each(manifest.files.map((f) => [f.file, f.tool]))('%s: same envelope, fields and kinds', async (file, tool) => {
    const real = readFileSync(path.join(DIR, file), 'utf8');
    const emulated = await ask(tool, requests[file]!);
    const xml = real.trim().startsWith('<');
    expect(emulated.body.trim().startsWith('<'), `${file}: the emulator answered in another format: ${emulated.body.slice(0, 200)}`).toBe(xml);
    const dropped = new Set(requests[file]!.notCaptured);
    const differences = shapeDifferences(bodyShape(real), bodyShape(emulated.body), { xml }).filter((d) => !dropped.has(d.split(':')[0]!));
    expect(differences, `${file}:\n${differences.join('\n')}`).toEqual([]);
    const spec = remoteSpec(tool);
    const [realOutcome, emulatedOutcome] = [
      interpretResponse(spec, { status: 200, contentType: xml ? 'application/xml' : 'application/json', body: real }),
      interpretResponse(spec, emulated),
    ];
    expect(emulatedOutcome.error?.kind ?? null).toBe(realOutcome.error?.kind ?? null);
    expect(emulatedOutcome.resultCode).toBe(realOutcome.resultCode);
    expect(emulatedOutcome.warnings).toEqual([]);
  });
});

if (!existsSync(MANIFEST)) console.warn(`real response bodies: ${DIR} is not there, so the emulator's shape test against them is skipped.`);
