// Which values a user states in a request, and how: region names as they are, search words in quotes, dates
// relative to now where they are ("오늘", "지난달"), business numbers with hyphens. Every other value a plan
// uses must come from an earlier step: a request never carries a code the user could not know.
import { formatBusinessNumber } from '../business/businessNumber.ts';
import { latestIssue } from '../time/issueTimes.ts';
import { kst, pad, ymd } from '../time/kst.ts';
import { VALUE_KINDS } from './valueKinds.ts';

/** Value kinds a person asking a question can state (see valueKinds.ts). */
export const USER_KINDS: ReadonlySet<string> = new Set(
  Object.entries(VALUE_KINDS)
    .filter(([, kind]) => kind.stated)
    .map(([tag]) => tag),
);

/** Kinds whose value the request states as a moment relative to now, which the system prompt fixes. */
export const TIME_KINDS = new Set(['date.yyyymmdd', 'date.yyyymm', 'date.yyyy', 'date.mm', 'kma.baseTime', 'kma.tmFc', 'time.hhmm']);

const quoted = (v: unknown): string => `'${String(v)}'`;

/** A date as a request says it: 오늘, or 2025년 5월 5일. */
export function dateText(yyyymmdd: string, asOf: Date): string {
  if (yyyymmdd === ymd(kst(asOf))) return '오늘';
  return `${Number(yyyymmdd.slice(0, 4))}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
}

/** A month as a request says it: 이번 달, 지난달, or 2025년 3월. */
export function monthText(yyyymm: string, asOf: Date): string {
  const now = kst(asOf);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  if (yyyymm === `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1, 2)}`) return '이번 달';
  if (yyyymm === `${last.getUTCFullYear()}${pad(last.getUTCMonth() + 1, 2)}`) return '지난달';
  return `${Number(yyyymm.slice(0, 4))}년 ${Number(yyyymm.slice(4, 6))}월`;
}

/** How a request states a value of this kind for this tool, or undefined when a user would not state it. */
export function mentionText(toolId: string, tag: string, value: unknown, asOf: Date): string | undefined {
  const text = String(Array.isArray(value) ? value[0] : value);
  const issue = latestIssue(toolId, asOf);
  if (issue && (tag === 'kma.baseTime' || tag === 'kma.tmFc' || tag === 'date.yyyymmdd')) {
    const latest = tag === 'kma.tmFc' ? text === `${issue.date}${issue.time}` : tag === 'kma.baseTime' ? text === issue.time : text === issue.date;
    if (latest) return toolId === 'kma.getUltraSrtNcst' ? '지금' : '가장 최근에 발표된';
  }
  switch (tag) {
    case 'address.keyword':
    case 'org.name':
    case 'kosis.searchText':
      return quoted(text);
    case 'airkorea.stationName':
      return `${text} 측정소`;
    case 'biz.bno10':
      return (Array.isArray(value) ? value : [value]).map((v) => formatBusinessNumber(String(v))).join(', ');
    case 'geo.lat':
      return `위도 ${text}`;
    case 'geo.lon':
      return `경도 ${text}`;
    case 'geo.radiusM':
      return `반경 ${text}m`;
    case 'date.yyyymmdd':
      return /^\d{8}$/.test(text) ? dateText(text, asOf) : undefined;
    case 'date.yyyymm':
      return /^\d{6}$/.test(text) ? monthText(text, asOf) : undefined;
    case 'date.yyyy':
      return `${Number(text)}년`;
    case 'date.mm':
      return `${Number(text)}월`;
    case 'time.hhmm':
      return /^\d{4}$/.test(text) ? `${Number(text.slice(0, 2))}시 ${Number(text.slice(2))}분` : undefined;
    default:
      return USER_KINDS.has(tag) ? text : undefined;
  }
}
