// "Now" for APIs whose data is issued on a schedule. A request for a base time not issued yet, or no longer
// kept, finds nothing; so seeds, synthesized plans and benchmark tasks ask for the latest issued one as of a
// moment instead of a date frozen in an example.
import type { ToolSpec } from '../catalog/types.ts';
import { kst, pad, ymd } from './kst.ts';

interface Schedule {
  /** Issue times of the day, HHmm. */
  times: string[];
  /** Minutes after an issue time before its data can be fetched. */
  lagMinutes: number;
}

const hourly = (minute: string): string[] => Array.from({ length: 24 }, (_, h) => `${pad(h, 2)}${minute}`);

/** KMA's publication schedules: the base times and the delay after each before its data can be asked for. */
const SCHEDULES: Record<string, Schedule> = {
  'kma.getUltraSrtNcst': { times: hourly('00'), lagMinutes: 10 },
  'kma.getUltraSrtFcst': { times: hourly('30'), lagMinutes: 15 },
  'kma.getVilageFcst': { times: ['0200', '0500', '0800', '1100', '1400', '1700', '2000', '2300'], lagMinutes: 10 },
  'kma.getMidTa': { times: ['0600', '1800'], lagMinutes: 0 },
  'kma.getMidLandFcst': { times: ['0600', '1800'], lagMinutes: 0 },
};

/** The latest issue of a scheduled tool that can be fetched at `asOf`, as KST YYYYMMDD and HHmm. */
export function latestIssue(toolId: string, asOf: Date): { date: string; time: string } | undefined {
  const schedule = SCHEDULES[toolId];
  if (!schedule) return undefined;
  const ready = kst(new Date(asOf.getTime() - schedule.lagMinutes * 60_000));
  const hhmm = `${pad(ready.getUTCHours(), 2)}${pad(ready.getUTCMinutes(), 2)}`;
  const today = [...schedule.times].reverse().find((t) => t <= hhmm);
  if (today) return { date: ymd(ready), time: today };
  const yesterday = new Date(ready.getTime() - 24 * 3_600_000);
  return { date: ymd(yesterday), time: schedule.times[schedule.times.length - 1]! };
}

/**
 * The arguments with every time-dependent value set for `asOf`: the latest issue of a scheduled API, today for
 * a date, the last complete month for a year-month (monthly data such as apartment deals), this year and month.
 */
export function timelyArgs(spec: ToolSpec, args: Record<string, unknown>, asOf: Date): Record<string, unknown> {
  const out = { ...args };
  const now = kst(asOf);
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const issue = latestIssue(spec.id, asOf);
  for (const [name, schema] of Object.entries(spec.parameters.properties)) {
    if (!(name in out)) continue;
    const tag = schema['x-semantic'];
    if (issue && tag === 'date.yyyymmdd') out[name] = issue.date;
    else if (issue && (tag === 'kma.baseTime' || tag === 'time.hhmm')) out[name] = issue.time;
    else if (issue && tag === 'kma.tmFc') out[name] = `${issue.date}${issue.time}`;
    else if (tag === 'date.yyyymmdd') out[name] = ymd(now);
    else if (tag === 'date.yyyymm') out[name] = `${lastMonth.getUTCFullYear()}${pad(lastMonth.getUTCMonth() + 1, 2)}`;
    else if (tag === 'date.yyyy') out[name] = String(now.getUTCFullYear());
    else if (tag === 'date.mm') out[name] = pad(now.getUTCMonth() + 1, 2);
  }
  return out;
}
