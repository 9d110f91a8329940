// Transverse Mercator on the GRS80 ellipsoid (Snyder, "Map Projections: A Working Manual", USGS 1987, §8), with
// the two Korean grids the catalog meets: UTM-K (EPSG:5179, juso's entX/entY) and the central-belt TM used for
// AirKorea's tmX/tmY (EPSG:5181). Accurate to well under a metre inside Korea.

export interface TransverseMercatorGrid {
  /** Latitude of origin, degrees. */
  lat0: number;
  /** Central meridian, degrees. */
  lon0: number;
  /** Scale factor on the central meridian. */
  k0: number;
  falseEasting: number;
  falseNorthing: number;
}

/** UTM-K: what juso.go.kr's coordinate API returns (entX, entY in metres). */
export const UTMK: TransverseMercatorGrid = { lat0: 38, lon0: 127.5, k0: 0.9996, falseEasting: 1_000_000, falseNorthing: 2_000_000 };

/** Korea 2000 central belt (EPSG:5181): the TM grid of AirKorea's tmX/tmY, as this project models it. */
export const KOREA_CENTRAL_TM: TransverseMercatorGrid = { lat0: 38, lon0: 127, k0: 1, falseEasting: 200_000, falseNorthing: 500_000 };

const A = 6378137;
const F = 1 / 298.257222101;
const E2 = 2 * F - F * F;
const EP2 = E2 / (1 - E2);
const DEG = Math.PI / 180;

function meridianArc(phi: number): number {
  const e4 = E2 * E2;
  const e6 = e4 * E2;
  return (
    A *
    ((1 - E2 / 4 - (3 * e4) / 64 - (5 * e6) / 256) * phi -
      ((3 * E2) / 8 + (3 * e4) / 32 + (45 * e6) / 1024) * Math.sin(2 * phi) +
      ((15 * e4) / 256 + (45 * e6) / 1024) * Math.sin(4 * phi) -
      ((35 * e6) / 3072) * Math.sin(6 * phi))
  );
}

export interface LatLon {
  lat: number;
  lon: number;
}

export interface GridXY {
  x: number;
  y: number;
}

export function toTransverseMercator({ lat, lon }: LatLon, grid: TransverseMercatorGrid): GridXY {
  const phi = lat * DEG;
  const n = A / Math.sqrt(1 - E2 * Math.sin(phi) ** 2);
  const t = Math.tan(phi) ** 2;
  const c = EP2 * Math.cos(phi) ** 2;
  const a = (lon - grid.lon0) * DEG * Math.cos(phi);
  const m = meridianArc(phi);
  const m0 = meridianArc(grid.lat0 * DEG);
  const x = grid.falseEasting + grid.k0 * n * (a + ((1 - t + c) * a ** 3) / 6 + ((5 - 18 * t + t * t + 72 * c - 58 * EP2) * a ** 5) / 120);
  const y =
    grid.falseNorthing +
    grid.k0 *
      (m - m0 + n * Math.tan(phi) * ((a * a) / 2 + ((5 - t + 9 * c + 4 * c * c) * a ** 4) / 24 + ((61 - 58 * t + t * t + 600 * c - 330 * EP2) * a ** 6) / 720));
  return { x, y };
}

export function fromTransverseMercator({ x, y }: GridXY, grid: TransverseMercatorGrid): LatLon {
  const e1 = (1 - Math.sqrt(1 - E2)) / (1 + Math.sqrt(1 - E2));
  const m = meridianArc(grid.lat0 * DEG) + (y - grid.falseNorthing) / grid.k0;
  const mu = m / (A * (1 - E2 / 4 - (3 * E2 * E2) / 64 - (5 * E2 ** 3) / 256));
  const phi1 =
    mu +
    ((3 * e1) / 2 - (27 * e1 ** 3) / 32) * Math.sin(2 * mu) +
    ((21 * e1 * e1) / 16 - (55 * e1 ** 4) / 32) * Math.sin(4 * mu) +
    ((151 * e1 ** 3) / 96) * Math.sin(6 * mu) +
    ((1097 * e1 ** 4) / 512) * Math.sin(8 * mu);
  const c1 = EP2 * Math.cos(phi1) ** 2;
  const t1 = Math.tan(phi1) ** 2;
  const n1 = A / Math.sqrt(1 - E2 * Math.sin(phi1) ** 2);
  const r1 = (A * (1 - E2)) / (1 - E2 * Math.sin(phi1) ** 2) ** 1.5;
  const d = (x - grid.falseEasting) / (n1 * grid.k0);
  const phi =
    phi1 -
    ((n1 * Math.tan(phi1)) / r1) *
      ((d * d) / 2 -
        ((5 + 3 * t1 + 10 * c1 - 4 * c1 * c1 - 9 * EP2) * d ** 4) / 24 +
        ((61 + 90 * t1 + 298 * c1 + 45 * t1 * t1 - 252 * EP2 - 3 * c1 * c1) * d ** 6) / 720);
  const lambda = (d - ((1 + 2 * t1 + c1) * d ** 3) / 6 + ((5 - 2 * c1 + 28 * t1 - 3 * c1 * c1 + 8 * EP2 + 24 * t1 * t1) * d ** 5) / 120) / Math.cos(phi1);
  return { lat: phi / DEG, lon: grid.lon0 + lambda / DEG };
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const r = 6371008.8;
  const dLat = (b.lat - a.lat) * DEG;
  const dLon = (b.lon - a.lon) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
}
