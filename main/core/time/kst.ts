// Korean Standard Time (UTC+9, no daylight saving) as the public APIs write it: a "KST clock" is a Date whose
// UTC getters read KST, so date arithmetic stays in plain UTC.

/** KST clock fields of a moment. */
export function kst(moment: Date): Date {
  return new Date(moment.getTime() + 9 * 3_600_000);
}

/** YYYYMMDD of a KST clock. */
export function ymd(d: Date): string {
  return d.toISOString().slice(0, 10).replace(/-/g, '');
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A KST clock from YYYYMMDD and HHmm. */
export function kstAt(yyyymmdd: string, hhmm = '0000'): Date {
  return new Date(
    Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)), Number(hhmm.slice(0, 2)), Number(hhmm.slice(2, 4))),
  );
}

export function isRealDate(yyyymmdd: string): boolean {
  const d = kstAt(yyyymmdd);
  return !Number.isNaN(d.getTime()) && ymd(d) === yyyymmdd;
}
