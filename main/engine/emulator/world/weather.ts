// A plausible, reproducible climate: temperature by latitude, season and hour, with day-to-day weather drawn
// from the seed; rain more likely in the monsoon. Good enough that forecasts, observations and mid-term
// outlooks for one place and time agree with each other.
import type { LatLon } from '../../../core/geo/transverseMercator.ts';
import { Rng } from '../../../core/random.ts';

export interface HourWeather {
  temp: number;
  humidity: number;
  rainMm: number;
  /** 0 none, 1 rain, 2 rain/snow, 3 snow, 4 shower */
  pty: number;
  /** 1 clear, 3 mostly cloudy, 4 overcast */
  sky: number;
  pop: number;
  windDir: number;
  windSpeed: number;
  uuu: number;
  vvv: number;
}

const DAY_MS = 86_400_000;

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS);
}

export class Climate {
  private readonly seed: number;
  constructor(seed: number) {
    this.seed = seed;
  }

  /**
   * Weather at a KST hour (`kstHour` is a Date whose UTC fields read as KST): a region's weather (about 50 km: the
   * day's anomaly, whether it rains) with each 5 km cell's own microclimate on top (a few tenths of a degree, a few
   * points of humidity, its wind), as neighbouring KMA grid cells really read: a forecast for the wrong cell is a
   * different forecast.
   */
  at(point: LatLon, kstHour: Date): HourWeather {
    const region = `${Math.round(point.lat * 2)}:${Math.round(point.lon * 2)}`;
    const dayKey = kstHour.toISOString().slice(0, 10);
    const day = Rng.for(this.seed, 'weather-day', region, dayKey);
    const cell = Rng.for(this.seed, 'weather-cell', `${Math.round(point.lat * 20)}:${Math.round(point.lon * 20)}`, dayKey);
    const local = { temp: cell.normal() * 0.7, humidity: cell.int(-5, 5), wind: cell.float(-0.6, 0.6), pop: cell.int(-1, 1) * 10 };
    const hour = kstHour.getUTCHours();
    const doy = dayOfYear(kstHour);
    const annualMean = 13 - 1.05 * (point.lat - 36.5);
    const seasonal = -14 * Math.cos((2 * Math.PI * (doy - 16)) / 365);
    const diurnal = -4 * Math.cos((2 * Math.PI * (hour - 3)) / 24);
    const anomaly = day.normal() * 2.5;
    const month = kstHour.getUTCMonth() + 1;
    const wetness = [0.15, 0.18, 0.25, 0.3, 0.32, 0.4, 0.6, 0.5, 0.35, 0.22, 0.25, 0.18][month - 1]!;
    const rainyDay = day.chance(wetness);
    const rainyHour = rainyDay && Rng.for(this.seed, 'weather-hour', region, dayKey, hour).chance(0.55);
    const temp = Math.round((annualMean + seasonal + diurnal + anomaly + local.temp - (rainyHour ? 1.5 : 0)) * 10) / 10;
    const pty = rainyHour ? (temp < -1 ? 3 : temp < 2 ? 2 : day.chance(0.2) && month >= 6 && month <= 8 ? 4 : 1) : 0;
    const rainMm = rainyHour ? Math.round(day.float(0.2, month >= 7 && month <= 8 ? 18 : 6) * 10) / 10 : 0;
    const sky = rainyHour ? 4 : rainyDay ? 3 : day.chance(0.35) ? 3 : 1;
    const humidity = Math.max(
      15,
      Math.min(100, Math.round(55 + (rainyHour ? 35 : 0) + 10 * Math.cos((2 * Math.PI * (hour - 5)) / 24) + day.normal() * 8 + local.humidity)),
    );
    const windSpeed = Math.round(Math.max(0.1, day.float(0.5, 4.5) + local.wind + (rainyHour ? 1.5 : 0)) * 10) / 10;
    const windDir = Math.round((day.float(0, 360) + hour * 3) % 360);
    const rad = (windDir * Math.PI) / 180;
    return {
      temp,
      humidity,
      rainMm,
      pty,
      sky,
      pop: Math.max(0, Math.min(100, (rainyHour ? 60 + day.int(0, 4) * 10 : rainyDay ? day.int(3, 5) * 10 : day.int(0, 2) * 10) + local.pop)),
      windDir,
      windSpeed,
      uuu: Math.round(-windSpeed * Math.sin(rad) * 10) / 10,
      vvv: Math.round(-windSpeed * Math.cos(rad) * 10) / 10,
    };
  }

  dailyRange(point: LatLon, kstDate: Date): { min: number; max: number } {
    const temps = Array.from({ length: 24 }, (_, h) => this.at(point, new Date(kstDate.getTime() + h * 3_600_000)).temp);
    return { min: Math.min(...temps), max: Math.max(...temps) };
  }
}

/** KMA's precipitation text for an hour (PCP). */
export function pcpText(mm: number): string {
  if (mm <= 0) return '강수없음';
  if (mm < 1) return '1mm 미만';
  if (mm >= 50) return '50.0mm 이상';
  if (mm >= 30) return '30.0~50.0mm';
  return `${mm.toFixed(1)}mm`;
}

/** KMA's mid-term weather words. */
export function weatherWords(sky: number, pty: number): string {
  const skyWord = sky === 1 ? '맑음' : sky === 3 ? '구름많음' : '흐림';
  if (pty === 0) return skyWord;
  const rain = pty === 3 ? '눈' : pty === 2 ? '비/눈' : pty === 4 ? '소나기' : '비';
  return sky === 1 ? rain : `${skyWord.replace('구름많음', '구름많고').replace('흐림', '흐리고')} ${rain}`;
}
