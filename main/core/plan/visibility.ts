// Whether a plan can be solved from what a model sees. A model reads each result through the result view, which
// may show only the first rows; a plan is fair to a model only if every value it computes (a `let` selection, an
// argument, the answer) is determined by the shown rows. "Determined" is tested, not assumed: the expression is
// evaluated over the real rows and over readings a model could not tell apart from them, in which the hidden
// rows are dropped, replaced by copies of the shown rows, have their numbers pushed above and below every shown
// value and their text changed, or are copies of the shown rows with one field the expression names changed at a
// time (numbers up and down, text sorting before and after), so they still pass every filter on the other fields.
// A first row, a first match among the shown rows or a total survives all of them; a maximum, an average or a count
// over every row does not, unless the view shows every row.
import { canonicalJson } from '../canonicalJson.ts';
import type { Item } from '../gateway/callResult.ts';
import { renderResult, type ViewOptions } from '../resultView/resultView.ts';
import { evaluate, fieldNames } from './expressions.ts';
import type { Plan, PlanStep, TraceStep } from './types.ts';

/** What expressions see: each finished step's rows, total and handle, by step id. */
export type StepResults = Record<string, { items: Item[]; totalCount: number | null; handle: string | null }>;

export function stepResults(steps: TraceStep[]): StepResults {
  return Object.fromEntries(steps.map((s) => [s.id, { items: s.items, totalCount: s.totalCount, handle: s.handle ?? null }]));
}

/** The rows a model sees of a step's result. */
export function visibleRows(step: TraceStep, view: ViewOptions = {}): Item[] {
  return renderResult({ ok: step.ok, items: step.items, totalCount: step.totalCount, error: null, counts: step.counts }, step.handle ?? null, view).visible;
}

type Perturb = (hidden: Item[], shown: Item[]) => Item[];

const isNumeric = (v: unknown): boolean => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()));

/** A value pushed past every plausible one: numbers (and numeric text) above or below, text before or after. */
function pushed(v: unknown, way: 'up' | 'down' | 'before' | 'after'): unknown {
  if (isNumeric(v) && (way === 'up' || way === 'down')) {
    const n = (way === 'up' ? 1 : -1) * (Math.abs(Number(v)) * 7 + 1_000_003);
    return typeof v === 'number' ? n : String(n);
  }
  if (typeof v === 'string' && (way === 'before' || way === 'after')) return way === 'before' ? ` ${v}` : `\uffee${v}`;
  return undefined;
}

/**
 * Hidden rows as copies of the shown rows with one named field changed: such a row still matches every filter on
 * the other fields, so a maximum over a filtered result, or "the earliest" by a text date, must not depend on it.
 */
function oneFieldChanged(field: string, way: 'up' | 'down' | 'before' | 'after', from: 'each' | 'last'): Perturb {
  return (hidden, shown) =>
    hidden.map((_, i) => {
      // Copies of every shown row in turn, or of the last one only: a copy of the row that decides the answer changes
      // nothing, and the first row often decides it ("the earliest", "the nearest").
      const row = from === 'each' ? shown[i % shown.length]! : shown[shown.length - 1]!;
      const changed = pushed(row[field], way);
      return changed === undefined ? row : { ...row, [field]: changed };
    });
}

const shiftNumbers =
  (sign: 1 | -1): Perturb =>
  (hidden) =>
    hidden.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'number' ? sign * (Math.abs(v) * 7 + 1_000_003) : typeof v === 'string' ? `${v}\u2032` : typeof v === 'boolean' ? !v : v,
        ]),
      ),
    );

/** Readings of the results that agree with everything a model was shown. */
const readings: Record<string, Perturb> = {
  'the shown rows alone': () => [],
  'the hidden rows raised': shiftNumbers(1),
  'the hidden rows lowered': shiftNumbers(-1),
  'the hidden rows replaced by copies of the shown ones': (hidden, shown) => hidden.map((_, i) => shown[i % shown.length]!),
};

function variants(steps: TraceStep[], view: ViewOptions, expr: string): { name: string; results: StepResults }[] {
  const shown = new Map(steps.map((s) => [s.id, visibleRows(s, view)]));
  if (steps.every((s) => shown.get(s.id)!.length === s.items.length)) return [];
  const columns = new Set(steps.flatMap((s) => s.items.slice(0, 1).flatMap((row) => Object.keys(row))));
  const single: Record<string, Perturb> = {};
  // Only a field the expression reads can change what it computes.
  for (const field of [...fieldNames(expr)].filter((f) => columns.has(f))) {
    for (const way of ['up', 'down', 'before', 'after'] as const) {
      const change = way === 'up' ? 'raised' : way === 'down' ? 'lowered' : `sorting ${way}`;
      single[`the hidden rows as shown rows with ${field} ${change}`] = oneFieldChanged(field, way, 'each');
      single[`the hidden rows as the last shown row with ${field} ${change}`] = oneFieldChanged(field, way, 'last');
    }
  }
  return Object.entries({ ...readings, ...single }).map(([name, perturb]) => ({
    name,
    results: Object.fromEntries(
      steps.map((s) => {
        const seen = shown.get(s.id)!;
        const hidden = s.items.slice(seen.length);
        return [s.id, { items: hidden.length && seen.length ? [...seen, ...perturb(hidden, seen)] : seen, totalCount: s.totalCount, handle: s.handle ?? null }];
      }),
    ),
  }));
}

