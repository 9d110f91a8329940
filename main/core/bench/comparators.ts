// Whether a final answer, free Korean text, commits to the expected value: it states it (numbers with tolerance and
// Korean units, dates and times in any usual form, names with 시도/시군구 variants, every member of a set, yes or no,
// or a refusal where the data does not exist or no tool can say) and does not hedge: no competing candidate beside
// it (competitors.ts), no listing of what the results held, no essay around it, no "yes and no", no answer tucked
// behind a refusal. A comparator that only asked whether the value occurs somewhere would pass a list of guesses.
import type { AnswerSpec } from '../plan/types.ts';
import type { AnswerCandidates } from './competitors.ts';
import { findDates, findTimes } from './koreanDates.ts';
import { findNumbers, unitFactor } from './koreanNumbers.ts';
import { normaliseText } from './koreanText.ts';
import { translate, type StringKey } from '../i18n/strings.ts';

export interface CompareContext {
  /** The task's year: a date written without one ("5월 5일") is in it. */
  year: number;
  /** The unit a number answer is in (만원). */
  unit?: string;
  /** What the answer must not also state; without it only the expected value is looked for. */
  candidates?: AnswerCandidates;
  /** The user's request: a refusal may repeat its numbers, not add others. */
  request?: string;
}

/** An answer this long is an essay around the value, not an answer (plus room per member of a set). */
export const MAX_ANSWER_CHARS = 600;
const CHARS_PER_MEMBER = 40;
/** More values of the results than this, besides the expected ones, is a listing of the results. */
export const MAX_CONTEXT_VALUES = 6;
/** A result this small that an answer repeats in full is listed, not answered from. */
const MIN_LISTING = 3;

export interface Comparison {
  pass: boolean;
  /** Why, in English (reports, --json). */
  detail: string;
  /** The same in the message catalogue, for whoever reads it in another language. */
  said: { key: StringKey; vars: Record<string, string | number> };
}

/** A comparison whose English detail is the catalogue's, so each sentence is written once. */
const judged = (pass: boolean, key: StringKey, vars: Record<string, string | number> = {}): Comparison => ({
  pass,
  detail: translate('en', key, vars),
  said: { key, vars },
});

const DECLINE =
  /(없습니다|없어요|없음|없네요|찾을 수 없|찾지 못|알 수 없|확인할 수 없|조회할 수 없|조회되지 않|제공하지 않|제공되지 않|지원하지 않|답변(을|드리)?기 어렵|답할 수 없|드릴 수 없|불가능|할 수 없|존재하지 않|not available|cannot|can't|unable|no data|does not exist)/i;
const YES = /(네[,.!\s]|^네$|예[,.!\s]|맞습니다|맞아요|그렇습니다|있습니다|있어요|됩니다|\byes\b|\btrue\b)/i;
const NO = /(아니요|아니오|아닙니다|아니에요|없습니다|없어요|않습니다|않아요|못합니다|\bno\b|\bfalse\b)/i;

export function isDecline(text: string): boolean {
  return DECLINE.test(text);
}

/** Saying it cannot tell, or cannot find out, is neither yes nor no (a refusal's "없습니다" is not a "no"). */
const UNSURE =
  /(확인할 수 없|알 수 없|모르겠|판단할 수 없|찾을 수 없|찾지 못|조회할 수 없|조회되지 않|제공하지 않|제공되지 않|답(변)?(을|드리)?기 어렵|수도 있고|둘 다|not sure|unknown|maybe|either|cannot|unable)/i;
/** Both interjections at once ("네, 아니요 …") is no answer, whatever follows. */
const YES_WORD = /(^|[\s,.!(])(네|예|yes)([\s,.!)]|$)/i;
const NO_WORD = /(^|[\s,.!(])(아니요|아니오|no)([\s,.!)]|$)/i;

/**
 * Yes or no, by the first polar word of the answer ("네", "아니요", "없습니다" …). A plain statement with no
 * negation ("6월 3일은 공휴일입니다.") is a yes; an answer that says it cannot tell is neither.
 */
export function polarity(text: string): boolean | undefined {
  if (text.trim() === '' || UNSURE.test(text) || (YES_WORD.test(text) && NO_WORD.test(text))) return undefined;
  const yes = YES.exec(text);
  const no = NO.exec(text);
  if (yes && no) return no.index > yes.index;
  if (no) return false;
  return true;
}

const isDateLike = (v: string): boolean => /^\d{4}-?\d{2}-?\d{2}$/.test(v);
const isTimeLike = (v: string): boolean => /^([01]\d|2[0-4]):?[0-5]\d$/.test(v);

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?[\d,]+(\.\d+)?\s*$/.test(value)) return Number(value.replace(/[,\s]/g, ''));
  return undefined;
}

