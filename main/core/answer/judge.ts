// The typed judge: a committed claim against the expected value, compared exactly after normalisation, the way GAIA
// and BFCL judge (../shared/reference/answers.md). The expected value's kind decides how the claim is read: a number
// with its unit converted (원 / 만원 / 억원, ℃ with 영하, %, ㎍/㎥, counts), a date or a time in any usual form (relative
// ones against the episode's moment), a name through its aliases, a set with nothing missing and nothing extra, yes
// or no as a boolean, a decline as a value of its own. A claim that holds two values where one is asked, a range, a
// set with an extra member, a decline with a value or a yes-and-no fails by construction: no word list decides it.
import type { AnswerSpec } from '../plan/types.ts';
import { translate, type StringKey } from '../i18n/strings.ts';
import { readDates, readTimeRange, readTimes } from './calendar.ts';
import type { Claim } from './claim.ts';
import { bareValue, leftoverKey, nameKey, sameName } from './names.ts';
import { findQuantities, unitOf, type Quantity } from './quantity.ts';
import { answerShape, type MemberKind } from './shape.ts';

export interface JudgeContext {
  /** The episode's moment: "내일", "이번 주 토요일" and a date without a year are read against it. */
  asOf: Date;
  /** The unit the expected number is in (만원, ℃, 곳), where the task gives one. */
  unit?: string;
}

export interface Judgement {
  pass: boolean;
  /** Why, in English (reports, --json). */
  detail: string;
  /** The same in the message catalogue, for whoever reads it in another language. */
  said: { key: StringKey; vars: Record<string, string | number> };
  /** The claim as the judge read it, in the expected value's form ("20251009", 230000), when it could be read. */
  read?: unknown;
}

const judged = (pass: boolean, key: StringKey, vars: Record<string, string | number> = {}, read?: unknown): Judgement => ({
  pass,
  detail: translate('en', key, vars),
  said: { key, vars },
  ...(read !== undefined ? { read } : {}),
});

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** One claimed value as written: a JSON number with its unit, or text. */
type Written = { number: number; unit?: string } | { text: string };

/** Why a claimed value is not the expected one, or what it read as when it is. */
type Reading = { ok: true; read: unknown } | { ok: false; key: StringKey; vars?: Record<string, string | number>; read?: unknown };

const no = (key: StringKey, vars: Record<string, string | number> = {}, read?: unknown): Reading => ({
  ok: false,
  key,
  vars,
  ...(read !== undefined ? { read } : {}),
});

/** What is left of a text once the spans a reader took are cut out, without sentence endings: nothing, for one value. */
function residue(text: string, spans: { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, s.start);
    at = Math.max(at, s.end);
  }
  out += text.slice(at);
  return leftoverKey(out);
}

const decimals = (x: number): number => {
  const s = String(Math.round(x * 1e9) / 1e9);
  return /\.(\d+)$/.exec(s)?.[1]!.length ?? (/e-(\d+)/.exec(s) ? 10 : 0);
};
const roundTo = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;
const close = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol + 1e-9 * Math.max(1, Math.abs(b));

/** One quantity of a claimed number, or why there is not exactly one. */
function quantityOf(written: Written): { q: Quantity } | Reading {
  if ('number' in written) {
    const unit = written.unit ? unitOf(written.unit) : undefined;
    if (written.unit && !unit) return no('answer.verdict.unknownUnit', { unit: written.unit });
    const scale = unit?.scale ?? 1;
    return {
      q: { value: written.number * scale, written: String(written.number), ...(unit ? { unit: unit.unit } : {}), scaled: scale !== 1, start: 0, end: 0 },
    };
  }
  const text = written.text.normalize('NFKC');
  const found = findQuantities(text);
  if (found.length === 0) return no('answer.verdict.noNumber', { claim: written.text });
  if (found.length > 1) return no('answer.verdict.manyValues', { n: found.length, claim: written.text });
  if (residue(text, found) !== '') return no('answer.verdict.notOneValue', { claim: written.text });
  return { q: found[0]! };
}

