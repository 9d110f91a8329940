// Dates and times as answers write them ("2025년 5월 5일", "2025-05-05", "5월 5일", "10월 5일, 6일, 7일",
// "10월 5일부터 8일까지", "오전 6시 12분", "18:40"), read into the APIs' own forms (YYYYMMDD, HHmm) so they compare
// with a locdate or a sunrise.
import { isRealDate, pad } from '../time/kst.ts';

const DATE_TOKEN =
  /(\d{4})\s*[년.\-/]\s*(\d{1,2})\s*[월.\-/]\s*(\d{1,2})\s*일?|(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)|(\d{1,2})\s*월\s*(\d{1,2})\s*일|(?<![\d월.\-/])(\d{1,2})\s*일/g;
/** Between the two ends of a range: a dash or 부터, after an optional weekday ("5일(일)부터"). */
const RANGE = /^\s*(\([월화수목금토일]\))?\s*(~|∼|-|–|부터)\s*$/;

/**
 * Every date the text states, as YYYYMMDD. A date without a year takes `defaultYear`; a bare day ("6일")
 * continues the month last named; "5일부터 8일까지" and "5일~8일" name every day between.
 */
export function findDates(text: string, defaultYear: number): string[] {
  const out = new Set<string>();
  let year = defaultYear;
  let month: number | undefined;
  let last: { y: number; m: number; d: number; end: number } | undefined;
  const add = (y: number, m: number, d: number): boolean => {
    const s = `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`;
    if (!isRealDate(s)) return false;
    out.add(s);
    return true;
  };
  for (const m of text.matchAll(DATE_TOKEN)) {
    let y: number;
    let mo: number;
    let d: number;
    if (m[1]) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    else if (m[4]) [y, mo, d] = [Number(m[4]), Number(m[5]), Number(m[6])];
    else if (m[7]) [y, mo, d] = [year, Number(m[7]), Number(m[8])];
    else if (month !== undefined) [y, mo, d] = [year, month, Number(m[9])];
    else continue;
    if (!add(y, mo, d)) continue;
    // "5일부터 8일": the days between, in the same month.
    if (last && last.y === y && last.m === mo && d > last.d && RANGE.test(text.slice(last.end, m.index)))
      for (let day = last.d + 1; day < d; day++) add(y, mo, day);
    [year, month] = [y, mo];
    last = { y, m: mo, d, end: m.index + m[0].length };
  }
  return [...out];
}

/** Every clock time the text states, as HHmm (오후 and 저녁 move to the afternoon). */
export function findTimes(text: string): string[] {
  const out = new Set<string>();
  const add = (h: number, m: number, meridiem?: string): void => {
    let hour = h;
    if (meridiem && /오후|저녁|밤/.test(meridiem) && hour < 12) hour += 12;
    if (meridiem && /오전|새벽|아침/.test(meridiem) && hour === 12) hour = 0;
    if (hour <= 24 && m < 60) out.add(`${pad(hour, 2)}${pad(m, 2)}`);
  };
  for (const m of text.matchAll(/(오전|오후|새벽|아침|저녁|밤)?\s*(\d{1,2}):(\d{2})(?!\d)/g)) add(Number(m[2]), Number(m[3]), m[1]);
  for (const m of text.matchAll(/(오전|오후|새벽|아침|저녁|밤)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*(반))?/g))
    add(Number(m[2]), m[4] ? 30 : Number(m[3] ?? 0), m[1]);
  for (const m of text.matchAll(/(?<![\d:])([01]\d|2[0-4])([0-5]\d)(?![\d:]|\s*년)/g)) add(Number(m[1]), Number(m[2]));
  return [...out];
}
