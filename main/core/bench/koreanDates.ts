// Dates and times as answers write them ("2025년 5월 5일", "2025-05-05", "5월 5일", "오전 6시 12분", "18:40"),
// read into the APIs' own forms (YYYYMMDD, HHmm) so they compare with a locdate or a sunrise.
import { isRealDate, pad } from '../time/kst.ts';

/** Every date the text states, as YYYYMMDD; a date without a year takes `defaultYear`. */
export function findDates(text: string, defaultYear: number): string[] {
  const out = new Set<string>();
  const add = (y: number, m: number, d: number): void => {
    const s = `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`;
    if (isRealDate(s)) out.add(s);
  };
  for (const m of text.matchAll(/(\d{4})\s*[년.\-/]\s*(\d{1,2})\s*[월.\-/]\s*(\d{1,2})\s*일?/g)) add(Number(m[1]), Number(m[2]), Number(m[3]));
  for (const m of text.matchAll(/(?<![\d년.\-/]\s?)(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) add(defaultYear, Number(m[1]), Number(m[2]));
  for (const m of text.matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g)) add(Number(m[1]), Number(m[2]), Number(m[3]));
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
  for (const m of text.matchAll(/(오전|오후|새벽|아침|저녁|밤)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*(반))?/g)) add(Number(m[2]), m[4] ? 30 : Number(m[3] ?? 0), m[1]);
  for (const m of text.matchAll(/(?<![\d:])([01]\d|2[0-4])([0-5]\d)(?![\d:]|\s*년)/g)) add(Number(m[1]), Number(m[2]));
  return [...out];
}
