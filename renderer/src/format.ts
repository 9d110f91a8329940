import type { StringKey } from './i18n.tsx';

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
