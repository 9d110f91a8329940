// The columns a person asked about, first: a result with a column per weekday (a pharmacy's or a hospital's hours)
// shows the days the question names — "주말" Saturday and Sunday, "내일" the weekday of tomorrow in Korea, "공휴일"
// the holiday hours — in place of the headline's other days. The rest stay one click away (the raw body).
import type { FieldSpec } from '../catalog/types.ts';

/** The days a column can be about, as the catalog's labels name them. */
const DAYS = [
  { ko: '일요일', en: 'Sunday' },
  { ko: '월요일', en: 'Monday' },
  { ko: '화요일', en: 'Tuesday' },
  { ko: '수요일', en: 'Wednesday' },
  { ko: '목요일', en: 'Thursday' },
  { ko: '금요일', en: 'Friday' },
  { ko: '토요일', en: 'Saturday' },
] as const;
const HOLIDAY = { ko: '공휴일', en: 'holiday' } as const;
type Day = (typeof DAYS)[number] | typeof HOLIDAY;

const KST_MS = 9 * 3600_000;
const weekdayIn = (asOf: Date, days: number): Day => DAYS[new Date(asOf.getTime() + KST_MS + days * 86_400_000).getUTCDay()]!;

/** Words for a day relative to now, and how many days on. */
const RELATIVE: [RegExp, number][] = [
  [/오늘|지금|현재|\btoday\b|\bnow\b|\btonight\b/i, 0],
  [/내일|\btomorrow\b/i, 1],
  [/모레/, 2],
];

/** The days a question asks about. */
export function daysAsked(question: string, asOf: Date): Day[] {
  const asked = new Set<Day>();
  for (const day of DAYS) if (question.includes(day.ko) || new RegExp(`\\b${day.en}`, 'i').test(question)) asked.add(day);
  if (/주말|\bweekends?\b/i.test(question)) [DAYS[6], DAYS[0]].forEach((d) => asked.add(d));
  if (/공휴일|휴일|명절|연휴|\bholidays?\b/i.test(question)) asked.add(HOLIDAY);
  for (const [words, on] of RELATIVE) if (words.test(question)) asked.add(weekdayIn(asOf, on));
  return [...asked];
}

const dayOf = (field: FieldSpec | undefined): Day | undefined =>
  field ? [...DAYS, HOLIDAY].find((d) => field.ko?.includes(d.ko) || field.en?.toLowerCase().includes(d.en.toLowerCase())) : undefined;

/**
 * The headline with the question's days: where a tool's fields are per day, the headline's day columns are replaced
 * by every column of the days asked, in the fields' order, at the place of the first. A question that names no day,
 * or a tool without day columns, keeps its headline.
 */
export function headlineForQuestion(headline: readonly string[], fields: Record<string, FieldSpec>, question: string, asOf: Date): string[] {
  const asked = daysAsked(question, asOf);
  const wanted = Object.keys(fields).filter((name) => {
    const day = dayOf(fields[name]);
    return day !== undefined && asked.includes(day);
  });
  if (wanted.length === 0) return [...headline];
  const at = headline.findIndex((name) => dayOf(fields[name]) !== undefined);
  const kept = headline.filter((name) => dayOf(fields[name]) === undefined);
  const place = at < 0 ? kept.length : headline.slice(0, at).filter((name) => dayOf(fields[name]) === undefined).length;
  return [...kept.slice(0, place), ...wanted, ...kept.slice(place)];
}