const close = (a: number, b: number, tol = 0): boolean => Math.abs(a - b) <= tol + 1e-9 * Math.max(1, Math.abs(b));

/** Decimals a number was written with ("35.145" → 3). */
const decimalsOf = (text: string): number => /\.(\d+)/.exec(text)?.[1]!.length ?? 0;
const roundTo = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;

function statesNumber(expected: number, text: string, tolerance: number, unit: string | undefined): boolean {
  const factor = unitFactor(unit);
  // A value written rounded states it: to fewer decimals ("35.145" for 35.1450778, "50.1" for a mean of 50.083), an
  // amount of a hundred or more to whole units ("4억 3,295만원" for 43295.149만원), a tenth that rounds to a whole.
  const rounded = (n: { value: number }): boolean => {
    const inUnit = n.value / factor;
    const d = decimalsOf(String(inUnit));
    if (decimalsOf(String(expected)) <= d) return false;
    // "44" for a mean of 44.042 is 44.0 said without its zero.
    return ((d >= 1 || Math.abs(expected) >= 100) && close(inUnit, roundTo(expected, d))) || (d === 0 && close(inUnit, roundTo(expected, 1)));
  };
  return findNumbers(text).some((n) => close(n.value, expected * factor, tolerance * factor) || close(n.written, expected, tolerance) || rounded(n));
}

