// Rise, set and twilight times in KST for a place and a day, as KASI's 출몰시각 service gives them (HHMM, "----"
// when an event does not happen that day). Positions use the low-precision formulas of the Astronomical Almanac
// (sun about 0.01°, moon about 0.3°): rise and set times come within about a minute for the sun and a few
// minutes for the moon, which is what the emulator needs to give plausible, reproducible answers.
import type { LatLon } from './transverseMercator.ts';

const DEG = Math.PI / 180;
const KST_OFFSET_HOURS = 9;

const sinD = (x: number): number => Math.sin(x * DEG);
const cosD = (x: number): number => Math.cos(x * DEG);

function julianDay(utcMs: number): number {
  return utcMs / 86_400_000 + 2440587.5;
}

interface Equatorial {
  ra: number;
  dec: number;
}

function sunPosition(jd: number): Equatorial {
  const n = jd - 2451545.0;
  const l = 280.46 + 0.9856474 * n;
  const g = 357.528 + 0.9856003 * n;
  const lambda = l + 1.915 * sinD(g) + 0.02 * sinD(2 * g);
  const epsilon = 23.439 - 0.0000004 * n;
  return { ra: Math.atan2(cosD(epsilon) * sinD(lambda), cosD(lambda)) / DEG, dec: Math.asin(sinD(epsilon) * sinD(lambda)) / DEG };
}

function moonPosition(jd: number): Equatorial & { parallax: number } {
  const t = (jd - 2451545.0) / 36525;
  const lambda =
    218.32 +
    481267.881 * t +
    6.29 * sinD(135.0 + 477198.87 * t) -
    1.27 * sinD(259.3 - 413335.36 * t) +
    0.66 * sinD(235.7 + 890534.22 * t) +
    0.21 * sinD(269.9 + 954397.74 * t) -
    0.19 * sinD(357.5 + 35999.05 * t) -
    0.11 * sinD(186.5 + 966404.03 * t);
  const beta = 5.13 * sinD(93.3 + 483202.02 * t) + 0.28 * sinD(228.2 + 960400.89 * t) - 0.28 * sinD(318.3 + 6003.15 * t) - 0.17 * sinD(217.6 - 407332.21 * t);
  const parallax =
    0.9508 +
    0.0518 * cosD(135.0 + 477198.87 * t) +
    0.0095 * cosD(259.3 - 413335.36 * t) +
    0.0078 * cosD(235.7 + 890534.22 * t) +
    0.0028 * cosD(269.9 + 954397.74 * t);
  const epsilon = 23.439 - 0.0000004 * (jd - 2451545.0);
  const x = cosD(beta) * cosD(lambda);
  const y = cosD(epsilon) * cosD(beta) * sinD(lambda) - sinD(epsilon) * sinD(beta);
  const z = sinD(epsilon) * cosD(beta) * sinD(lambda) + cosD(epsilon) * sinD(beta);
  return { ra: Math.atan2(y, x) / DEG, dec: Math.asin(z) / DEG, parallax };
}

function altitude(pos: Equatorial, jd: number, place: LatLon): number {
  const gmst = 280.46061837 + 360.98564736629 * (jd - 2451545.0);
  const hourAngle = gmst + place.lon - pos.ra;
  return Math.asin(sinD(place.lat) * sinD(pos.dec) + cosD(place.lat) * cosD(pos.dec) * cosD(hourAngle)) / DEG;
}

/** Altitude above the threshold at which the event happens (negative = below). */
type Margin = (jd: number) => number;

function sunMargin(place: LatLon, threshold: number): Margin {
  return (jd) => altitude(sunPosition(jd), jd, place) - threshold;
}

function moonMargin(place: LatLon): Margin {
  return (jd) => {
    const moon = moonPosition(jd);
    return altitude(moon, jd, place) - (0.7275 * moon.parallax - 0.5667);
  };
}

/** Minutes after KST midnight at which `margin` crosses zero upward (rising) or downward (setting), if it does. */
function crossing(margin: Margin, dayStartJd: number, rising: boolean): number | undefined {
  const step = 10 / 1440;
  let prevJd = dayStartJd;
  let prev = margin(prevJd);
  for (let i = 1; i <= 144; i++) {
    const jd = dayStartJd + i * step;
    const value = margin(jd);
    if ((rising && prev < 0 && value >= 0) || (!rising && prev >= 0 && value < 0)) {
      let lo = prevJd;
      let hi = jd;
      for (let k = 0; k < 30; k++) {
        const mid = (lo + hi) / 2;
        const m = margin(mid);
        if (m >= 0 === rising) hi = mid;
        else lo = mid;
      }
      return (hi - dayStartJd) * 1440;
    }
    prevJd = jd;
    prev = value;
  }
  return undefined;
}

function hhmm(minutes: number | undefined): string {
  if (minutes === undefined) return '----';
  const rounded = Math.round(minutes);
  if (rounded >= 1440) return '2400';
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}${String(rounded % 60).padStart(2, '0')}`;
}

export interface SkyEvents {
  sunrise: string;
  suntransit: string;
  sunset: string;
  moonrise: string;
  moontransit: string;
  moonset: string;
  civilm: string;
  civile: string;
  nautm: string;
  naute: string;
  astm: string;
  aste: string;
}

function transit(place: LatLon, dayStartJd: number, position: (jd: number) => Equatorial): number | undefined {
  // Transit is where the hour angle crosses zero: the altitude's derivative changes sign from + to -.
  const alt = (jd: number): number => altitude(position(jd), jd, place);
  const slope: Margin = (jd) => alt(jd + 1 / 2880) - alt(jd - 1 / 2880);
  return crossing(slope, dayStartJd, false);
}

/** Events for the KST calendar day `yyyymmdd` at `place`. */
export function skyEvents(yyyymmdd: string, place: LatLon): SkyEvents {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const dayStartJd = julianDay(Date.UTC(y, m - 1, d) - KST_OFFSET_HOURS * 3_600_000);
  const sun = (threshold: number, rising: boolean): string => hhmm(crossing(sunMargin(place, threshold), dayStartJd, rising));
  return {
    sunrise: sun(-0.8333, true),
    suntransit: hhmm(transit(place, dayStartJd, sunPosition)),
    sunset: sun(-0.8333, false),
    moonrise: hhmm(crossing(moonMargin(place), dayStartJd, true)),
    moontransit: hhmm(transit(place, dayStartJd, moonPosition)),
    moonset: hhmm(crossing(moonMargin(place), dayStartJd, false)),
    civilm: sun(-6, true),
    civile: sun(-6, false),
    nautm: sun(-12, true),
    naute: sun(-12, false),
    astm: sun(-18, true),
    aste: sun(-18, false),
  };
}
