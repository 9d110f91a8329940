// AirKorea: stations, TM coordinates of 읍면동, nearest stations, hourly measurements (midnight written as 24:00
// of the day before, missing values as "-").
import { fromTransverseMercator, KOREA_CENTRAL_TM, toTransverseMercator } from '../../../core/geo/transverseMercator.ts';
import { airReading, khai, pm10Grade, pm25Grade } from '../world/airQuality.ts';
import type { AirStation } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { kst, lazyRows, pad, rows, INVALID, type Handler } from './types.ts';

const HOUR = 3_600_000;
const dash = (v: number | null): string => (v === null ? '-' : String(v));
/** A grade or flag the service has no value for is null in its JSON, as in the real bodies. */
const orNull = (v: number | string | null): string | null => (v === null ? null : String(v));

function stationsOf(world: World, short: string): AirStation[] {
  if (short === '전국') return world.airStations();
  const sido = world.regions.sidoByShort(short);
  return sido ? world.placesIn({ sido: sido.code2 }).flatMap((p) => p.stations) : [];
}

/** AirKorea writes the hour ending at midnight as 24:00 of the day before. */
function dataTime(hour: Date): string {
  if (hour.getUTCHours() === 0) {
    const before = new Date(hour.getTime() - 24 * HOUR);
    return `${before.toISOString().slice(0, 10)} 24:00`;
  }
  return `${hour.toISOString().slice(0, 10)} ${pad(hour.getUTCHours(), 2)}:00`;
}

/**
 * The `ver` a request asks for, as a number (absent: 0). The real v1.0 body carries PM2.5 but neither the 24-hour
 * moving averages, the network name, the 1-hour grades nor the station code; each later version adds one group
 * (see the catalog's verify notes).
 */
function versionOf(params: Record<string, string>): number {
  const v = Number(params.ver);
  return Number.isFinite(v) ? v : 0;
}

/**
 * One hour's measurement at one station as the `ver` asked for writes it. `named`: whether the row names its
 * station (the 시도 listing does; a station's own readings do only from v1.4, the station being the request's).
 */
function measurement(world: World, station: AirStation, hour: Date, version: number, named: boolean): Record<string, unknown> {
  const r = airReading(world.seed, station, hour);
  const k = khai(r);
  const flag = r.flag;
  return {
    dataTime: dataTime(hour),
    ...(named || version >= 1.4 ? { stationName: station.name } : {}),
    ...(version >= 1.4 ? { stationCode: station.code } : {}),
    ...(version >= 1.2 ? { mangName: station.mangName } : {}),
    so2Value: String(r.so2),
    coValue: String(r.co),
    o3Value: String(r.o3),
    no2Value: String(r.no2),
    pm10Value: dash(r.pm10),
    ...(version >= 1.1 ? { pm10Value24: dash(r.pm10 === null ? null : Math.round(r.pm10 * 0.96)) } : {}),
    ...(version >= 1.0 ? { pm25Value: dash(r.pm25) } : {}),
    ...(version >= 1.1 ? { pm25Value24: dash(r.pm25 === null ? null : Math.round(r.pm25 * 0.96)) } : {}),
    khaiValue: dash(k.value),
    khaiGrade: orNull(k.grade),
    so2Grade: '1',
    coGrade: '1',
    o3Grade: String(r.o3 <= 0.03 ? 1 : r.o3 <= 0.09 ? 2 : r.o3 <= 0.15 ? 3 : 4),
    no2Grade: String(r.no2 <= 0.03 ? 1 : r.no2 <= 0.06 ? 2 : 3),
    pm10Grade: orNull(pm10Grade(r.pm10)),
    ...(version >= 1.0 ? { pm25Grade: orNull(pm25Grade(r.pm25)) } : {}),
    ...(version >= 1.3 ? { pm10Grade1h: orNull(pm10Grade(r.pm10)), pm25Grade1h: orNull(pm25Grade(r.pm25)) } : {}),
    so2Flag: null,
    coFlag: null,
    o3Flag: null,
    no2Flag: null,
    pm10Flag: orNull(flag),
    ...(version >= 1.0 ? { pm25Flag: orNull(flag) } : {}),
  };
}

/** The latest hour whose data is out (data appear about 15 minutes past the hour). */
function latestHour(now: Date): Date {
  const k = kst(new Date(now.getTime() - 15 * 60_000));
  return new Date(Math.floor(k.getTime() / HOUR) * HOUR);
}

export const getMsrstnList: Handler = ({ params, world }) => {
  let list = params.addr ? stationsOf(world, params.addr) : world.airStations();
  if (params.addr && list.length === 0) list = world.airStations().filter((s) => s.addr.includes(params.addr!));
  if (params.stationName) list = list.filter((s) => s.name === params.stationName);
  return rows(
    list.map((s) => ({
      stationName: s.name,
      addr: s.addr,
      year: String(s.year),
      mangName: s.mangName,
      item: 'SO2, CO, O3, NO2, PM10, PM2.5',
      dmX: s.point.lat.toFixed(6),
      dmY: s.point.lon.toFixed(6),
    })),
  );
};

export const getTMStdrCrdnt: Handler = ({ params, world }) => {
  const name = (params.umdName ?? '').trim();
  if (name.length < 2) return INVALID('umdName');
  const emds = world.regions.emdsNamed(name);
  return rows(
    emds.map((e) => {
      const { x, y } = toTransverseMercator(e.center, KOREA_CENTRAL_TM);
      return { sidoName: e.sigungu.sido.name, sggName: e.sigungu.name, umdName: e.name, tmX: x.toFixed(6), tmY: y.toFixed(6) };
    }),
  );
};

export const getNearbyMsrstnList: Handler = ({ params, world }) => {
  const tmX = Number(params.tmX);
  const tmY = Number(params.tmY);
  if (!Number.isFinite(tmX) || !Number.isFinite(tmY)) return INVALID('tmX/tmY');
  const point = fromTransverseMercator({ x: tmX, y: tmY }, KOREA_CENTRAL_TM);
  const nearest = world
    .within(
      point,
      60_000,
      (p) => p.stations,
      (s) => s.point,
    )
    .slice(0, 3);
  return rows(
    nearest.map(({ item, distance }) => ({ stationName: item.name, addr: item.addr, tm: (distance / 1000).toFixed(1) })),
    false,
  );
};

export const getMsrstnAcctoRltmMesureDnsty: Handler = ({ params, world, now }) => {
  const station = world.airStation(params.stationName ?? '');
  if (!station) return rows([]);
  const hours = { DAILY: 24, MONTH: 24 * 30, '3MONTH': 24 * 90 }[params.dataTerm ?? 'DAILY'];
  if (!hours) return INVALID('dataTerm');
  const latest = latestHour(now);
  const version = versionOf(params);
  return rows(lazyRows(hours, (i) => measurement(world, station, new Date(latest.getTime() - i * HOUR), version, false)));
};

export const getCtprvnRltmMesureDnsty: Handler = ({ params, world, now }) => {
  const list = stationsOf(world, params.sidoName ?? '');
  if (list.length === 0) return INVALID('sidoName');
  const latest = latestHour(now);
  const version = versionOf(params);
  return rows(list.map((s) => ({ sidoName: s.sido, ...measurement(world, s, latest, version, true) })));
};
