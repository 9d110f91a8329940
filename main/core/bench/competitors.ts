// What an answer must not also say, derived from the reference trace instead of written per task. An answer commits
// to a value only if it states the expected one and no competitor: another value of the field the answer comes from
// (other deals' prices, other festivals' names, other hours' readings), taken from the rows the answer's step and,
// through the query tool, its source step returned. Values of other fields are context, never competitors, and so
// is every value of the answer's own row (the PM2.5 beside a PM10 reading, the floor beside a price).
// For a single value, rows the expression singles out by a literal (category='T1H', C1_NM='서울특별시') are a
// different quantity, not a different candidate; for a set, every other value of the field is one too many.
import type { Item } from '../gateway/callResult.ts';
import type { AnswerSpec, TraceStep } from '../plan/types.ts';
import { fieldNames } from '../plan/expressions.ts';
import { QUERY_TOOL, queryRows, type RowCondition } from '../resultView/queryRows.ts';
import { normaliseText } from '../text/koreanText.ts';

export interface AnswerCandidates {
  /** Values the question could have meant instead of the expected one, deduplicated. */
  competitors: unknown[];
  /** Every distinct value the answer's steps returned (a listing of them is not an answer). */
  shown: unknown[];
}

const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** A number for numbers and plain numeric text ("0900" stays text: codes and times keep their zeros). */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?(0|[1-9]\d*)(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

/** The key two values share when an answer could not tell them apart. */
export function valueKey(v: unknown): string {
  const n = numeric(v);
  return n !== undefined ? `n:${n}` : `s:${normaliseText(String(v))}`;
}

const members = (expected: unknown): unknown[] => (Array.isArray(expected) ? expected : [expected]).filter(isScalar);

/** Equalities with a literal the expression filters by (category='T1H'), as field → the values allowed. */
function literalFilters(expr: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of expr.matchAll(/(?<![$\w.)])([A-Za-z_][A-Za-z0-9_]*)\s*=\s*'([^']*)'/g)) {
    const allowed = out.get(m[1]!) ?? new Set<string>();
    allowed.add(valueKey(m[2]!));
    out.set(m[1]!, allowed);
  }
  return out;
}

/** The fields of a step's rows that hold an expected value, among the names the expression reads, and those rows. */
function holding(step: TraceStep, names: Set<string>, wanted: Set<string>): { fields: Set<string>; rows: Item[] } {
  const fields = new Set<string>();
  const rows: Item[] = [];
  for (const row of step.items) {
    let holds = false;
    for (const [field, v] of Object.entries(row)) {
      if (names.has(field) && isScalar(v) && wanted.has(valueKey(v))) {
        fields.add(field);
        holds = true;
      }
    }
    if (holds) rows.push(row);
  }
  return { fields, rows };
}

/**
 * Where an answer's value sits: the steps the expression names, and behind each query step the rows it queried
 * (those its conditions kept), in the field the query read — a maximum's field, or the column the answer took.
 */
function sources(expr: string, steps: TraceStep[], wanted: Set<string>): { rows: Item[]; fields: Set<string>; answerRows: Item[] }[] {
  const named = new Set([...expr.matchAll(/\bs(\d+)\b/g)].map((m) => `s${m[1]}`));
  const names = fieldNames(expr);
  const out: { rows: Item[]; fields: Set<string>; answerRows: Item[] }[] = [];
  for (const step of steps.filter((s) => named.has(s.id) && s.ok)) {
    const own = holding(step, names, wanted);
    out.push({ rows: step.items, fields: own.fields, answerRows: own.rows });
    if (step.tool !== QUERY_TOOL || own.fields.size === 0) continue;
    const source = steps.find((s) => s.handle !== undefined && s.handle === step.args.result);
    if (!source) continue;
    const aggregate = step.args.aggregate;
    // A count, sum or mean is no row's value; a maximum or minimum is one row's value of the queried field.
    if (aggregate !== undefined && aggregate !== 'max' && aggregate !== 'min') continue;
    const fields = aggregate !== undefined ? new Set([String(step.args.field)]) : own.fields;
    const where = Array.isArray(step.args.where) ? (step.args.where as RowCondition[]) : [];
    const kept = where.length ? queryRows(source.items, { result: String(step.args.result), where, limit: source.items.length }) : undefined;
    const rows = kept?.ok ? kept.items : source.items;
    out.push({ rows, fields, answerRows: holding({ ...source, items: rows }, fields, wanted).rows });
  }
  return out;
}

/**
 * The competitors and shown values of an answer, from the trace its expected value was computed from. Steps whose
 * rows are replaced by what a model was shown (a reward's reference) give the competitors a model could have seen.
 */
export function answerCandidates(spec: AnswerSpec, expected: unknown, steps: TraceStep[], request = ''): AnswerCandidates {
  const shownKeys = new Map<string, unknown>();
  for (const step of steps)
    for (const row of step.items)
      for (const v of Object.values(row)) if (isScalar(v) && typeof v !== 'boolean' && String(v).trim() !== '') shownKeys.set(valueKey(v), v);
  const wanted = new Set(members(expected).map(valueKey));
  for (const key of wanted) shownKeys.delete(key);
  if (spec.compare === 'decline' || spec.compare === 'boolean' || wanted.size === 0) return { competitors: [], shown: [...shownKeys.values()] };
  const single = spec.compare !== 'set';
  const filters = single ? literalFilters(spec.expr) : new Map<string, Set<string>>();
  const competitors = new Map<string, unknown>();
  for (const { rows, fields, answerRows } of sources(spec.expr, steps, wanted)) {
    if (fields.size === 0) continue;
    const context = new Set(answerRows.flatMap((row) => Object.values(row).filter(isScalar).map(valueKey)));
    const sameQuantity = (row: Item): boolean =>
      [...filters].every(([field, allowed]) => !(field in row) || fields.has(field) || allowed.has(valueKey(row[field])));
    for (const row of rows) {
      if (!sameQuantity(row)) continue;
      for (const field of fields) {
        const v = row[field];
        if (!isScalar(v) || typeof v === 'boolean' || String(v).trim() === '') continue;
        const key = valueKey(v);
        if (!wanted.has(key) && !context.has(key)) competitors.set(key, v);
      }
    }
  }
  // What the request itself names ("종로구 청운동에서 …") is the user's context, never a competitor.
  const asked = normaliseText(request);
  const named = (v: unknown): boolean => typeof v === 'string' && numeric(v) === undefined && normaliseText(v).length >= 2 && asked.includes(normaliseText(v));
  return { competitors: [...competitors.values()].filter((v) => !named(v)), shown: [...shownKeys.values()] };
}
