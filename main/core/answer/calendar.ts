// Dates and clock times as people write one, read into the APIs' own forms (YYYYMMDD, HHmm): "2025-10-09",
// "2025년 10월 9일 (목)", "10월 9일", "10/9", "October 9", "9 Oct 2025", and relative to the episode's moment
// "오늘", "내일", "모레", "이번 주 토요일", "다음 달 3일"; "17:19", "오후 5시 19분", "5:19 PM", "5시 반", "정오". A weekday
// written beside a date must be that date's. Every date or time of a text is found, so a judge can refuse a claim
// that holds two.
import { isRealDate, kst, pad, ymd } from '../time/kst.ts';

export interface FoundDate {
  /** YYYYMMDD. */
  date: string;
  start: number;
  end: number;
}

export interface FoundTime {
  /** HHmm, 24-hour. */
  time: string;
  /** Whether 오전/오후 or am/pm said which half of the day. */
  meridiem: boolean;
  start: number;
  end: number;
}

export interface DateReading {
  dates: FoundDate[];
  /** A weekday written beside a date that is not that date's ("10월 9일 수요일" where the 9th is a Thursday). */
  wrongWeekday?: { date: string; weekday: string };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const KO_WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const EN_WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const ABSOLUTE = new RegExp(
  [
    String.raw`(?<y1>\d{4})\s*[년.\-/]\s*(?<m1>\d{1,2})\s*[월.\-/]\s*(?<d1>\d{1,2})(?!\d)\s*일?`,
    String.raw`(?<![\d.])(?<y2>\d{4})(?<m2>\d{2})(?<d2>\d{2})(?![\d.])`,
    String.raw`(?<m3>\d{1,2})\s*월\s*(?<d3>\d{1,2})\s*일`,
    String.raw`(?<![\d./:])(?<m4>\d{1,2})/(?<d4>\d{1,2})(?![\d/])`,
    // "10.9(목)", "10. 9.": a month and day with dots, where a weekday or the closing dot says it is not a decimal.
    String.raw`(?<![\d./:])(?<m9>\d{1,2})\.\s?(?<d9>\d{1,2})(?:(?=\s*\([월화수목금토일]\))|\.(?!\d))`,
    String.raw`\b${MONTH}\s+(?<d5>\d{1,2})(?:st|nd|rd|th)?(?:,?\s*(?<y5>\d{4}))?`,
    String.raw`(?<![\d.])(?<d6>\d{1,2})(?:st|nd|rd|th)?\s+${MONTH.replace('(jan', '(?<mn6>jan')}(?:,?\s*(?<y6>\d{4}))?`,
    String.raw`(?<rel>(이번|다음|지난|저번)\s*달)\s*(?<d7>\d{1,2})\s*일`,
    String.raw`(?<![\d월.\-/])(?<d8>\d{1,2})\s*일(?![간차])`,
  ].join('|'),
  'gi',
);
const DAY_OFFSETS: [RegExp, number][] = [
  [/오늘|today/gi, 0],
  [/내일|tomorrow/gi, 1],
  [/모레/g, 2],
  [/글피/g, 3],
  [/어제|yesterday/gi, -1],
  [/그제|그저께/g, -2],
];
const WEEKDAY =
  /(?:(?<week>이번|다음|지난|저번|this|next|last)\s*(?:주|week)?\s*)?(?:(?<ko>[월화수목금토일])요일|\((?<paren>[월화수목금토일])\)|\b(?<en>sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues|tue|wed|thurs|thur|thu|fri|sat)\b\.?)/gi;

const dateOf = (y: number, m: number, d: number): string | undefined => {
  const s = `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`;
  return isRealDate(s) ? s : undefined;
};

const addDays = (clock: Date, days: number): Date => new Date(clock.getTime() + days * 86_400_000);

/** Between the two ends of a range of days ("5일부터 8일", "5일(일)~8일"). */
const DAY_RANGE = /^\s*(\([월화수목금토일]\))?\s*(~|∼|-|–|부터)\s*$/;

export interface DateOptions {
  /** Whether "5일부터 8일까지" and "5일~8일" name every day between (a set of dates), not only their ends. Defaults to false. */
  ranges?: boolean;
}

/**
 * Every date the text writes, read against the episode's moment: a year or month left out is the one named just
 * before ("10월 5일, 6일"), else the moment's.
 */
export function readDates(raw: string, asOf: Date, options: DateOptions = {}): DateReading {
  const text = raw.normalize('NFKC');
  const today = kst(asOf);
  const year = today.getUTCFullYear();
  const dates: FoundDate[] = [];
  const taken: [number, number][] = [];
  const free = (start: number, end: number): boolean => taken.every(([s, e]) => end <= s || start >= e);
  const add = (date: string | undefined, start: number, end: number): void => {
    if (!date || !free(start, end)) return;
    taken.push([start, end]);
    dates.push({ date, start, end });
  };
  let last: FoundDate | undefined;
  for (const m of text.matchAll(ABSOLUTE)) {
    const g = m.groups!;
    const start = m.index;
    const end = start + m[0].length;
    const count = dates.length;
    const monthName = (word: string | undefined): number => MONTHS.indexOf((word ?? '').toLowerCase().slice(0, 3)) + 1;
    if (g.y1) add(dateOf(+g.y1, +g.m1!, +g.d1!), start, end);
    else if (g.y2) add(dateOf(+g.y2, +g.m2!, +g.d2!), start, end);
    else if (g.m3) add(dateOf(year, +g.m3, +g.d3!), start, end);
    else if (g.m4) add(dateOf(year, +g.m4, +g.d4!), start, end);
    else if (g.m9) add(dateOf(year, +g.m9, +g.d9!), start, end);
    else if (g.d5) add(dateOf(g.y5 ? +g.y5 : year, monthName(m[0].split(/\s/)[0]), +g.d5), start, end);
    else if (g.d6) add(dateOf(g.y6 ? +g.y6 : year, monthName(g.mn6), +g.d6), start, end);
    else if (g.d7) {
      const shift = /다음/.test(g.rel!) ? 1 : /이번/.test(g.rel!) ? 0 : -1;
      const month = new Date(Date.UTC(year, today.getUTCMonth() + shift, 1));
      add(dateOf(month.getUTCFullYear(), month.getUTCMonth() + 1, +g.d7), start, end);
    } else if (g.d8) {
      const [y, mo] = last ? [+last.date.slice(0, 4), +last.date.slice(4, 6)] : [year, today.getUTCMonth() + 1];
      add(dateOf(y, mo, +g.d8), start, end);
    }
    const found = dates.length > count ? dates.at(-1) : undefined;
    if (found && last && options.ranges && found.date.slice(0, 6) === last.date.slice(0, 6) && DAY_RANGE.test(text.slice(last.end, found.start))) {
      for (let day = Number(last.date.slice(6)) + 1; day < Number(found.date.slice(6)); day++)
        dates.push({ date: `${found.date.slice(0, 6)}${pad(day, 2)}`, start: found.start, end: found.start });
    }
    if (found) last = found;
  }
  for (const [pattern, days] of DAY_OFFSETS) for (const m of text.matchAll(pattern)) add(ymd(addDays(today, days)), m.index, m.index + m[0].length);
  let wrongWeekday: DateReading['wrongWeekday'];
  for (const m of text.matchAll(WEEKDAY)) {
    const g = m.groups!;
    const weekday = g.ko ? KO_WEEKDAYS.indexOf(g.ko) : g.paren ? KO_WEEKDAYS.indexOf(g.paren) : EN_WEEKDAYS.indexOf(g.en!.toLowerCase().slice(0, 3));
    const start = m.index;
    const end = start + m[0].length;
    // A weekday right after a date is said of that date: it must be its weekday.
    const before = dates.find((d) => /^[\s,(]*$/.test(text.slice(d.end, start)));
    if (before && !g.week) {
      const actual = new Date(`${before.date.slice(0, 4)}-${before.date.slice(4, 6)}-${before.date.slice(6, 8)}T00:00:00Z`).getUTCDay();
      if (actual !== weekday) wrongWeekday ??= { date: before.date, weekday: m[0].trim() };
      taken.push([start, end]);
      continue;
    }
    if (!free(start, end)) continue;
    add(ymd(addDays(today, weekdayOffset(today, weekday, g.week))), start, end);
  }
  dates.sort((a, b) => a.start - b.start);
  return { dates, ...(wrongWeekday ? { wrongWeekday } : {}) };
}

/**
 * Days from today to a weekday: "이번 주 토요일" in this Monday-to-Sunday week, "다음 주" the week after, "지난주" the
 * week before; a weekday alone is the next one (today's when it is today).
 */
function weekdayOffset(today: Date, weekday: number, week: string | undefined): number {
  const dow = today.getUTCDay();
  if (!week) return (weekday - dow + 7) % 7;
  const monday = -((dow + 6) % 7);
  const inWeek = monday + ((weekday + 6) % 7);
  const shift = /다음|next/i.test(week) ? 7 : /지난|저번|last/i.test(week) ? -7 : 0;
  return inWeek + shift;
}

const MERIDIEM = String.raw`(?<mer>오전|오후|새벽|아침|낮|저녁|밤)?\s*`;
const SUFFIX = String.raw`\s*(?<ap>a\.?m\.?|p\.?m\.?)?`;
const TIMES = new RegExp(
  [
    String.raw`${MERIDIEM}(?<![\d:])(?<h1>\d{1,2}):(?<m1>\d{2})(?::\d{2})?(?![\d:])${SUFFIX}`,
    String.raw`${MERIDIEM.replace('mer', 'mer2')}(?<![\d:])(?<h2>\d{1,2})\s*시(?!간)(?:\s*(?<m2>\d{1,2})\s*분|\s*(?<half>반))?`,
    String.raw`(?<![\d:])(?<h3>\d{1,2})\s*(?<ap3>a\.?m\.?|p\.?m\.?)`,
    String.raw`(?<noon>정오|자정|noon|midnight)`,
  ].join('|'),
  'gi',
);

function clock(hour: number, minute: number, meridiem: string | undefined): string | undefined {
  let h = hour;
  const m = (meridiem ?? '').toLowerCase();
  const pm = /오후|저녁|밤|^p/.test(m) || (m === '낮' && h >= 1 && h <= 6);
  const am = /오전|새벽|아침|^a/.test(m);
  if (pm && h < 12) h += 12;
  if (am && h === 12) h = 0;
  if (h > 24 || minute > 59 || (h === 24 && minute > 0)) return undefined;
  return `${pad(h, 2)}${pad(minute, 2)}`;
}

/** Every clock time the text writes, as HHmm (오후, 저녁 and pm move to the afternoon). */
export function readTimes(raw: string): FoundTime[] {
  const text = raw.normalize('NFKC');
  const out: FoundTime[] = [];
  for (const m of text.matchAll(TIMES)) {
    const g = m.groups!;
    const at = { start: m.index, end: m.index + m[0].length };
    let time: string | undefined;
    let meridiem = false;
    if (g.h1) {
      const mer = g.ap ?? g.mer;
      time = clock(+g.h1, +g.m1!, mer);
      meridiem = mer !== undefined;
    } else if (g.h2) {
      time = clock(+g.h2, g.half ? 30 : g.m2 ? +g.m2 : 0, g.mer2);
      meridiem = g.mer2 !== undefined;
    } else if (g.h3) {
      time = clock(+g.h3, 0, g.ap3);
      meridiem = true;
    } else if (g.noon) {
      time = /정오|noon/i.test(g.noon) ? '1200' : '0000';
      meridiem = true;
    }
    if (time) out.push({ time, meridiem, ...at });
  }
  return out;
}

/** Between the two ends of a time range: "~", "-", "부터", "to", "until" (with "까지" after the end). */
const RANGE_BETWEEN = /^\s*(~|∼|-|–|—|부터|에서|to|until|till)\s*(~)?\s*$/i;

/**
 * A time range written as one ("12:30~13:30", "12시 30분부터 1시 30분까지", "10 a.m. to 9 p.m."), as [start, end] in
 * HHmm; an end without 오전/오후 that would come before the start is in the afternoon. Undefined unless the text
 * writes exactly two times joined as a range.
 */
export function readTimeRange(raw: string): [string, string] | undefined {
  const text = raw.normalize('NFKC');
  const times = readTimes(text);
  if (times.length !== 2) return undefined;
  const [a, b] = times as [FoundTime, FoundTime];
  if (!RANGE_BETWEEN.test(text.slice(a.end, b.start))) return undefined;
  let end = b.time;
  if (!b.meridiem && end < a.time && Number(end.slice(0, 2)) + 12 <= 24) end = `${pad(Number(end.slice(0, 2)) + 12, 2)}${end.slice(2)}`;
  return [a.time, end];
}
