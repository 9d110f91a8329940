// Hourly pollutant levels per station: seasonal (fine dust peaks in spring, ozone in summer), a daily swing,
// and reproducible day-to-day variation. Grades follow the Korean standards (PM10 30/80/150, PM2.5 15/35/75).
import { Rng } from '../../../core/random.ts';
import type { AirStation } from './places.ts';

export interface AirReading {
  pm10: number | null;
  pm25: number | null;
  o3: number;
  no2: number;
  co: number;
  so2: number;
  flag: string | null;
}

const gradeBy = (value: number | null, cuts: [number, number, number]): number | null =>
  value === null ? null : value <= cuts[0] ? 1 : value <= cuts[1] ? 2 : value <= cuts[2] ? 3 : 4;

export const pm10Grade = (v: number | null): number | null => gradeBy(v, [30, 80, 150]);
export const pm25Grade = (v: number | null): number | null => gradeBy(v, [15, 35, 75]);

export function khai(reading: AirReading): { value: number | null; grade: number | null } {
  if (reading.pm10 === null && reading.pm25 === null) return { value: null, grade: null };
  const sub = Math.max((reading.pm10 ?? 0) * (50 / 30) * 0.9, (reading.pm25 ?? 0) * (50 / 15) * 0.9, reading.o3 * 1000 * 1.1);
  const value = Math.round(Math.min(500, sub));
  return { value, grade: value <= 50 ? 1 : value <= 100 ? 2 : value <= 250 ? 3 : 4 };
}

/** The reading at a KST hour (a Date whose UTC getters read KST). */
export function airReading(seed: number, station: AirStation, kstHour: Date): AirReading {
  const day = Rng.for(seed, 'air-day', station.code, kstHour.toISOString().slice(0, 10));
  const hour = Rng.for(seed, 'air-hour', station.code, kstHour.toISOString().slice(0, 13));
  const month = kstHour.getUTCMonth() + 1;
  const seasonal = [45, 55, 70, 62, 45, 30, 22, 20, 24, 32, 42, 48][month - 1]!;
  const dayFactor = Math.exp(day.normal() * 0.45);
  const h = kstHour.getUTCHours();
  const diurnal = 1 + 0.15 * Math.cos((2 * Math.PI * (h - 9)) / 24);
  const missing = hour.chance(0.03);
  const pm10 = missing ? null : Math.max(3, Math.round(seasonal * dayFactor * diurnal * hour.float(0.85, 1.15)));
  const pm25 = pm10 === null ? null : Math.max(1, Math.round(pm10 * day.float(0.42, 0.65)));
  const o3Season = [0.018, 0.024, 0.032, 0.04, 0.048, 0.05, 0.042, 0.04, 0.036, 0.028, 0.02, 0.017][month - 1]!;
  const o3 = Math.round(Math.max(0.002, o3Season * (1 + 0.6 * Math.sin((2 * Math.PI * (h - 9)) / 24)) * hour.float(0.8, 1.2)) * 1000) / 1000;
  const no2 = Math.round(Math.max(0.003, (0.028 - (o3 - 0.03) * 0.3) * dayFactor * hour.float(0.8, 1.2)) * 1000) / 1000;
  return {
    pm10,
    pm25,
    o3,
    no2,
    co: Math.round(hour.float(0.2, 0.6) * 10) / 10,
    so2: Math.round(hour.float(0.002, 0.005) * 1000) / 1000,
    flag: missing ? hour.pick(['통신장애', '장비점검']) : null,
  };
}
