// Moments written in the locale's own form (오후 3:05 in Korean, 15:05 in English), for the window and the command
// line alike. Korean text never says AM/PM: newer ICU data (Node 20's ICU 78) writes "PM 3:05" for ko-KR, older
// data (a browser's) 오후 3:05, so the day period is written here.
import type { Locale } from './strings.ts';

function format(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const parts = new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', options).formatToParts(date);
  return parts.map((p) => (p.type === 'dayPeriod' && locale === 'ko' ? (date.getHours() < 12 ? '오전' : '오후') : p.value)).join('');
}

const asDate = (iso: string | Date): Date => (typeof iso === 'string' ? new Date(iso) : iso);

/** A moment with its date and time: 2026. 12. 1. 오후 10:27 / 1 Dec 2026, 22:27. */
export function formatMoment(iso: string | Date, locale: Locale): string {
  const date = asDate(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : format(date, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment, without its date when that is today. */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  const date = asDate(iso);
  return new Date().toDateString() === date.toDateString() ? format(date, locale, { timeStyle: 'short' }) : formatMoment(date, locale);
}

/** A time of day with seconds. */
export function formatTime(date: Date, locale: Locale): string {
  return format(date, locale, { timeStyle: 'medium' });
}