/** Whether the text states one value: a date, a time, a number or words. */
function statesValue(expected: unknown, text: string, ctx: CompareContext, tolerance = 0): boolean {
  if (typeof expected === 'boolean') return polarity(text) === expected;
  const asNumber = numberOf(expected);
  const asText = String(expected).trim();
  if (typeof expected === 'string' && isDateLike(asText)) return findDates(text, ctx.year).includes(asText.replace(/-/g, ''));
  if (typeof expected === 'string' && isTimeLike(asText)) return findTimes(text).includes(asText.replace(':', ''));
  if (asNumber !== undefined && (typeof expected === 'number' || tolerance > 0)) return statesNumber(asNumber, text, tolerance, ctx.unit);
  if (asNumber !== undefined && statesNumber(asNumber, text, 0, ctx.unit)) return true;
  const needle = normaliseText(asText);
  return needle !== '' && normaliseText(text).includes(needle);
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** What a text states, read once: its dates, its clock times, its numbers (calendar and clock words aside) and its letters. */
interface Stated {
  dates: Set<string>;
  times: Set<string>;
  numbers: { value: number; written: number }[];
  words: string;
}

/**
 * Calendar and clock words: "2025년 3월", "3월 5일", "10:30", "7시" are not amounts, whatever their digits. Minutes
 * and seconds stay: "285초" may be the answer (a bus's arrival) and "969초" its competitor.
 */
const CALENDAR_WORDS = /\d{4}\s*[년.\-/]\s*\d{1,2}\s*[월.\-/]\s*\d{1,2}\s*일?|\d{1,2}:\d{2}|\d+\s*(년|월|일|시|개월|주)/g;

function readStated(text: string, ctx: CompareContext, expected: unknown[]): Stated {
  let words = normaliseText(text);
  // The expected value's own words are not a competitor's ("센트럴" inside "신천센트럴").
  for (const m of expected) if (typeof m === 'string' && numberOf(m) === undefined) words = words.split(normaliseText(m)).join(' ');
  return { dates: new Set(findDates(text, ctx.year)), times: new Set(findTimes(text)), numbers: findNumbers(text.replace(CALENDAR_WORDS, ' ')), words };
}

/** Whether the text states a value of the results: the same reading as the expected value's, held to whole tokens. */
function mentions(value: unknown, s: Stated, ctx: CompareContext, kinds: { date: boolean; time: boolean }): boolean {
  const text = String(value).trim();
  if (kinds.date && isDateLike(text)) return s.dates.has(text.replace(/-/g, ''));
  if (kinds.time && isTimeLike(text)) return s.times.has(text.replace(':', ''));
  const n = numberOf(value);
  const factor = unitFactor(ctx.unit);
  // "23억" states 2.3 × 10⁹, not 23: a number with a Korean unit is compared by its value only.
  if (n !== undefined) return s.numbers.some((x) => close(x.value, n * factor) || (x.value === x.written && close(x.written, n)));
  const w = normaliseText(text);
  return w.length >= 2 && s.words.includes(w);
}

/** A value distinctive enough that stating it means it was read off the results (not 0, 1 or a one-letter code). */
function distinctive(value: unknown): boolean {
  const n = numberOf(value);
  if (n !== undefined) return Math.abs(n) >= 10 || !Number.isInteger(n);
  return normaliseText(String(value)).length >= 3;
}

/**
 * Why an answer that states the expected value still does not commit to it, or undefined when it does: it runs too
 * long, states a competitor, or lists the results' values.
 */
function hedged(spec: AnswerSpec, expected: unknown, text: string, ctx: CompareContext): Comparison | undefined {
  const wanted = Array.isArray(expected) ? expected : [expected];
  const max = MAX_ANSWER_CHARS + CHARS_PER_MEMBER * wanted.length;
  if (text.length > max) return judged(false, 'bench.verdict.tooLong', { chars: text.length, max });
  if (!ctx.candidates) return undefined;
  const s = readStated(text, ctx, wanted);
  const kinds = {
    date: wanted.some((m) => typeof m === 'string' && isDateLike(m.trim())),
    time: wanted.some((m) => typeof m === 'string' && isTimeLike(m.trim())),
  };
  const nearExpected = (c: unknown): boolean => {
    const n = numberOf(c);
    return n !== undefined && wanted.some((m) => numberOf(m) !== undefined && close(n, numberOf(m)!, spec.tolerance ?? 0));
  };
  const competitor = ctx.candidates.competitors.find((c) => !nearExpected(c) && mentions(c, s, ctx, kinds));
  if (competitor !== undefined)
    return judged(false, 'bench.verdict.competitor', { value: `${show(competitor)}${numberOf(competitor) !== undefined && ctx.unit ? ctx.unit : ''}` });
  const stated = ctx.candidates.shown.filter((v) => !nearExpected(v) && mentions(v, s, ctx, { date: true, time: true }));
  const listed = stated.filter(distinctive);
  // Too many values of the results, or every one of a small result: a listing, whatever the expected value's place in it.
  // The expected value's own field ("01" for a count of 1) is not part of what a listing must repeat.
  const sayable = ctx.candidates.shown.filter((v) => !nearExpected(v) && (numberOf(v) !== undefined || normaliseText(String(v)).length >= 2));
  const all = sayable.length >= MIN_LISTING && stated.length >= sayable.length;
  if (listed.length > MAX_CONTEXT_VALUES || all) return judged(false, 'bench.verdict.listing', { n: stated.length, max: MAX_CONTEXT_VALUES });
  return undefined;
}

/** The numbers the request itself states (as written), which an answer may repeat without offering them. */
const askedNumbers = (ctx: CompareContext): Set<number> => new Set(findNumbers((ctx.request ?? '').replace(CALENDAR_WORDS, ' ')).map((n) => n.written));

/** Words that offer alternatives: "2 또는 3", "1, 2, 3 중 하나", "2~3건", "후보: …", "either 2 or 3". */
const ALTERNATIVES = /또는|혹은|아니면|이거나|중\s*(하나|어느)|후보|\d\s*\S{0,2}\s*~\s*\d|\bor\b|\beither\b|\bcandidates?\b/i;

/**
 * A number offered as an alternative to the expected one ("1, 2, 3 중 하나입니다"): the competitors are the values the
 * results held, and a guess among numbers no result showed is a hedge all the same. Numbers of the request, calendar
 * and clock words and the expected value in any of its forms (23억 원 for 230000만원) are not alternatives.
 */
function alternative(want: number, text: string, ctx: CompareContext, tolerance: number): string | undefined {
  if (!ALTERNATIVES.test(text)) return undefined;
  const asked = askedNumbers(ctx);
  return findNumbers(text.replace(CALENDAR_WORDS, ' ')).find((n) => !asked.has(n.written) && !statesNumber(want, n.text, tolerance, ctx.unit))?.text;
}

/**
 * Another value written the way the expected one is (a phone number beside the phone number: "02-265-1639 또는
 * 02-555-1611"), offered as an alternative. Only values with digits have a shape worth comparing.
 */
function alternativeOfShape(expected: string, text: string): string | undefined {
  if (!/\d/.test(expected) || !ALTERNATIVES.test(text)) return undefined;
  const shape = new RegExp(
    expected
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\d+/g, '\\d+'),
    'g',
  );
  const want = normaliseText(expected);
  return [...text.matchAll(shape)].map((m) => m[0]).find((m) => normaliseText(m) !== want);
}

