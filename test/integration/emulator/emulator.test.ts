// The emulator as a real client meets it: every catalog operation at its real path (Host header and all), in
// JSON and in XML where the API offers both, with the same rows either way once normalised; and the quirks.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../main/core/gateway/buildRequest.ts';
import { interpretResponse } from '../../../main/core/gateway/interpret.ts';
import type { RemoteToolSpec } from '../../../main/core/catalog/types.ts';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { bundledCatalog, remoteSpec } from '../../helpers/catalog.ts';
import { sampleArgs, TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileEmulator } from '../../helpers/engine.ts';

const KEY = 'test+key/with==';
let emulator: EmulatorServer;
let args: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  emulator = await fileEmulator({ key: KEY, seed: 7, now: () => TEST_NOW });
  args = sampleArgs(emulator.world);
});

async function fetchAs(
  spec: RemoteToolSpec,
  toolArgs: Record<string, unknown>,
  format: 'json' | 'xml',
  key = KEY,
): Promise<{ status: number; contentType: string; body: string }> {
  const req = buildRequest({ ...spec, format: { ...spec.format, request: format } }, toolArgs, key);
  const url = new URL(req.url);
  const response = await fetch(`${emulator.url}${url.pathname}${url.search}`, {
    method: req.method,
    headers: { ...req.headers, 'x-original-host': url.host },
    body: req.body,
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

describe('emulator', () => {
  const tools = bundledCatalog().remoteTools();

  it('has world-derived arguments for every operation', () => {
    expect(Object.keys(sampleArgs(emulator.world)).sort()).toEqual(tools.map((t) => t.id).sort());
  });

  it.each(tools.map((t) => [t.id]))('%s answers at its real path, with the same rows in JSON and XML', async (id) => {
    const spec = remoteSpec(id);
    const formats: ('json' | 'xml')[] = spec.format.param && spec.format.json && spec.format.xml ? ['json', 'xml'] : [spec.format.request];
    const results = [];
    for (const format of formats) {
      const raw = await fetchAs(spec, args[id]!, format);
      expect(raw.contentType).toContain(format === 'json' ? 'json' : 'xml');
      const outcome = interpretResponse(spec, raw);
      expect(outcome.error, `${id} (${format}): ${outcome.error?.message}`).toBeNull();
      expect(outcome.items.length, `${id} (${format}) returned no rows`).toBeGreaterThan(0);
      expect(outcome.warnings).toEqual([]);
      results.push(outcome.items);
    }
    if (results.length === 2) expect(results[1]).toEqual(results[0]);
  });

  it('tells hosts apart by the Host header where two services share a path shape', async () => {
    const response = await fetch(`${emulator.url}/does/not/exist`);
    expect(response.status).toBe(404);
  });

  it('answers an unregistered (or double-encoded) key with the XML gateway error, even when JSON was asked', async () => {
    const spec = remoteSpec('kma.getUltraSrtNcst');
    const wrong = await fetchAs(spec, args[spec.id]!, 'json', 'wrong-key');
    // What a client that encodes the portal's "Encoding" key again sends: %252B instead of %2B.
    const doubleEncoded = await fetch(
      `${emulator.url}${spec.endpoint.path}?serviceKey=${encodeURIComponent(encodeURIComponent(KEY))}&dataType=JSON&base_date=20250301&base_time=1400&nx=60&ny=127`,
    );
    for (const raw of [
      wrong,
      { status: doubleEncoded.status, contentType: doubleEncoded.headers.get('content-type') ?? '', body: await doubleEncoded.text() },
    ]) {
      expect(raw.body).toContain('<OpenAPI_ServiceResponse>');
      expect(raw.body).toContain('<returnReasonCode>30</returnReasonCode>');
      expect(interpretResponse(spec, raw).error?.kind).toBe('BadKey');
    }
  });

  it('answers missing mandatory parameters with code 11, and a future or day-old base time with 03', async () => {
    const spec = remoteSpec('kma.getUltraSrtNcst');
    const missing = interpretResponse(spec, await fetchAs(spec, { base_date: '20250301', nx: 60, ny: 127 }, 'json'));
    expect(missing).toMatchObject({ resultCode: '11', error: { kind: 'InvalidParam' } });
    const future = interpretResponse(spec, await fetchAs(spec, { base_date: '20250302', base_time: '2300', nx: 60, ny: 127 }, 'json'));
    const dayOld = interpretResponse(spec, await fetchAs(spec, { base_date: '20250301', base_time: '1400', nx: 60, ny: 127 }, 'json'));
    expect(dayOld.resultCode).toBe('03');
    expect(future).toMatchObject({ resultCode: '03', error: { kind: 'NoData' } });
  });

  it('renders one row as an object (KMA and TourAPI: an array of one, as their real bodies) and no rows as "" in JSON', async () => {
    const august = JSON.parse((await fetchAs(remoteSpec('kasi.getRestDeInfo'), { solYear: '2025', solMonth: '08' }, 'json')).body);
    expect(august.response.body.items.item).toMatchObject({ dateName: '광복절', locdate: 20250815 });
    const midTa = JSON.parse((await fetchAs(remoteSpec('kma.getMidTa'), args['kma.getMidTa']!, 'json')).body);
    expect(midTa.response.body.items.item).toHaveLength(1);
    const empty = JSON.parse((await fetchAs(remoteSpec('kasi.getRestDeInfo'), { solYear: '2025', solMonth: '04' }, 'json')).body);
    expect(empty.response.body).toMatchObject({ items: '', totalCount: 0 });
  });

  it('holds 2027: 제헌절 a day off again with its substitute Monday, 설날 by the Korean new moon, and no year past the list', async () => {
    const monthOf = async (solYear: string, solMonth: string) =>
      interpretResponse(remoteSpec('kasi.getRestDeInfo'), await fetchAs(remoteSpec('kasi.getRestDeInfo'), { solYear, solMonth }, 'json'));
    const july = await monthOf('2027', '07');
    expect(july.items.map((r) => [r.locdate, r.dateName])).toEqual([
      ['20270717', '제헌절'],
      ['20270719', '대체공휴일'],
    ]);
    const february = await monthOf('2027', '02');
    expect(february.items.map((r) => r.locdate)).toEqual(['20270206', '20270207', '20270208', '20270209']);
    const national = JSON.parse((await fetchAs(remoteSpec('kasi.getHoliDeInfo'), { solYear: '2027', solMonth: '07' }, 'json')).body);
    expect(national.response.body.items.item).not.toContainEqual(expect.objectContaining({ isHoliday: 'N' }));
    expect(await monthOf('2028', '01')).toMatchObject({ resultCode: '03', error: { kind: 'NoData' } });
  });

  it("writes AirKorea's rows as a bare array and its midnight as 24:00", async () => {
    const body = JSON.parse(
      (await fetchAs(remoteSpec('airkorea.getMsrstnAcctoRltmMesureDnsty'), { stationName: '종로구', dataTerm: 'DAILY', numOfRows: 24 }, 'json')).body,
    );
    expect(Array.isArray(body.response.body.items)).toBe(true);
    expect(body.response.body.items.map((r: { dataTime: string }) => r.dataTime)).toContain('2025-03-01 24:00');
  });

  it('names every AirKorea station once in the country, so a name alone finds its readings', async () => {
    const names = emulator.world.airStations().map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const shared = names.find((n) => n.includes('('))!;
    expect(shared).toMatch(/^\S+[동읍면가]\(.+\)$/);
    const body = JSON.parse(
      (await fetchAs(remoteSpec('airkorea.getMsrstnAcctoRltmMesureDnsty'), { stationName: shared, dataTerm: 'MONTH', numOfRows: 10, pageNo: 3 }, 'json')).body,
    );
    expect(body.response.body).toMatchObject({ totalCount: 720, pageNo: 3, numOfRows: 10 });
    expect(body.response.body.items).toHaveLength(10);
  });

  it('answers MOLIT with 000 and comma amounts, TourAPI with 0000, and TourAPI errors without an envelope', async () => {
    const molit = (await fetchAs(remoteSpec('molit.getRTMSDataSvcAptTradeDev'), args['molit.getRTMSDataSvcAptTradeDev']!, 'xml')).body;
    expect(molit).toContain('<resultCode>000</resultCode>');
    expect(molit).toMatch(/<dealAmount>\s+\d{1,3}(,\d{3})+<\/dealAmount>/);
    const tour = JSON.parse((await fetchAs(remoteSpec('tour.areaBasedList2'), args['tour.areaBasedList2']!, 'json')).body);
    expect(tour.response.header.resultCode).toBe('0000');
    const spec = remoteSpec('tour.areaBasedList2');
    const noMobileOs = await fetchAs({ ...spec, fixed: { MobileApp: 'x' } }, args[spec.id]!, 'json');
    expect(JSON.parse(noMobileOs.body)).toMatchObject({ resultCode: '10' });
    expect(JSON.parse(noMobileOs.body).response).toBeUndefined();
  });
});
