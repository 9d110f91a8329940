// The query tool (`local.queryRows`): filter, sort, pick fields, count and aggregate over every row of an earlier
// result, by its handle. The view shows a model only the rows that fit its budget; this is how it reaches the
// rest (tomorrow's TMX among 761 forecast rows, the dearest of 49 deals, the emergency rooms among 159 hospitals).
// Arguments are flat and structured so that a small model can fill them; every field they name is checked against
// the result's real fields, and the answer is deterministic, cheap and never leaves the machine.
import type { Item } from '../gateway/callResult.ts';

export const QUERY_TOOL = 'local.queryRows';

export const queryOps = ['=', '!=', '>', '>=', '<', '<=', 'contains'] as const;
export type QueryOp = (typeof queryOps)[number];

export const aggregates = ['count', 'min', 'max', 'sum', 'avg'] as const;
export type Aggregate = (typeof aggregates)[number];

export interface RowCondition {
  field: string;
  op: QueryOp;
  value: string | number | boolean;
}

export interface RowQuery {
  /** The handle of the result to query (r1, r2, …). */
  result: string;
  /** Conditions every kept row meets. */
  where?: RowCondition[];
  orderBy?: string;
  /** Defaults to "asc". */
  order?: 'asc' | 'desc';
  /** Fields to keep, in this order; all when omitted. */
  fields?: string[];
  /** Instead of rows, one value over the kept rows: their count, or the min, max, sum or mean of `field`. */
  aggregate?: Aggregate;
  field?: string;
  /** Rows returned. Defaults to 20. */
  limit?: number;
  /** Rows skipped first (paging). Defaults to 0. */
  offset?: number;
}

export const DEFAULT_QUERY_LIMIT = 20;

export type QueryOutcome = { ok: true; items: Item[]; totalCount: number } | { ok: false; message: string };

const empty = (v: unknown): boolean => v === null || v === undefined || v === '';

/** A number for numbers and numeric text ("12", "0900"), else undefined. */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '' && /^[-+]?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

/** -1, 0, 1; numbers by value when both sides are numeric, otherwise text by code point (가나다 order for Hangul). */
function compare(a: unknown, b: unknown): number {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

function holds(row: Item, c: RowCondition): boolean {
  const v = row[c.field];
  // An empty field equals only an empty value: `= ""` finds rows without it, `!= ""` rows with it.
  if (empty(v) || empty(c.value)) return c.op === '=' ? empty(v) && empty(c.value) : c.op === '!=' ? empty(v) !== empty(c.value) : false;
  switch (c.op) {
    case '=':
      return compare(v, c.value) === 0;
    case '!=':
      return compare(v, c.value) !== 0;
    case '>':
      return compare(v, c.value) > 0;
    case '>=':
      return compare(v, c.value) >= 0;
    case '<':
      return compare(v, c.value) < 0;
    case '<=':
      return compare(v, c.value) <= 0;
    case 'contains':
      return String(v).includes(String(c.value));
  }
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function queryRows(rows: Item[], query: RowQuery): QueryOutcome {
  const known = new Set(rows.flatMap((r) => Object.keys(r)));
  const named = [...(query.where ?? []).map((c) => c.field), ...(query.orderBy ? [query.orderBy] : []), ...(query.fields ?? []), ...(query.field ? [query.field] : [])];
  const unknown = [...new Set(named.filter((f) => !known.has(f)))];
  if (unknown.length > 0 && rows.length > 0) {
    return { ok: false, message: `${query.result}에 없는 필드입니다: ${unknown.join(', ')}. 이 결과의 필드: ${[...known].join(', ')}` };
  }
  if (query.aggregate && query.aggregate !== 'count' && !query.field) {
    return { ok: false, message: `aggregate "${query.aggregate}"에는 값을 구할 field가 필요합니다.` };
  }
  let kept = rows.filter((row) => (query.where ?? []).every((c) => holds(row, c)));
  if (query.aggregate) {
    if (query.aggregate === 'count') return { ok: true, items: [{ count: kept.length }], totalCount: 1 };
    const field = query.field!;
    const values = kept.map((r) => ({ raw: r[field], n: numeric(r[field]) })).filter((v) => v.n !== undefined);
    let value: unknown = null;
    if (values.length > 0) {
      if (query.aggregate === 'sum') value = round(values.reduce((s, v) => s + v.n!, 0));
      else if (query.aggregate === 'avg') value = round(values.reduce((s, v) => s + v.n!, 0) / values.length);
      else {
        const best = values.reduce((b, v) => ((query.aggregate === 'max' ? v.n! > b.n! : v.n! < b.n!) ? v : b));
        value = best.raw;
      }
    }
    return { ok: true, items: [{ field, [query.aggregate]: value, rows: values.length }], totalCount: 1 };
  }
  if (query.orderBy) {
    const key = query.orderBy;
    const sign = query.order === 'desc' ? -1 : 1;
    // Rows without the field go last in either order; the sort is stable, so ties keep the API's order.
    kept = [...kept].sort((a, b) => (empty(a[key]) ? (empty(b[key]) ? 0 : 1) : empty(b[key]) ? -1 : sign * compare(a[key], b[key])));
  }
  const offset = query.offset ?? 0;
  const page = kept.slice(offset, offset + (query.limit ?? DEFAULT_QUERY_LIMIT));
  const items = query.fields?.length ? page.map((r) => Object.fromEntries(query.fields!.filter((f) => f in r).map((f) => [f, r[f]]))) : page;
  return { ok: true, items, totalCount: kept.length };
}