/** A refusal that also answers ("없습니다. 혹시 3월이라면 12건입니다."): a number the request did not state. */
function answeredAnyway(text: string, ctx: CompareContext): string | undefined {
  if (ctx.request === undefined) return undefined;
  const asked = askedNumbers(ctx);
  return findNumbers(text.replace(CALENDAR_WORDS, ' ')).find((n) => !asked.has(n.written))?.text;
}

export function compareAnswer(spec: AnswerSpec, expected: unknown, answer: string | null, ctx: CompareContext): Comparison {
  const text = answer ?? '';
  const verdict = judge(spec, expected, text, ctx);
  if (!verdict.pass || spec.compare === 'decline') return verdict;
  const hedge = hedged(spec, expected, text, ctx);
  if (hedge) return hedge;
  // A competitor the results held is named above; a guess among values no result showed is caught here.
  const other =
    spec.compare === 'number'
      ? alternative(numberOf(expected)!, text, ctx, spec.tolerance ?? 0)
      : (spec.compare === 'contains' || spec.compare === 'string') && typeof expected === 'string'
        ? alternativeOfShape(expected, text)
        : undefined;
  return other === undefined ? verdict : judged(false, 'bench.verdict.alternatives', { value: other });
}

function judge(spec: AnswerSpec, expected: unknown, text: string, ctx: CompareContext): Comparison {
  switch (spec.compare) {
    case 'decline': {
      if (!isDecline(text)) return judged(false, 'bench.verdict.notDeclined');
      const also = answeredAnyway(text, ctx);
      if (also !== undefined) return judged(false, 'bench.verdict.declineAndAnswer', { value: also });
      if (text.length > MAX_ANSWER_CHARS) return judged(false, 'bench.verdict.tooLong', { chars: text.length, max: MAX_ANSWER_CHARS });
      return judged(true, 'bench.verdict.declined');
    }
    case 'boolean': {
      const want = typeof expected === 'string' ? /^(y|yes|true|01)$/i.test(expected) : Boolean(expected);
      const got = polarity(text);
      if (got === undefined) return judged(false, 'bench.verdict.neitherYesNo');
      if (got === want) return judged(true, want ? 'bench.verdict.saysYes' : 'bench.verdict.saysNo');
      return judged(false, want ? 'bench.verdict.expectedYes' : 'bench.verdict.expectedNo');
    }
    case 'number': {
      const want = numberOf(expected);
      if (want === undefined) return judged(false, 'bench.verdict.notANumber', { value: show(expected) });
      const value = `${want}${ctx.unit ?? ''}`;
      if (statesNumber(want, text, spec.tolerance ?? 0, ctx.unit)) return judged(true, 'bench.verdict.states', { value });
      return spec.tolerance
        ? judged(false, 'bench.verdict.doesNotStateWithin', { value, tolerance: spec.tolerance })
        : judged(false, 'bench.verdict.doesNotState', { value });
    }
    case 'set': {
      const members = Array.isArray(expected) ? expected : [expected];
      const missing = members.filter((m) => !statesValue(m, text, ctx, spec.tolerance));
      return missing.length
        ? judged(false, 'bench.verdict.missing', { values: missing.map(show).join(', ') })
        : judged(true, 'bench.verdict.statesAll', { n: members.length });
    }
    case 'contains': {
      const pass = normaliseText(text).includes(normaliseText(String(expected)));
      return judged(pass, pass ? 'bench.verdict.contains' : 'bench.verdict.doesNotContain', { value: show(expected) });
    }
    case 'string': {
      const pass = statesValue(expected, text, ctx, spec.tolerance);
      return judged(pass, pass ? 'bench.verdict.states' : 'bench.verdict.doesNotState', { value: show(expected) });
    }
  }
}
