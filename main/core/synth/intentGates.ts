// The gates a sample synthesized from an intent passes before it is kept, each counted in the dataset card: the
// request states every value it passes and leaves no slot unfilled; no value a step produced is in it; the answer is
// a real value (not a placeholder, a status message or a count of nothing); the rows picked are where the request
// says; every step feeds the answer; no row is picked arbitrarily; KOPA-Bench's own request lints pass; its length is
// that of real requests; it is not a near-duplicate of a kept sample; and it is not a KOPA-Bench task in other words
// (contamination).
import type { BenchTask } from '../bench/types.ts';
import { lintTask, type LintContext } from '../bench/lints.ts';
import { canonicalRegions, normaliseText } from '../text/koreanText.ts';
import type { Catalog } from '../catalog/Catalog.ts';
import { sidoShortName } from '../region/sidoNames.ts';
import { bigrams, bigramSimilarity } from '../text/similarity.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { countsNothing, isDuplicate, leaked, type SeenRequests } from './gates.ts';
import { pickRow } from './selection.ts';
import type { Locale, StatedValue } from './statedInputs.ts';
import type { Walk } from './types.ts';
import { isStatedKind } from './valueKinds.ts';

export const intentGateNames = [
  'stated',
  'noLeak',
  'realAnswer',
  'placeAgrees',
  'everyStep',
  'naturalPicks',
  'lints',
  'length',
  'duplicate',
  'contaminated',
] as const;
export type IntentGateName = (typeof intentGateNames)[number];

export type IntentGateVerdict = { ok: true } | { ok: false; gate: IntentGateName; detail: string };

/** KOPA-Bench as contamination is judged against: each task's tool sequence and stated values, and its request. */
export interface BenchIndex {
  tasks: { id: string; sequence: string; stated: Set<string>; grams: Set<string> }[];
  /** Shortest and longest request, in characters. */
  lengths: { min: number; max: number };
}

export interface IntentGateContext {
  catalog: Catalog;
  /** "tool:field" of the services that document their rows' order (the phrase book's order). */
  ordered: ReadonlySet<string>;
  lint: LintContext;
  bench: BenchIndex;
  seen: SeenRequests;
}

/** Requests whose character bigrams overlap this much with a benchmark request are that request reworded. */
const NEAR_BENCH = 0.6;

/**
 * Literal values a plan passes that a person stated: every argument of a kind people state (a 시도 from a fixed list
 * included), not call options or query-tool conditions.
 */
function statedValues(plan: { steps: { tool: string; args: Record<string, { value?: unknown } | { expr: string }> }[] }, lint: LintContext): Set<string> {
  const out = new Set<string>();
  for (const step of plan.steps) {
    if (step.tool === QUERY_TOOL) continue;
    for (const [param, arg] of Object.entries(step.args)) {
      const tag = lint.tagOf(step.tool, param);
      if ('value' in arg && (!lint.incidental(step.tool, param) || (tag !== undefined && isStatedKind(tag))))
        for (const v of [arg.value].flat()) out.add(normaliseText(String(v)));
    }
  }
  return out;
}

export function benchIndex(tasks: BenchTask[], lint: LintContext): BenchIndex {
  const lengths = tasks.map((t) => t.query_ko.length);
  return {
    tasks: tasks.map((t) => ({
      id: t.id,
      sequence: t.plan.steps.map((s) => s.tool).join('>'),
      stated: statedValues(t.plan, lint),
      grams: bigrams(t.query_ko),
    })),
    lengths: { min: Math.min(...lengths), max: Math.max(...lengths) },
  };
}

/** The benchmark task a sample duplicates (same tools and the same stated values, or its request reworded), if any. */
export function contaminatedBy(walk: Walk, query: string, bench: BenchIndex, lint: LintContext): string | undefined {
  const sequence = walk.plan.steps.map((s) => s.tool).join('>');
  const stated = statedValues(walk.plan, lint);
  const grams = bigrams(query);
  for (const task of bench.tasks) {
    if (task.sequence === sequence && task.stated.size === stated.size && [...stated].every((v) => task.stated.has(v))) return task.id;
    if (bigramSimilarity(grams, task.grams) >= NEAR_BENCH) return task.id;
  }
  return undefined;
}

const PLACEHOLDER = /^(?:[-–—_.·\s]*|null|undefined|n\/a|정보\s*없음|해당\s*없음|없음)$/i;
/** What services write where a value should be when there is none: a status or an error in words. */
const STATUS = /(등록되지\s*않|조회되지\s*않|존재하지\s*않|확인되지\s*않|없습니다|않습니다|오류|에러|점검\s*중|서비스\s*불가)/;

