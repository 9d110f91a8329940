// KMA: observations and forecasts on the 5 km grid, and mid-term forecasts by region id. A base time that has
// not been published yet (by the emulator's clock) answers NODATA, as the live service does.
import { isKmaGridPoint, kmaGridToLatLon } from '../../../core/geo/kmaGrid.ts';
import { MID_LAND_REGIONS, MID_TA_CITIES } from '../world/kmaRegions.ts';
import { pcpText, weatherWords, type HourWeather } from '../world/weather.ts';
import { isRealDate, kst, kstAt, NO_DATA, pad, rows, ymd, INVALID, type Handler, type HandlerContext } from './types.ts';

const HOUR = 3_600_000;

/** How far back base times can be asked for: about a day, as the services keep only recent issues. */
const WINDOW_MS = 24 * HOUR;

/** Whether a base time has been issued (the data appears `lagMinutes` later) and is still kept. */
function published(ctx: HandlerContext, base: Date, lagMinutes: number): boolean {
  const now = kst(ctx.now).getTime();
  return now >= base.getTime() + lagMinutes * 60_000 && now - base.getTime() <= WINDOW_MS;
}

function gridPoint(ctx: HandlerContext): { nx: number; ny: number } | undefined {
  const nx = Number(ctx.params.nx);
  const ny = Number(ctx.params.ny);
  return isKmaGridPoint({ nx, ny }) ? { nx, ny } : undefined;
}

const oneDecimal = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export const getUltraSrtNcst: Handler = (ctx) => {
  const { base_date: date = '', base_time: time = '' } = ctx.params;
  if (!isRealDate(date) || !/^([01]\d|2[0-3])00$/.test(time)) return INVALID('base_date/base_time');
  const grid = gridPoint(ctx);
  const base = kstAt(date, time);
  if (!grid || !published(ctx, base, 10)) return NO_DATA;
  const w = ctx.world.climate.at(kmaGridToLatLon(grid), base);
  const values: [string, string][] = [
    ['PTY', String(w.pty)],
    ['REH', String(w.humidity)],
    ['RN1', oneDecimal(w.rainMm)],
    ['T1H', oneDecimal(w.temp)],
    ['UUU', oneDecimal(w.uuu)],
    ['VEC', String(w.windDir)],
    ['VVV', oneDecimal(w.vvv)],
    ['WSD', oneDecimal(w.windSpeed)],
  ];
  return rows(values.map(([category, obsrValue]) => ({ baseDate: date, baseTime: time, category, nx: grid.nx, ny: grid.ny, obsrValue })));
};

export const getUltraSrtFcst: Handler = (ctx) => {
  const { base_date: date = '', base_time: time = '' } = ctx.params;
  if (!isRealDate(date) || !/^([01]\d|2[0-3])(00|30)$/.test(time)) return INVALID('base_date/base_time');
  const grid = gridPoint(ctx);
  const base = kstAt(date, time);
  if (!grid || !published(ctx, base, time.endsWith('30') ? 15 : 10)) return NO_DATA;
  const point = kmaGridToLatLon(grid);
  const first = new Date(Math.floor(base.getTime() / HOUR) * HOUR + HOUR);
  const hours = Array.from({ length: 6 }, (_, i) => new Date(first.getTime() + i * HOUR));
  const out: Record<string, unknown>[] = [];
  const category = (name: string, value: (w: HourWeather) => string): void => {
    for (const h of hours) {
      out.push({
        baseDate: date,
        baseTime: time,
        category: name,
        fcstDate: ymd(h),
        fcstTime: `${pad(h.getUTCHours(), 2)}00`,
        fcstValue: value(ctx.world.climate.at(point, h)),
        nx: grid.nx,
        ny: grid.ny,
      });
    }
  };
  category('LGT', (w) => (w.pty === 4 ? '1' : '0'));
  category('PTY', (w) => String(w.pty === 4 ? 1 : w.pty));
  category('RN1', (w) => pcpText(w.rainMm));
  category('SKY', (w) => String(w.sky));
  category('T1H', (w) => String(Math.round(w.temp)));
  category('REH', (w) => String(w.humidity));
  category('UUU', (w) => oneDecimal(w.uuu));
  category('VVV', (w) => oneDecimal(w.vvv));
  category('VEC', (w) => String(w.windDir));
  category('WSD', (w) => oneDecimal(w.windSpeed));
  return rows(out);
};

const VILAGE_BASES = ['0200', '0500', '0800', '1100', '1400', '1700', '2000', '2300'];