function readNumber(written: Written, expected: number, tolerance: number, ctx: JudgeContext): Reading {
  const got = quantityOf(written);
  if (!('q' in got)) return got;
  const { q } = got;
  const task = ctx.unit ? unitOf(ctx.unit) : undefined;
  let value: number;
  if (task) {
    if (q.unit && q.unit.family !== task.unit.family) return no('answer.verdict.wrongUnit', { unit: ctx.unit! });
    // In the task's unit: a claim in another unit of the family is converted; a bare number is in the task's unit,
    // unless numerals scaled it ("23억" is 23억 원, never 23억 만원).
    const base = task.unit.factor * task.scale;
    value = q.unit ? (q.value * q.unit.factor) / base : q.scaled ? q.value / base : q.value;
  } else {
    value = q.value;
  }
  if (close(value, expected, tolerance)) return { ok: true, read: value };
  // A value written rounded states it: to the decimals it was written with (35.15 for 35.1450), and an amount of
  // a hundred or more to whole units (4억 3,295만원 for 43295.149만원).
  const d = decimals(value);
  if (decimals(expected) > d && (d >= 1 || Math.abs(expected) >= 100) && close(value, roundTo(expected, d), 0)) return { ok: true, read: value };
  return no(tolerance > 0 ? 'answer.verdict.otherNumberWithin' : 'answer.verdict.otherNumber', { value: roundTo(value, 6), tolerance }, value);
}

const asDate = (v: string): string => v.replace(/-/g, '');

function readDate(written: Written, expected: string, ctx: JudgeContext): Reading {
  const text = 'text' in written ? written.text : String(written.number);
  const reading = readDates(text, ctx.asOf);
  if (reading.dates.length === 0) return no('answer.verdict.noDate', { claim: text });
  if (reading.dates.length > 1) return no('answer.verdict.manyValues', { n: reading.dates.length, claim: text });
  if (reading.wrongWeekday) return no('answer.verdict.wrongWeekday', { weekday: reading.wrongWeekday.weekday, date: reading.wrongWeekday.date });
  if (residue(stripWeekdays(text), reading.dates) !== '') return no('answer.verdict.notOneValue', { claim: text });
  const got = reading.dates[0]!.date;
  return got === asDate(expected) ? { ok: true, read: got } : no('answer.verdict.otherValue', { value: got }, got);
}

/** Weekdays written beside a date are checked by readDates; they are not another value. */
const stripWeekdays = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(
      /\(([월화수목금토일])\)|[월화수목금토일]요일|\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues|tue|wed|thurs|thur|thu|fri|sat)\b\.?/gi,
      (m) => ' '.repeat(m.length),
    );

/** HHmm of a time as an API or a task writes it ("0549", "05:49", "12시30분"). */
function expectedTime(v: string): string | undefined {
  if (/^\d{4}$/.test(v)) return v;
  const t = readTimes(v);
  return t.length === 1 ? t[0]!.time : undefined;
}

function readTime(written: Written, expected: string): Reading {
  const text = 'text' in written ? bareValue(written.text) : String(written.number);
  const want = expectedTime(expected);
  if (want === undefined) return no('answer.verdict.unreadableExpected', { value: expected });
  // Four digits alone are a time as the APIs write it (1719).
  if (/^\d{4}$/.test(text)) return text === want ? { ok: true, read: text } : no('answer.verdict.otherValue', { value: text }, text);
  const times = readTimes(text);
  if (times.length === 0) return no('answer.verdict.noTime', { claim: text });
  if (times.length > 1) return no('answer.verdict.manyValues', { n: times.length, claim: text });
  if (residue(text, times) !== '') return no('answer.verdict.notOneValue', { claim: text });
  const got = times[0]!.time;
  return got === want ? { ok: true, read: got } : no('answer.verdict.otherValue', { value: got }, got);
}

function readRange(written: Written | Written[], expected: string): Reading {
  const want = readTimeRange(expected);
  if (!want) return no('answer.verdict.unreadableExpected', { value: expected });
  let got: [string, string] | undefined;
  if (Array.isArray(written)) {
    const times = written.map((w) => ('text' in w ? expectedTime(bareValue(w.text)) : undefined));
    if (times.length === 2 && times.every((t) => t !== undefined)) got = [times[0]!, times[1]!];
  } else {
    const text = 'text' in written ? bareValue(written.text.replace(/까지$/, '')) : '';
    got = readTimeRange(text);
    const connectors = text.replace(/까지|부터|에서|until|till|to/gi, (m) => ' '.repeat(m.length));
    if (got && residue(connectors, readTimes(text)) !== '') return no('answer.verdict.notOneValue', { claim: text });
  }
  if (!got) return no('answer.verdict.noRange', { claim: Array.isArray(written) ? written.map(show).join(', ') : show(written) });
  return got[0] === want[0] && got[1] === want[1]
    ? { ok: true, read: got.join('~') }
    : no('answer.verdict.otherValue', { value: got.join('~') }, got.join('~'));
}

