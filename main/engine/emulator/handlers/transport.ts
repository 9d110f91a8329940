// TAGO stops near a point and arrivals at a stop; Seoul stops by position and arrivals by stop number. Arrivals
// depend on the emulator's clock (a minute-by-minute schedule drawn from the seed).
import { Rng } from '../../../core/random.ts';
import type { BusStop } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { apiError, rows, INVALID, type Handler } from './types.ts';

function arrivalsAt(world: World, stop: BusStop, now: Date): { route: BusStop['routes'][number]; seconds: number; stops: number; second: number }[] {
  const minute = Math.floor(now.getTime() / 60_000);
  return stop.routes.map((route) => {
    const rng = Rng.for(world.seed, 'arrival', stop.id, route.id, Math.floor(minute / 10));
    const headway = rng.int(6, 25) * 60;
    const offset = rng.int(0, headway);
    const seconds = ((offset - (((minute % 10) * 60) % headway) + headway) % headway) + 30;
    return { route, seconds, stops: Math.max(1, Math.round(seconds / 110)), second: seconds + headway };
  });
}

function allStops(world: World, filter: (s: BusStop) => boolean): BusStop[] {
  return world.places.all().flatMap((p) => p.stops.filter(filter));
}

export const tagoNearbyStops: Handler = ({ params, world }) => {
  const point = { lat: Number(params.gpsLati), lon: Number(params.gpsLong) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return INVALID('gpsLati/gpsLong');
  const found = world.within(
    point,
    1000,
    (p) => p.stops.filter((s) => s.cityCode !== undefined),
    (s) => s.point,
  );
  return rows(
    found.map(({ item }) => ({
      citycode: Number(item.cityCode),
      gpslati: Number(item.point.lat.toFixed(7)),
      gpslong: Number(item.point.lon.toFixed(7)),
      nodeid: item.id,
      nodenm: item.name,
      nodeno: Number(item.number),
    })),
  );
};

export const tagoArrivals: Handler = ({ params, world, now }) => {
  const stop = allStops(world, (s) => s.id === params.nodeId && s.cityCode === params.cityCode)[0];
  if (!stop) return rows([]);
  return rows(
    arrivalsAt(world, stop, now)
      .sort((a, b) => a.seconds - b.seconds)
      .map((a) => ({
        arrprevstationcnt: a.stops,
        arrtime: a.seconds,
        nodeid: stop.id,
        nodenm: stop.name,
        routeid: a.route.id,
        routeno: /^\d+$/.test(a.route.no) ? Number(a.route.no) : a.route.no,
        routetp: a.route.type,
        vehicletp: a.route.type === '좌석버스' ? '저상버스' : '일반차량',
      })),
  );
};

export const seoulStationsByPos: Handler = ({ params, world }) => {
  const point = { lon: Number(params.tmX), lat: Number(params.tmY) };
  const radius = Number(params.radius);
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon) || !Number.isFinite(radius)) return apiError('3', '필수 요청 파라미터가 잘못되었습니다.');
  if (point.lat < 37.4 || point.lat > 37.75 || point.lon < 126.7 || point.lon > 127.3)
    return apiError('20', '잘못된 위치로 요청하였습니다. 위경도 좌표값이 정확한지 확인하십시오.');
  const found = world.within(
    point,
    radius,
    (p) => p.stops.filter((s) => s.arsId !== undefined),
    (s) => s.point,
  );
  if (found.length === 0) return apiError('4', '결과가 없습니다.');
  return rows(
    found.map(({ item, distance }) => ({
      arsId: item.arsId,
      dist: String(Math.round(distance)),
      gpsX: item.point.lon.toFixed(11),
      gpsY: item.point.lat.toFixed(11),
      stationId: item.stationId,
      stationNm: item.name,
      stationTp: '0',
    })),
    false,
  );
};

function arrmsg(seconds: number, stops: number): string {
  if (seconds < 60) return '곧 도착';
  return `${Math.floor(seconds / 60)}분${seconds % 60}초후[${stops}번째 전]`;
}

export const seoulArrivals: Handler = ({ params, world, now }) => {
  const stop = allStops(world, (s) => s.arsId === params.arsId && s.arsId !== '0')[0];
  if (!stop) return apiError('4', '결과가 없습니다.');
  return rows(
    arrivalsAt(world, stop, now).map((a) => ({
      arsId: stop.arsId,
      stId: stop.stationId,
      stNm: stop.name,
      busRouteId: a.route.id,
      rtNm: a.route.no,
      routeType: a.route.type === '간선' ? '3' : a.route.type === '지선' ? '4' : '5',
      adirection: `${stop.name.replace(/(주민센터|입구|사거리|시장|초등학교|우체국|아파트)$/, '')}방면`,
      arrmsg1: arrmsg(a.seconds, a.stops),
      arrmsg2: arrmsg(a.second, a.stops + Math.max(1, Math.round((a.second - a.seconds) / 110))),
      traTime1: String(a.seconds),
      traTime2: String(a.second),
    })),
    false,
  );
};
