// The query tool (`local.queryRows`): filter, sort, pick fields, count and aggregate over every row of an earlier
// result, by its handle. The view shows a model only the rows that fit its budget; this is how it reaches the
// rest (tomorrow's TMX among 761 forecast rows, the dearest of 49 deals, the emergency rooms among 159 hospitals).
// Arguments are flat and structured so that a small model can fill them; every field they name is checked against
// the result's real fields, and the answer is deterministic, cheap and never leaves the machine.
import type { Item } from '../gateway/callResult.ts';
import type { StringKey } from '../i18n/strings.ts';

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

/** A refused query says why in the catalogue's words (query.*): the model reads the Korean, a screen its own language. */
export type QueryOutcome = { ok: true; items: Item[]; totalCount: number } | { ok: false; said: { key: StringKey; vars: Record<string, string> } };

const empty = (v: unknown): boolean => v === null || v === undefined || v === '';

/** Whether text is a plain decimal number ("12", "-1.7", "0900"), without a regular expression (it runs per row). */
function decimal(text: string): boolean {
  let i = text.charCodeAt(0) === 45 || text.charCodeAt(0) === 43 ? 1 : 0;
  let digits = 0;
  let dot = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot && digits > 0) dot = true;
    else return false;
  }
  return digits > 0 && text.charCodeAt(text.length - 1) !== 46;
}

/** A number for numbers and numeric text ("12", "0900"), else undefined. */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.length > 0 && decimal(v)) return Number(v);
  return undefined;
}

/** A value made comparable once: its number when it is numeric, and its text. */
interface Key {
  n: number | undefined;
  s: string;
}

const keyOf = (v: unknown): Key => ({ n: numeric(v), s: String(v) });

/** -1, 0, 1; numbers by value when both sides are numeric, otherwise text by code point (가나다 order for Hangul). */
function compareKeys(a: Key, b: Key): number {
  if (a.n !== undefined && b.n !== undefined) return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
}

/** A condition as a test of one row, its value made comparable once. */
function test(c: RowCondition): (row: Item) => boolean {
  const want = keyOf(c.value);
  const wantEmpty = empty(c.value);
  return (row) => {
    const v = row[c.field];
    // An empty field equals only an empty value: `= ""` finds rows without it, `!= ""` rows with it.
    if (empty(v) || wantEmpty) return c.op === '=' ? empty(v) && wantEmpty : c.op === '!=' ? empty(v) !== wantEmpty : false;
    if (c.op === 'contains') return String(v).includes(want.s);
    const order = compareKeys(keyOf(v), want);
    switch (c.op) {
      case '=':
        return order === 0;
      case '!=':
        return order !== 0;
      case '>':
        return order > 0;
      case '>=':
        return order >= 0;
      case '<':
        return order < 0;
      case '<=':
        return order <= 0;
    }
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function queryRows(rows: Item[], query: RowQuery): QueryOutcome {
  const named = [
    ...(query.where ?? []).map((c) => c.field),
    ...(query.orderBy ? [query.orderBy] : []),
    ...(query.fields ?? []),
    ...(query.field ? [query.field] : []),
  ];
  const unknown = [...new Set(named.filter((f) => !rows.some((r) => Object.hasOwn(r, f))))];
  if (unknown.length > 0 && rows.length > 0) {
    const known = new Set<string>();
    for (const r of rows) for (const k of Object.keys(r)) known.add(k);
    return { ok: false, said: { key: 'query.unknownFields', vars: { result: query.result, unknown: unknown.join(', '), known: [...known].join(', ') } } };
  }
  if (query.aggregate && query.aggregate !== 'count' && !query.field) {
    return { ok: false, said: { key: 'query.aggregateNeedsField', vars: { aggregate: query.aggregate } } };
  }
  const tests = (query.where ?? []).map(test);
  let kept = tests.length ? rows.filter((row) => tests.every((t) => t(row))) : rows;
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
  const offset = query.offset ?? 0;
  const end = offset + (query.limit ?? DEFAULT_QUERY_LIMIT);
  const total = kept.length;
  if (query.orderBy) kept = sorted(kept, query.orderBy, query.order === 'desc' ? -1 : 1, end);
  const page = kept.slice(offset, end);
  const items = query.fields?.length ? page.map((r) => Object.fromEntries(query.fields!.filter((f) => f in r).map((f) => [f, r[f]]))) : page;
  return { ok: true, items, totalCount: total };
}

/**
 * The first `count` rows in order of `field`: rows without it last in either order, ties in the order the API
 * gave them. A page of a long result keeps only the best rows as it goes instead of sorting them all.
 */
function sorted(rows: Item[], field: string, sign: 1 | -1, count: number): Item[] {
  const keyed = rows.map((row, i) => ({ row, i, none: empty(row[field]), key: keyOf(row[field]) }));
  const before = (a: (typeof keyed)[number], b: (typeof keyed)[number]): number =>
    a.none ? (b.none ? a.i - b.i : 1) : b.none ? -1 : sign * compareKeys(a.key, b.key) || a.i - b.i;
  if (count >= rows.length / 4) return keyed.sort(before).map((k) => k.row);
  const top: typeof keyed = [];
  for (const k of keyed) {
    if (top.length === count && before(k, top[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(top[mid]!, k) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, k);
    if (top.length > count) top.pop();
  }
  return top.map((k) => k.row);
}