/** Why an answer is not a real value (a placeholder such as "----", a status message), or undefined. */
export function notARealValue(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty list';
    for (const v of value) {
      const why = notARealValue(v);
      if (why) return why;
    }
    return undefined;
  }
  if (value === null || value === undefined) return 'no value';
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'not a finite number';
  const text = String(value).trim();
  if (PLACEHOLDER.test(text)) return `the placeholder "${text}"`;
  if (STATUS.test(text)) return `a status message ("${text}")`;
  return undefined;
}

/** A 시군구 name's words, each also without its 시/군/구 ("수원시 팔달구" → 수원시, 수원, 팔달구, 팔달). */
function sigunguWords(name: string): Set<string> {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return new Set(words.flatMap((w) => [w, w.replace(/[시군구]$/, '')]).filter((w) => w.length > 0));
}

/** Whether a row's place fields agree with a stated locale: its 시도, and its 시군구 unless `sidoOnly`. */
function rowAgrees(row: Record<string, unknown>, fields: Record<string, { semantic?: string }>, locale: Locale, sidoOnly: boolean): string | undefined {
  const sido = sidoShortName(locale.sido);
  const stated = locale.sigungu ? sigunguWords(locale.sigungu) : undefined;
  const sameSigungu = (text: string): boolean => !stated || [...sigunguWords(text)].some((w) => stated.has(w));
  for (const [name, spec] of Object.entries(fields)) {
    const value = row[name];
    if (typeof value !== 'string' || value.trim() === '') continue;
    switch (spec.semantic) {
      case 'region.sidoName':
      case 'region.sidoShortName':
        if (sidoShortName(value) !== sido && sidoShortName(canonicalRegions(value)) !== sido) return `${name} is ${value}, not ${locale.sido}`;
        break;
      case 'region.sigunguName':
        if (!sidoOnly && !sameSigungu(value)) return `${name} is ${value}, not ${locale.sigungu}`;
        break;
      case 'address.road':
      case 'address.jibun': {
        const words = value.trim().split(/\s+/);
        if (sidoShortName(words[0]!) !== sido && sidoShortName(canonicalRegions(words[0]!)) !== sido) return `${name} is ${value}, outside ${locale.sido}`;
        if (!sidoOnly && !sameSigungu(words.slice(1, 3).join(' '))) return `${name} is ${value}, outside ${locale.sido} ${locale.sigungu}`;
        break;
      }
    }
  }
  return undefined;
}

/** Picked rows that are somewhere else than the stated place (the nearest of something may cross a 시군구 line). */
export function placeDisagreements(walk: Walk, values: Record<string, StatedValue>, catalog: Catalog): string[] {
  const locales = Object.values(values).flatMap((v) => (v.locale ? [v.locale] : []));
  if (locales.length === 0) return [];
  // The most precise place stated, or each of two places a question compares.
  const precise = locales.filter((l) => l.sigungu);
  const places = precise.length ? precise : locales;
  const traces = new Map(walk.trace.steps.map((s) => [s.id, s]));
  const problems: string[] = [];
  const check = (stepId: string, row: Record<string, unknown> | undefined, sidoOnly: boolean): void => {
    const step = traces.get(stepId);
    if (!row || !step || step.tool === QUERY_TOOL) return;
    const reasons = places.map((locale) => rowAgrees(row, catalog.require(step.tool).response.fields, locale, sidoOnly));
    if (reasons.every((why) => why !== undefined)) problems.push(`${stepId} (${step.tool}): ${reasons[0]}`);
  };
  /** The API step a row really comes from: a query step's row is a row of the step it queried. */
  const origin = (stepId: string): string => {
    const step = walk.steps.find((s) => s.id === stepId);
    return step?.tool === QUERY_TOOL && step.inputs[0] ? origin(step.inputs[0].from) : stepId;
  };
  for (const step of walk.steps) {
    for (const input of step.inputs) {
      const source = traces.get(input.from);
      if (!source) continue;
      const row = pickRow(source.items, input.selection);
      const nearby =
        walk.steps.some((s) => s.inputs.some((i) => i.selection.kind === 'nearest' && origin(i.from) === origin(input.from))) ||
        input.selection.kind === 'nearest';
      check(origin(input.from), row, nearby);
    }
  }
  const answerStep = traces.get(walk.answer.step);
  if (answerStep && walk.answer.kind === 'field')
    check(
      origin(walk.answer.step),
      pickRow(answerStep.items, walk.answer.selection.kind === 'only' ? { kind: 'only' } : walk.answer.selection),
      walk.answer.selection.kind === 'nearest',
    );
  return problems;
}

