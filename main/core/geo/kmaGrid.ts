// KMA's Lambert conformal conic grid (5 km cells) for the short-term forecast APIs, with the constants every
// source agrees on: RE 6371.00877 km, GRID 5 km, SLAT1 30°, SLAT2 60°, OLON 126°, OLAT 38°, origin cell (43, 136).
// Rounding is floor(x + 0.5) with XO = 43: mixing XO = 43 with the C code's +1.5 shifts every point by one cell.
import type { LatLon } from './transverseMercator.ts';

const RE = 6371.00877;
const GRID = 5.0;
const SLAT1 = 30.0;
const SLAT2 = 60.0;
const OLON = 126.0;
const OLAT = 38.0;
const XO = 43;
const YO = 136;
const DEG = Math.PI / 180;

const re = RE / GRID;
const slat1 = SLAT1 * DEG;
const slat2 = SLAT2 * DEG;
const olon = OLON * DEG;
const olat = OLAT * DEG;
const sn = Math.log(Math.cos(slat1) / Math.cos(slat2)) / Math.log(Math.tan(Math.PI * 0.25 + slat2 * 0.5) / Math.tan(Math.PI * 0.25 + slat1 * 0.5));
const sf = (Math.tan(Math.PI * 0.25 + slat1 * 0.5) ** sn * Math.cos(slat1)) / sn;
const ro = (re * sf) / Math.tan(Math.PI * 0.25 + olat * 0.5) ** sn;

export interface KmaGridPoint {
  nx: number;
  ny: number;
}

/** The grid cell (nx, ny) that holds a WGS84 point. */
export function latLonToKmaGrid({ lat, lon }: LatLon): KmaGridPoint {
  const ra = (re * sf) / Math.tan(Math.PI * 0.25 + lat * DEG * 0.5) ** sn;
  let theta = lon * DEG - olon;
  if (theta > Math.PI) theta -= 2 * Math.PI;
  if (theta < -Math.PI) theta += 2 * Math.PI;
  theta *= sn;
  return { nx: Math.floor(ra * Math.sin(theta) + XO + 0.5), ny: Math.floor(ro - ra * Math.cos(theta) + YO + 0.5) };
}

/** The centre of a grid cell. */
export function kmaGridToLatLon({ nx, ny }: KmaGridPoint): LatLon {
  const xn = nx - XO;
  const yn = ro - ny + YO;
  let ra = Math.sqrt(xn * xn + yn * yn);
  if (sn < 0) ra = -ra;
  const alat = 2 * Math.atan(((re * sf) / ra) ** (1 / sn)) - Math.PI * 0.5;
  let theta: number;
  if (Math.abs(xn) <= 0) theta = 0;
  else if (Math.abs(yn) <= 0) theta = Math.PI * 0.5 * Math.sign(xn);
  else theta = Math.atan2(xn, yn);
  return { lat: alat / DEG, lon: (theta / sn + olon) / DEG };
}

/** The grid covers Korea with nx in 1..149 and ny in 1..253. */
export function isKmaGridPoint({ nx, ny }: KmaGridPoint): boolean {
  return Number.isInteger(nx) && Number.isInteger(ny) && nx >= 1 && nx <= 149 && ny >= 1 && ny <= 253;
}
