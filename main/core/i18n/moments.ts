// Moments written in the locale's own form (오후 3:05 in Korean, 15:05 in English), for the window and the command
// line alike, always in Korean time (KST) and said so: the agencies' APIs, the tools' arguments (base_date,
// base_time) and the analyst's questions all count in KST, whatever zone the machine is set to. Korean text never
// says AM/PM: newer ICU data (Node 20's ICU 78) writes "PM 3:05" for ko-KR, older data (a browser's) 오후 3:05, so
// the day period is written here.
import type { Locale } from './strings.ts';

const ZONE = 'Asia/Seoul';
const KST_MS = 9 * 3_600_000;

/** The KST calendar day of a moment, to tell today from other days wherever the machine is. */
const kstDay = (date: Date): string => new Date(date.getTime() + KST_MS).toISOString().slice(0, 10);

function format(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const parts = new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', { ...options, timeZone: ZONE }).formatToParts(date);
  const hour = new Date(date.getTime() + KST_MS).getUTCHours();
  const text = parts.map((p) => (p.type === 'dayPeriod' && locale === 'ko' ? (hour < 12 ? '오전' : '오후') : p.value)).join('');
  return `${text} KST`;
}

const asDate = (iso: string | Date): Date => (typeof iso === 'string' ? new Date(iso) : iso);

/** A moment with its date and time: 2026. 12. 1. 오후 10:27 KST / 1 Dec 2026, 22:27 KST. */
export function formatMoment(iso: string | Date, locale: Locale): string {
  const date = asDate(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : format(date, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment, without its date when that is today (in KST) as of `now`. */
export function formatDateTime(iso: string | Date, locale: Locale, now: Date): string {
  const date = asDate(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return kstDay(now) === kstDay(date) ? format(date, locale, { timeStyle: 'short' }) : formatMoment(date, locale);
}

/** A time of day with seconds. */
export function formatTime(date: Date, locale: Locale): string {
  return format(date, locale, { timeStyle: 'medium' });
}

/** A calendar day written YYYY-MM-DD (as a date field gives it), in words: 2026년 12월 4일 (금) / Fri 4 Dec 2026. */
export function formatDay(day: string, locale: Locale): string {
  const bounds = kstDayBounds(day);
  if (!bounds) return day;
  // Noon KST is that day in Korea whatever the formatter's own zone rules.
  const noon = new Date(new Date(bounds.from).getTime() + 12 * 3_600_000);
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'full', timeZone: ZONE }).format(noon);
}

/** The instants a KST calendar day (YYYY-MM-DD) starts and ends at, or undefined for text that is no such day. */
export function kstDayBounds(day: string): { from: string; to: string } | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00+09:00`);
  if (Number.isNaN(start.getTime()) || kstDay(start) !== day) return undefined;
  return { from: start.toISOString(), to: new Date(start.getTime() + 86_400_000).toISOString() };
}
