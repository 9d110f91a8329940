import type { StringKey } from './i18n.tsx';
import type { Locale } from '../../main/core/i18n/strings.ts';

import { formatDateTime as formatDateTimeAt } from '../../main/core/i18n/moments.ts';
export { formatDay, formatTime } from '../../main/core/i18n/moments.ts';

/** A moment, without its date when that is today (in KST): the window's clock is the one that says what today is. */
export const formatDateTime = (iso: string | Date, locale: Locale): string => formatDateTimeAt(iso, locale, new Date());

type T = (key: StringKey, vars?: Record<string, string | number>) => string;

export function formatUptime(ms: number, t: T): string {
  const total = Math.floor(ms / 1000);
  if (total < 60) return t('unit.seconds', { n: total });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return t('unit.hours', { h, m });
  return t('unit.minutes', { m, s: total % 60 });
}

export function formatMiB(bytes: number, t: T): string {
  return t('unit.mib', { n: (bytes / 2 ** 20).toFixed(0) });
}

/** Bytes in binary units (KiB, MiB, GiB). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 || unit === 0 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** A count with the locale's grouping. */
export function formatCount(n: number, locale: 'ko' | 'en'): string {
  return new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : 'en-GB').format(n);
}
