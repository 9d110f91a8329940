// Lints of a benchmark task against its executed reference plan: the request must state every value the user
// supplies (literally, as the task's statedAs says, or as a moment relative to the task's now), must not name a
// value only an earlier step knows, and its relative words (오늘, 지난달 …) must mean the plan's dates at asOf.
import { mentionText, TIME_KINDS } from '../synth/mentions.ts';
import { isStatedKind } from '../synth/valueKinds.ts';
import { leakedValues } from '../plan/leaks.ts';
import type { TraceStep } from '../plan/types.ts';
import { visibleRows } from '../plan/visibility.ts';
import { kst, pad, ymd } from '../time/kst.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import type { ViewOptions } from '../resultView/resultView.ts';
import { normaliseText } from '../text/koreanText.ts';
import type { BenchTask } from './types.ts';

export type LintKind = 'omitted value' | 'leaked id' | 'as-of mismatch';

export interface Lint {
  kind: LintKind;
  detail: string;
}

export interface LintContext {
  /** The x-semantic value kind of a tool's parameter. */
  tagOf: (tool: string, param: string) => string | undefined;
  /** Arguments that say how to call rather than what to ask (paging, enumerated options). */
  incidental: (tool: string, param: string) => boolean;
  /** The value kind of a tool's response field (for a query tool condition on it). */
  fieldTagOf?: (tool: string, field: string) => string | undefined;
  /** Whether the tool's documentation names this value (a code such as KMA's TMX). */
  documented?: (tool: string, value: string) => boolean;
  /** The result view the agent reads results through (for values it can read off the shown rows). */
  view?: ViewOptions;
}

/** The API step whose rows a query-tool step reads (through any chain of queries), or undefined. */
export function queriedStep(task: BenchTask, stepId: string): { id: string; tool: string } | undefined {
  const step = task.plan.steps.find((s) => s.id === stepId);
  if (!step) return undefined;
  if (step.tool !== QUERY_TOOL) return { id: step.id, tool: step.tool };
  const result = step.args.result;
  const source = result && 'expr' in result ? /^(s\d+)\.handle$/.exec(result.expr.trim())?.[1] : undefined;
  return source ? queriedStep(task, source) : undefined;
}

/**
 * Literal conditions of a query-tool step: each value must be stated in the request (in any of its forms, by the
 * kind of the field it filters), named in the queried tool's documentation, shown in the rows the model read, or
 * declared with statedAs ("s4.where.fcstValue": "흐림").
 */
function queryLints(task: BenchTask, step: BenchTask['plan']['steps'][number], executed: Map<string, TraceStep>, query: string, ctx: LintContext): Lint[] {
  const where = step.args.where;
  if (!where || !('value' in where) || !Array.isArray(where.value)) return [];
  const result = step.args.result;
  const sourceId = result && 'expr' in result ? /^(s\d+)\.handle$/.exec(result.expr.trim())?.[1] : undefined;
  const source = sourceId ? queriedStep(task, sourceId) : undefined;
  const ran = sourceId ? executed.get(sourceId) : undefined;
  const shown = new Set(ran ? visibleRows(ran, ctx.view).flatMap((row) => Object.values(row).map(String)) : []);
  const lints: Lint[] = [];
  for (const condition of where.value as { field?: unknown; value?: unknown }[]) {
    const field = String(condition.field ?? '');
    const value = condition.value;
    if (value === undefined || value === null || value === '') continue;
    const key = `${step.id}.where.${field}`;
    const statedAs = task.statedAs?.[key];
    if (statedAs !== undefined) {
      if (statedAs !== '' && !query.includes(normaliseText(statedAs)))
        lints.push({ kind: 'omitted value', detail: `${key}: the request does not say "${statedAs}"` });
      continue;
    }
    const text = String(value);
    if (shown.has(text)) continue;
    if (source && ctx.documented?.(source.tool, text)) continue;
    const tag = source ? ctx.fieldTagOf?.(source.tool, field) : undefined;
    if (statedForms(source?.tool ?? '', tag ?? '', value, new Date(task.asOf)).some((form) => query.includes(normaliseText(form)))) continue;
    lints.push({
      kind: 'omitted value',
      detail: `${key}=${text}: the request does not state it, the tool's documentation does not name it and no shown row holds it; say it or add statedAs`,
    });
  }
  return lints;
}

const RELATIVE = /오늘|어제|내일|모레|지금|현재|방금|이번\s?달|지난\s?달|다음\s?달|올해|작년|지난해|내년|최근|이번\s?주|다음\s?주/;

const NOW_WORDS = ['지금', '현재', '오늘', '최신', '최근', '이번', '내일', '모레', '주말'];