/** Steps whose result nothing after them reads (not the answer, not another step's arguments). */
export function idleSteps(walk: Walk): string[] {
  const plan = walk.plan;
  const reads = (text: string): Set<string> => new Set([...text.matchAll(/\b(s\d+)\./g)].map((m) => m[1]!));
  const used = new Set<string>(reads(plan.answer.expr));
  for (const step of plan.steps) {
    for (const expr of Object.values(step.let ?? {})) for (const id of reads(expr)) used.add(id);
    for (const arg of Object.values(step.args)) if ('expr' in arg) for (const id of reads(arg.expr)) used.add(id);
  }
  return plan.steps.map((s) => s.id).filter((id) => !used.has(id));
}

/**
 * Rows picked in no way a person would say ("the first"), a first row taken as the latest or nearest where the service
 * does not say it orders its rows that way (`ordered`: "tool:field"), or a step's "only" row that is one of several.
 */
export function arbitraryPicks(walk: Walk, ordered: ReadonlySet<string> = new Set()): string[] {
  const traces = new Map(walk.trace.steps.map((s) => [s.id, s]));
  const out: string[] = [];
  for (const step of walk.steps) {
    // A query step reads every row of its result (a count, a filter, a ranking); it picks none.
    if (step.tool === QUERY_TOOL) continue;
    for (const input of step.inputs) {
      if (input.selection.kind === 'first') out.push(`${step.id} takes the first row of ${input.from}`);
      if (input.selection.byOrder && !ordered.has(`${traces.get(input.from)?.tool}:${input.selection.field}`))
        out.push(`${step.id} takes the first row of ${input.from} as its ${input.selection.kind}, which the service does not promise`);
      const source = traces.get(input.from);
      if (input.selection.kind === 'only' && source && source.items.length !== 1)
        out.push(`${step.id} takes "the" row of ${input.from}, which has ${source.items.length}`);
    }
  }
  return out;
}

/** The sample as a benchmark task, so KOPA-Bench's request lints can judge it. */
export function asBenchTask(walk: Walk, query: string): BenchTask {
  return {
    id: 'synthesized',
    query_ko: query,
    asOf: walk.asOf,
    tools: [...new Set(walk.plan.steps.map((s) => s.tool))],
    plan: walk.plan,
    level: walk.plan.steps.length,
    abilities: [],
    ...(walk.statedAs && Object.keys(walk.statedAs).length ? { statedAs: walk.statedAs } : {}),
  };
}

export function checkIntentSample(
  walk: Walk,
  query: string,
  values: Record<string, StatedValue>,
  signature: string,
  ctx: IntentGateContext,
): IntentGateVerdict {
  const normalised = normaliseText(query);
  const unsaid = walk.steps.flatMap((s) => s.mentions.filter((m) => !normalised.includes(normaliseText(m.text))).map((m) => `${s.id}.${m.param} (${m.text})`));
  if (unsaid.length > 0 || /[{}]/.test(query))
    return { ok: false, gate: 'stated', detail: unsaid.length ? `the request does not say ${unsaid.join(', ')}` : 'a slot is left in the request' };
  const leaks = leaked(walk, query, ctx.lint.tagOf);
  if (leaks.length > 0) return { ok: false, gate: 'noLeak', detail: `the request names ${leaks.join(', ')}, which only an earlier step knows` };
  const unreal = walk.trace.ok ? (notARealValue(walk.trace.answer) ?? countsNothing(walk)) : (walk.trace.failure ?? 'no answer');
  if (unreal) return { ok: false, gate: 'realAnswer', detail: `the answer is ${unreal}` };
  const elsewhere = placeDisagreements(walk, values, ctx.catalog);
  if (elsewhere.length > 0) return { ok: false, gate: 'placeAgrees', detail: elsewhere.join('; ') };
  const idle = idleSteps(walk);
  if (idle.length > 0) return { ok: false, gate: 'everyStep', detail: `nothing reads ${idle.join(', ')}` };
  const arbitrary = arbitraryPicks(walk, ctx.ordered);
  if (arbitrary.length > 0) return { ok: false, gate: 'naturalPicks', detail: arbitrary.join('; ') };
  const lints = lintTask(asBenchTask(walk, query), walk.trace.steps, ctx.lint);
  if (lints.length > 0) return { ok: false, gate: 'lints', detail: lints.map((l) => `${l.kind}: ${l.detail}`).join('; ') };
  if (query.length < ctx.bench.lengths.min || query.length > ctx.bench.lengths.max)
    return { ok: false, gate: 'length', detail: `${query.length} characters, outside KOPA-Bench's ${ctx.bench.lengths.min}–${ctx.bench.lengths.max}` };
  if (isDuplicate(ctx.seen, signature, query))
    return { ok: false, gate: 'duplicate', detail: 'a sample with this plan and nearly this request was already kept' };
  const task = contaminatedBy(walk, query, ctx.bench, ctx.lint);
  if (task) return { ok: false, gate: 'contaminated', detail: `KOPA-Bench ${task} asks this` };
  return { ok: true };
}