function readName(written: Written, expected: string): Reading {
  const text = 'text' in written ? written.text : String(written.number);
  return sameName(text, expected) ? { ok: true, read: bareValue(text) } : no('answer.verdict.otherValue', { value: bareValue(text) }, bareValue(text));
}

function readMember(kind: MemberKind, written: Written, expected: unknown, spec: AnswerSpec, ctx: JudgeContext): Reading {
  switch (kind) {
    case 'number':
      return readNumber(written, Number(expected), spec.tolerance ?? 0, ctx);
    case 'date':
      return readDate(written, String(expected), ctx);
    case 'time':
      return readTime(written, String(expected));
    case 'timeRange':
      return readRange(written, String(expected));
    case 'text':
      return readName(written, String(expected));
  }
}

/** Where a text claim lists several values: commas and semicolons (not a number's thousands), 및, and, 과/와 after a value. */
const LIST_SEPARATOR = /\s*[;、\n]\s*|\s*,(?!\d{3}(?!\d))\s*|\s+(?:및|그리고|and|&)\s+|(?<=[\d)])\s*(?:과|와)\s+/;

function membersOf(claim: Claim): Written[] {
  switch (claim.kind) {
    case 'list':
      return claim.values.map((v) => (typeof v === 'number' ? { number: v } : { text: v }));
    case 'number':
      return [
        typeof claim.value === 'number' ? { number: claim.value, ...(claim.unit ? { unit: claim.unit } : {}) } : { text: `${claim.value}${claim.unit ?? ''}` },
      ];
    case 'yesno':
      return [{ text: String(claim.value) }];
    case 'decline':
      return [];
    default:
      return claim.value
        .split(LIST_SEPARATOR)
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map((text) => ({ text }));
  }
}

/** The claim as one written value (a list of one is its member). */
function singleOf(claim: Claim): Written | Written[] {
  switch (claim.kind) {
    case 'list':
      return claim.values.length === 1 ? membersOf(claim)[0]! : membersOf(claim);
    case 'number':
      return membersOf(claim)[0]!;
    default:
      return { text: 'value' in claim ? String(claim.value) : '' };
  }
}

/**
 * The dates of a text claim of a set of dates, read as one: "10월 5일, 6일, 7일" keeps its month, and "10월 5일부터
 * 8일까지" names each day between.
 */
function datesOf(text: string, ctx: JudgeContext): Written[] | Extract<Reading, { ok: false }> {
  const clean = bareValue(text.replace(/까지/g, (m) => ' '.repeat(m.length)));
  const reading = readDates(clean, ctx.asOf, { ranges: true });
  if (reading.wrongWeekday)
    return { ok: false, key: 'answer.verdict.wrongWeekday', vars: { weekday: reading.wrongWeekday.weekday, date: reading.wrongWeekday.date } };
  const connectors = stripWeekdays(clean).replace(/부터|그리고|및|and|과|와/gi, (m) => ' '.repeat(m.length));
  if (reading.dates.length === 0 || residue(connectors, reading.dates) !== '') return { ok: false, key: 'answer.verdict.notOneValue', vars: { claim: text } };
  return reading.dates.map((d) => ({ text: d.date }));
}

const YES = new Set(['예', '네', '응', '그렇다', '맞다', '맞음', 'yes', 'y', 'true', 'o']);
const NO = new Set(['아니요', '아니오', '아뇨', '아니', '아니다', 'no', 'n', 'false', 'x']);

/** yes or no as a boolean: true, false, or one of the two answers' written forms as the whole value. */
function booleanOf(claim: Claim): boolean | undefined {
  if (claim.kind === 'yesno' && typeof claim.value === 'boolean') return claim.value;
  if (!('value' in claim) || typeof claim.value !== 'string') return undefined;
  const key = nameKey(claim.value);
  return YES.has(key) ? true : NO.has(key) ? false : undefined;
}