export const getVilageFcst: Handler = (ctx) => {
  const { base_date: date = '', base_time: time = '' } = ctx.params;
  if (!isRealDate(date) || !VILAGE_BASES.includes(time)) return INVALID('base_date/base_time');
  const grid = gridPoint(ctx);
  const base = kstAt(date, time);
  if (!grid || !published(ctx, base, 10)) return NO_DATA;
  const point = kmaGridToLatLon(grid);
  const end = kstAt(date).getTime() + 3 * 24 * HOUR;
  const out: Record<string, unknown>[] = [];
  for (let t = base.getTime() + HOUR; t < end; t += HOUR) {
    const h = new Date(t);
    const w = ctx.world.climate.at(point, h);
    const push = (category: string, fcstValue: string): void => {
      out.push({ baseDate: date, baseTime: time, category, fcstDate: ymd(h), fcstTime: `${pad(h.getUTCHours(), 2)}00`, fcstValue, nx: grid.nx, ny: grid.ny });
    };
    push('TMP', String(Math.round(w.temp)));
    push('UUU', oneDecimal(w.uuu));
    push('VVV', oneDecimal(w.vvv));
    push('VEC', String(w.windDir));
    push('WSD', oneDecimal(w.windSpeed));
    push('SKY', String(w.sky));
    push('PTY', String(w.pty));
    push('POP', String(w.pop));
    push('WAV', '0');
    push('PCP', pcpText(w.pty === 3 ? 0 : w.rainMm));
    push('REH', String(w.humidity));
    push('SNO', w.pty === 3 ? `${Math.max(0.1, w.rainMm / 10).toFixed(1)}cm` : '적설없음');
    const hour = h.getUTCHours();
    if (hour === 6 || hour === 15) {
      const range = ctx.world.climate.dailyRange(point, kstAt(ymd(h)));
      push(hour === 6 ? 'TMN' : 'TMX', (hour === 6 ? range.min : range.max).toFixed(1));
    }
  }
  return rows(out);
};

/**
 * The first day a mid-term land forecast covers: since KMA's 2024 change, the 06:00 issue starts at day 4 and the
 * 18:00 issue at day 5 (days 3 and 4 belong to the short-term forecast), as the real 2026 bodies show.
 */
const firstLandDay = (base: Date): number => (base.getUTCHours() === 18 ? 5 : 4);

function midBase(ctx: HandlerContext): Date | undefined {
  const tmFc = ctx.params.tmFc ?? '';
  if (!/^\d{8}(0600|1800)$/.test(tmFc) || !isRealDate(tmFc.slice(0, 8))) return undefined;
  return kstAt(tmFc.slice(0, 8), tmFc.slice(8));
}

export const getMidTa: Handler = (ctx) => {
  const base = midBase(ctx);
  if (!base) return INVALID('tmFc');
  const city = MID_TA_CITIES[ctx.params.regId ?? ''];
  if (!city || !published(ctx, base, 0)) return NO_DATA;
  const row: Record<string, unknown> = { regId: ctx.params.regId };
  const spread = (day: number): number => (day <= 5 ? 1 : day <= 7 ? 2 : 3);
  // The same first day as the land forecast (public clients of the 2024 change read taMin4 first); Low and High
  // are how far below and above the value the range reaches, in degrees, as real answers write them.
  for (let day = firstLandDay(base); day <= 10; day++) {
    const date = kstAt(ymd(new Date(base.getTime() + day * 24 * HOUR)));
    const range = ctx.world.climate.dailyRange(city.point, date);
    const d = spread(day);
    Object.assign(row, {
      [`taMin${day}`]: Math.round(range.min),
      [`taMin${day}Low`]: d,
      [`taMin${day}High`]: d,
      [`taMax${day}`]: Math.round(range.max),
      [`taMax${day}Low`]: d,
      [`taMax${day}High`]: d,
    });
  }
  return rows([row]);
};

/** A region id of the mid-term shape (11B00000, 11D20301). */
const REGION_ID = /^\d{2}[A-Z]\d{5}$/;

export const getMidLandFcst: Handler = (ctx) => {
  const base = midBase(ctx);
  if (!base) return INVALID('tmFc');
  const regId = ctx.params.regId ?? '';
  if (!published(ctx, base, 0) || !REGION_ID.test(regId)) return NO_DATA;
  const region = MID_LAND_REGIONS[regId];
  // Rain chances first, then the weather words, day by day, as the service orders them.
  const rain: Record<string, number> = {};
  const words: Record<string, string> = {};
  for (let day = firstLandDay(base); day <= 10; day++) {
    const halves = day <= 7 ? [`${day}Am`, `${day}Pm`] : [`${day}`];
    // A region the land forecast is not issued for (a temperature city's id, say) is answered with success and
    // all-zero, empty values, as the real service does.
    if (!region) {
      for (const h of halves) [rain[`rnSt${h}`], words[`wf${h}`]] = [0, ''];
      continue;
    }
    const date = kstAt(ymd(new Date(base.getTime() + day * 24 * HOUR)));
    const at = (hour: number): HourWeather => ctx.world.climate.at(region.point, new Date(date.getTime() + hour * HOUR));
    const hoursOf =
      day <= 7
        ? [
            [6, 9, 11],
            [13, 15, 18],
          ]
        : [[9, 15]];
    halves.forEach((h, i) => {
      const ws = hoursOf[i]!.map(at);
      const worst = ws.reduce((a, b) => (b.pop > a.pop ? b : a));
      rain[`rnSt${h}`] = Math.round(Math.max(...ws.map((w) => w.pop)) / 10) * 10;
      words[`wf${h}`] = weatherWords(worst.sky, worst.pty);
    });
  }
  return rows([{ regId, ...rain, ...words }]);
};