/** A plan that reads what a model could not see. */
export interface HiddenRead {
  step: string;
  /** The argument, or "expr" of the answer, that is not determined by the shown rows. */
  what: string;
  expr: string;
  /** The value over all rows, and over a reading that agrees with the shown rows. */
  full: unknown;
  shown: unknown;
  reading: string;
  /** The row it needed, as "s3 row 57 of 761 (rows 1–38 shown)". */
  row: string;
}

export function describeHidden(h: HiddenRead): string {
  const where = h.step === 'answer' ? 'the answer' : `${h.step}.${h.what}`;
  return `${where} reads rows the view hides: ${h.expr} is ${canonicalJson(h.full ?? null)} over all rows but ${canonicalJson(h.shown ?? null)} over ${h.reading}; it needs ${h.row}. Add a local.queryRows step or use the API's own filters.`;
}

/** Where a value the view hid sits: the first hidden row of a step the expression reads that holds it. */
function neededRow(expr: string, value: unknown, steps: TraceStep[], view: ViewOptions): string {
  const read = new Set([...expr.matchAll(/\bs(\d+)\b/g)].map((m) => `s${m[1]}`));
  const wanted = new Set((Array.isArray(value) ? value : [value]).filter((v) => v !== null && typeof v !== 'object').map(String));
  const parts: string[] = [];
  for (const step of steps.filter((s) => read.has(s.id))) {
    const shown = visibleRows(step, view).length;
    if (shown === step.items.length) continue;
    const at = step.items.findIndex((row, i) => i >= shown && Object.values(row).some((v) => wanted.has(String(v))));
    parts.push(
      at >= 0 ? `${step.id} row ${at + 1} of ${step.items.length} (rows 1–${shown} shown)` : `all ${step.items.length} rows of ${step.id} (${shown} shown)`,
    );
  }
  return parts.join('; ') || 'rows the view does not show';
}

const same = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Evaluates `expr` over the real results and every indistinguishable reading; the first that differs, if any. */
async function undetermined(
  expr: string,
  steps: TraceStep[],
  view: ViewOptions,
  bindings: (results: StepResults) => Promise<Record<string, unknown>>,
): Promise<{ full: unknown; shown: unknown; reading: string } | undefined> {
  const real = stepResults(steps);
  const full = await evaluate(expr, real, await bindings(real));
  for (const v of variants(steps, view, expr)) {
    const shown = await evaluate(expr, v.results, await bindings(v.results)).catch(() => undefined);
    if (!same(full, shown)) return { full, shown, reading: v.name };
  }
  return undefined;
}

/** The first argument of `step` that the rows shown by the steps before it do not determine. */
export async function stepHidden(step: PlanStep, before: TraceStep[], view: ViewOptions): Promise<HiddenRead | undefined> {
  const lets = Object.entries(step.let ?? {});
  // The `let` variables an argument can use, computed over the same reading.
  const bindings = async (results: StepResults): Promise<Record<string, unknown>> => {
    const vars: Record<string, unknown> = {};
    for (const [name, expr] of lets) vars[name] = await evaluate(expr, results, vars).catch(() => undefined);
    return vars;
  };
  // A `let` picks a whole row, which a model sees without its empty fields and with long text cut; what must agree
  // is each argument computed from it, over the same reading.
  for (const [what, arg] of Object.entries(step.args)) {
    if (!('expr' in arg)) continue;
    const found = await undetermined(arg.expr, before, view, bindings);
    if (found) return { step: step.id, what, expr: arg.expr, ...found, row: neededRow(arg.expr, found.full, before, view) };
  }
  return undefined;
}

/** Whether the answer expression is determined by the rows shown. */
export async function answerHidden(expr: string, steps: TraceStep[], view: ViewOptions): Promise<HiddenRead | undefined> {
  const found = await undetermined(expr, steps, view, async () => ({}));
  return found ? { step: 'answer', what: 'expr', expr, ...found, row: neededRow(expr, found.full, steps, view) } : undefined;
}

/** The first place an executed plan reads what its result views hid, without calling anything again. */
export async function hiddenRead(plan: Plan, steps: TraceStep[], view: ViewOptions = {}): Promise<HiddenRead | undefined> {
  for (const [i, step] of plan.steps.entries()) {
    const hidden = await stepHidden(step, steps.slice(0, i), view);
    if (hidden) return hidden;
  }
  return answerHidden(plan.answer.expr, steps, view);
}