const monthOffset = (asOf: Date, offset: number): string => {
  const t = kst(asOf);
  const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + offset, 1));
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}`;
};

/** The ways a request may state a value of this kind at `asOf`, besides the value itself. */
export function statedForms(tool: string, tag: string, value: unknown, asOf: Date): string[] {
  // A statistics period is a year or a year and month, said as dates are.
  if (tag === 'kosis.period') return statedForms(tool, String(value).length === 6 ? 'date.yyyymm' : 'date.yyyy', value, asOf);
  const forms = new Set<string>([String(value)]);
  const mention = mentionText(tool, tag, value, asOf);
  if (mention) forms.add(mention);
  // The latest issue of a forecast is what "now" asks for, however the request says now.
  if (mention === '지금' || mention === '가장 최근에 발표된') for (const word of NOW_WORDS) forms.add(word);
  const text = String(value);
  // A radius is said in metres or, when whole, kilometres ("반경 2km").
  if (tag === 'geo.radiusM' && /^\d+$/.test(text)) {
    forms.add(`${text}m`);
    if (Number(text) % 1000 === 0) forms.add(`${Number(text) / 1000}km`);
  }
  if (tag === 'date.yyyymmdd' && /^\d{8}$/.test(text)) {
    const today = ymd(kst(asOf));
    forms.add(`${Number(text.slice(4, 6))}월 ${Number(text.slice(6))}일`);
    const day = (offset: number): string => ymd(new Date(kst(asOf).getTime() + offset * 86_400_000));
    if (text === day(-1)) forms.add('어제');
    if (text === day(1)) forms.add('내일');
    if (text === day(2)) forms.add('모레');
    if (text === today) forms.add('오늘').add('지금').add('현재');
  }
  if (tag === 'time.hhmm' && /^\d{4}$/.test(text)) {
    // "낮 12시", "오후 3시 30분": the hour as said, on the 24- or the 12-hour clock.
    const hour = Number(text.slice(0, 2));
    const minute = Number(text.slice(2));
    for (const h of new Set([hour, hour > 12 ? hour - 12 : hour])) forms.add(minute ? `${h}시 ${minute}분` : `${h}시`);
    const now = kst(asOf);
    if (text === `${pad(now.getUTCHours(), 2)}${pad(now.getUTCMinutes(), 2)}`) for (const word of ['지금', '현재']) forms.add(word);
  }
  if (tag === 'date.yyyymm' && /^\d{6}$/.test(text)) {
    forms.add(`${Number(text.slice(4))}월`);
    if (text === monthOffset(asOf, 0)) for (const word of ['이번 달', '오늘', '지금', '현재']) forms.add(word);
    if (text === monthOffset(asOf, -1)) forms.add('지난달').add('지난 달');
    if (text === monthOffset(asOf, 1)) forms.add('다음 달').add('다음달');
  }
  if (tag === 'date.yyyy') {
    const year = kst(asOf).getUTCFullYear();
    // A day or month said relative to now ("다음 달", "내일") says its year too.
    if (Number(text) === year) for (const word of ['올해', '이번 달', '오늘', '내일', '어제', '지금', '이번 주']) forms.add(word);
    if (Number(text) === Number(monthOffset(asOf, 1).slice(0, 4))) forms.add('다음 달').add('다음달');
    if (Number(text) === Number(monthOffset(asOf, -1).slice(0, 4))) forms.add('지난달').add('지난 달');
    if (Number(text) === year - 1) forms.add('작년').add('지난해');
    if (Number(text) === year + 1) forms.add('내년');
  }
  if (tag === 'date.mm') {
    const month = Number(monthOffset(asOf, 0).slice(4));
    if (Number(text) === month) for (const word of ['이번 달', '오늘', '지금', '현재', '내일', '어제']) forms.add(word);
    if (Number(text) === (month % 12) + 1) forms.add('다음 달').add('다음달');
    if (Number(text) === ((month + 10) % 12) + 1) forms.add('지난달').add('지난 달');
  }
  return [...forms];
}

export function lintTask(task: BenchTask, steps: TraceStep[], ctx: LintContext): Lint[] {
  const lints: Lint[] = [];
  const asOf = new Date(task.asOf);
  const query = normaliseText(task.query_ko);
  const stated = new Set<string>();
  const executed = new Map(steps.map((s) => [s.id, s]));
  for (const step of task.plan.steps) {
    if (step.tool === QUERY_TOOL) {
      lints.push(...queryLints(task, step, executed, query, ctx));
      continue;
    }
    for (const [param, arg] of Object.entries(step.args)) {
      if (!('value' in arg) || ctx.incidental(step.tool, param)) continue;
      const key = `${step.id}.${param}`;
      for (const v of [arg.value].flat()) stated.add(String(v));
      const statedAs = task.statedAs?.[key];
      if (statedAs !== undefined) {
        // "": a value the tool's documentation gives (a wildcard such as ALL), not something the user says.
        if (statedAs !== '' && !query.includes(normaliseText(statedAs)))
          lints.push({ kind: 'omitted value', detail: `${key}: the request does not say "${statedAs}"` });
        continue;
      }
      const tag = ctx.tagOf(step.tool, param);
      const values = [arg.value].flat();
      const missing = values.filter((v) => !statedForms(step.tool, tag ?? '', v, asOf).some((form) => query.includes(normaliseText(form))));
      if (missing.length === 0) continue;
      if (tag && TIME_KINDS.has(tag) && RELATIVE.test(task.query_ko)) {
        lints.push({
          kind: 'as-of mismatch',
          detail: `${key}=${missing.join(',')}: the request's relative time (${RELATIVE.exec(task.query_ko)![0]}) does not mean this at ${task.asOf}`,
        });
      } else {
        lints.push({
          kind: 'omitted value',
          detail: `${key}=${missing.join(',')}: the request does not state it${tag ? ` (${tag})` : ''}; say it, add statedAs, or take it from an earlier step`,
        });
      }
    }
  }
  const trace = task.plan.steps.map((s) => executed.get(s.id)).filter((s): s is TraceStep => s !== undefined);
  const speakable = (tool: string, param: string): boolean => {
    const tag = ctx.tagOf(tool, param);
    return tag !== undefined && isStatedKind(tag);
  };
  for (const value of leakedValues(task.plan, trace, stated, task.query_ko, speakable))
    lints.push({ kind: 'leaked id', detail: `the request names ${value}, which only an earlier step knows` });
  return lints;
}
