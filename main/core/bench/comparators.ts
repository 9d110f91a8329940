// Whether a final answer, free Korean text, states the expected value: numbers with tolerance and Korean units,
// dates and times in any usual form, names with 시도/시군구 variants, every member of a set, yes or no, or a
// refusal to answer where the data does not exist or no tool can say.
import type { AnswerSpec } from '../plan/types.ts';
import { findDates, findTimes } from './koreanDates.ts';
import { findNumbers, unitFactor } from './koreanNumbers.ts';
import { normaliseText } from './koreanText.ts';
import { translate, type StringKey } from '../i18n/strings.ts';

export interface CompareContext {
  /** The task's year: a date written without one ("5월 5일") is in it. */
  year: number;
  /** The unit a number answer is in (만원). */
  unit?: string;
}

export interface Comparison {
  pass: boolean;
  /** Why, in English (reports, --json). */
  detail: string;
  /** The same in the message catalogue, for whoever reads it in another language. */
  said: { key: StringKey; vars: Record<string, string | number> };
}

/** A comparison whose English detail is the catalogue's, so each sentence is written once. */
const judged = (pass: boolean, key: StringKey, vars: Record<string, string | number> = {}): Comparison => ({ pass, detail: translate('en', key, vars), said: { key, vars } });

const DECLINE = /(없습니다|없어요|없음|없네요|찾을 수 없|찾지 못|알 수 없|확인할 수 없|조회할 수 없|조회되지 않|제공하지 않|제공되지 않|지원하지 않|답변(을|드리)?기 어렵|답할 수 없|드릴 수 없|불가능|할 수 없|존재하지 않|not available|cannot|can't|unable|no data|does not exist)/i;
const YES = /(네[,.!\s]|^네$|예[,.!\s]|맞습니다|맞아요|그렇습니다|있습니다|있어요|됩니다|\byes\b|\btrue\b)/i;
const NO = /(아니요|아니오|아닙니다|아니에요|없습니다|없어요|않습니다|않아요|못합니다|\bno\b|\bfalse\b)/i;

export function isDecline(text: string): boolean {
  return DECLINE.test(text);
}

const UNSURE = /(확인할 수 없|알 수 없|모르겠|판단할 수 없|not sure|unknown)/i;

/**
 * Yes or no, by the first polar word of the answer ("네", "아니요", "없습니다" …). A plain statement with no
 * negation ("6월 3일은 공휴일입니다.") is a yes; an answer that says it cannot tell is neither.
 */
export function polarity(text: string): boolean | undefined {
  if (text.trim() === '' || UNSURE.test(text)) return undefined;
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

function statesNumber(expected: number, text: string, tolerance: number, unit: string | undefined): boolean {
  const factor = unitFactor(unit);
  const close = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol + 1e-9 * Math.max(1, Math.abs(b));
  return findNumbers(text).some((n) => close(n.value, expected * factor, tolerance * factor) || close(n.written, expected, tolerance));
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

export function compareAnswer(spec: AnswerSpec, expected: unknown, answer: string | null, ctx: CompareContext): Comparison {
  const text = answer ?? '';
  switch (spec.compare) {
    case 'decline':
      return isDecline(text) ? judged(true, 'bench.verdict.declined') : judged(false, 'bench.verdict.notDeclined');
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
      return spec.tolerance ? judged(false, 'bench.verdict.doesNotStateWithin', { value, tolerance: spec.tolerance }) : judged(false, 'bench.verdict.doesNotState', { value });
    }
    case 'set': {
      const members = Array.isArray(expected) ? expected : [expected];
      const missing = members.filter((m) => !statesValue(m, text, ctx, spec.tolerance));
      return missing.length ? judged(false, 'bench.verdict.missing', { values: missing.map(show).join(', ') }) : judged(true, 'bench.verdict.statesAll', { n: members.length });
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