/**
 * The protocol's decline values, for a claim written as a "정답:" line: the whole value is one of them, in any of the
 * endings a sentence gives it and after a word of when ("확인 불가", "정확히 확인할 수 없습니다", "알 수 없어요", "답변
 * 불가능", "해당 정보 없음", "제공되지 않습니다"). Anything more (a guess behind it, a reason with a number) is not a
 * decline value.
 */
const DECLINE =
  /^(?:정확히|아직|현재|지금은|현재로서는)?(?:(?:확인|조회|답변|제공|판단)(?:불가|할수없|드릴수없|되지않|하지못)|답할수없|알수없|(?:해당)?(?:정보|자료|데이터)(?:가|는)?없)(?:능|능합니다|능해요|합니다|해요|습니다|어요|음|다|요)?$|^(?:decline|declined|cannotanswer|unknown|na)$/;

const isDeclineClaim = (claim: Claim): boolean => claim.kind === 'decline' || (claim.kind === 'text' && DECLINE.test(nameKey(claim.value)));

/** Expected booleans as tasks and APIs write them. */
const expectedBoolean = (v: unknown): boolean => (typeof v === 'string' ? /^(y|yes|true|01|1)$/i.test(v.trim()) : Boolean(v));

/** Each expected member matched to its own claimed one: every member once, none left over. */
function matchSet(kinds: MemberKind[], expected: unknown[], written: Written[], spec: AnswerSpec, ctx: JudgeContext): Judgement {
  const used = new Set<number>();
  const missing: unknown[] = [];
  const read: unknown[] = [];
  for (const [i, want] of expected.entries()) {
    const at = written.findIndex((w, j) => !used.has(j) && readMember(kinds[i]!, w, want, spec, ctx).ok);
    if (at < 0) missing.push(want);
    else {
      used.add(at);
      const r = readMember(kinds[i]!, written[at]!, want, spec, ctx);
      read.push(r.ok ? r.read : undefined);
    }
  }
  const extra = written.filter((_, j) => !used.has(j));
  if (missing.length) return judged(false, 'answer.verdict.missing', { values: missing.map(show).join(', ') });
  if (extra.length) return judged(false, 'answer.verdict.extra', { values: extra.map((w) => ('text' in w ? w.text : String(w.number))).join(', ') });
  return judged(true, 'answer.verdict.allOf', { n: expected.length }, read);
}

/**
 * The verdict on a claim: pass only when it commits to exactly the expected value. `claim` is null when the episode
 * ended without one (a message with no answer tool call and no "정답:" line): "no committed answer".
 */
export function judgeClaim(spec: AnswerSpec, expected: unknown, claim: Claim | null, ctx: JudgeContext): Judgement {
  if (claim === null) return judged(false, 'answer.verdict.noClaim');
  const shape = answerShape(spec, expected);
  if (shape.kind === 'decline') return isDeclineClaim(claim) ? judged(true, 'answer.verdict.declined') : judged(false, 'answer.verdict.notDeclined');
  if (isDeclineClaim(claim)) return judged(false, 'answer.verdict.declinedAnswerable');
  if (shape.kind === 'yesno') {
    const got = booleanOf(claim);
    if (got === undefined) return judged(false, 'answer.verdict.neitherYesNo');
    const want = expectedBoolean(expected);
    return got === want
      ? judged(true, want ? 'answer.verdict.yes' : 'answer.verdict.no', {}, got)
      : judged(false, want ? 'answer.verdict.expectedYes' : 'answer.verdict.expectedNo', {}, got);
  }
  if (shape.kind === 'list') {
    const written = shape.members.every((k) => k === 'date') && claim.kind === 'text' ? datesOf(claim.value, ctx) : membersOf(claim);
    if (!Array.isArray(written)) return judged(false, written.key, written.vars);
    return matchSet(shape.members, shape.values, written, spec, ctx);
  }
  const single = singleOf(claim);
  if (Array.isArray(single) && shape.member !== 'timeRange')
    return judged(false, 'answer.verdict.manyValues', { n: single.length, claim: single.map(show).join(', ') });
  const reading = shape.member === 'timeRange' ? readRange(single, String(expected)) : readMember(shape.member, single as Written, expected, spec, ctx);
  if (reading.ok) return judged(true, 'answer.verdict.equals', { value: show(expected) }, reading.read);
  return judged(false, reading.key, { expected: show(expected), ...reading.vars }, reading.read);
}
