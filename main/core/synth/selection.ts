// How a plan picks one row of an earlier result, three ways that must agree: the JSONata a plan runs, the same
// choice computed here over rows (to know the row before the plan is written), and the query-tool arguments that
// reach it when the result view hides some of the rows.
import { fieldRef, literal } from '../plan/expressions.ts';
import type { RowCondition } from '../resultView/queryRows.ts';
import type { Selection } from './types.ts';

type Row = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

function valueLiteral(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : literal(String(value));
}

/** A condition as a JSONata predicate over the row in context. */
function predicate(c: RowCondition): string {
  const f = fieldRef(c.field);
  if (c.op === 'contains') return `$contains($string(${f}), ${literal(String(c.value))})`;
  return `${f} ${c.op} ${valueLiteral(c.value)}`;
}

/** The row's conditions (the selection's own and its `where`) as one predicate, or "" for none. */
function conditions(s: Selection): string[] {
  const own: string[] = [];
  if (s.kind === 'match') own.push(predicate({ field: s.field!, op: '=', value: s.value as string }));
  if (s.kind === 'stated') for (const m of s.match ?? []) own.push(predicate({ field: m.field, op: '=', value: m.value as string }));
  if (s.kind === 'next') own.push(predicate({ field: s.field!, op: '>=', value: s.from as string }));
  return [...own, ...(s.where ?? []).map(predicate)];
}

/** Squared distance in degrees from the origin: enough to rank places a few kilometres apart. */
function distanceExpr(row: string, o: NonNullable<Selection['origin']>): string {
  const dy = `(${row}.${fieldRef(o.latField)} - ${o.lat})`;
  const dx = `(${row}.${fieldRef(o.lonField)} - ${o.lon})`;
  return `${dy}*${dy} + ${dx}*${dx}`;
}

/** The JSONata that picks a selection's row out of a step's rows. */
export function selectionExpr(stepId: string, s: Selection): string {
  const filter = conditions(s);
  const items = filter.length ? `${stepId}.items[${filter.join(' and ')}]` : `${stepId}.items`;
  const f = s.field ? fieldRef(s.field) : '';
  if (s.byOrder && filter.length === 0) return `${items}[0]`;
  switch (s.kind) {
    case 'only':
    case 'first':
    case 'match':
    case 'stated':
      return `${items}[0]`;
    case 'max':
    case 'min':
      return `(${items}[$type(${f}) = "number"]^(${s.kind === 'max' ? '>' : '<'}${f}))[0]`;
    case 'nearest':
      if (s.origin) return `$sort(${items}, function($a, $b) { ${distanceExpr('$a', s.origin)} > ${distanceExpr('$b', s.origin)} })[0]`;
      return `(${items}[$type(${f}) = "number"]^(<${f}))[0]`;
    case 'latest':
    case 'earliest':
      return `(${items}[$exists(${f}) and ${f} != ""]^(${s.kind === 'latest' ? '>' : '<'}${f}))[0]`;
    case 'next':
      return `(${items}^(<${f}))[0]`;
  }
}

function meets(row: Row, c: RowCondition): boolean {
  const v = row[c.field];
  switch (c.op) {
    case '=':
      return v === c.value;
    case '!=':
      return v !== c.value;
    case 'contains':
      return String(v ?? '').includes(String(c.value));
    default: {
      if (!present(v) || typeof v !== typeof c.value) return false;
      const a = v as number | string;
      const b = c.value as number | string;
      return c.op === '>' ? a > b : c.op === '>=' ? a >= b : c.op === '<' ? a < b : a <= b;
    }
  }
}

function best(rows: Row[], key: (r: Row) => number | string, smallest: boolean): Row | undefined {
  // A stable sort keeps the first of equal rows: so does this.
  return rows.reduce<Row | undefined>((top, r) => (top === undefined || (smallest ? key(r) < key(top) : key(r) > key(top)) ? r : top), undefined);
}

/** The row a selection picks among `rows`, computed the way its JSONata does. */
export function pickRow(rows: Row[], s: Selection): Row | undefined {
  const own: RowCondition[] = [];
  if (s.kind === 'match') own.push({ field: s.field!, op: '=', value: s.value as string });
  if (s.kind === 'stated') for (const m of s.match ?? []) own.push({ field: m.field, op: '=', value: m.value as string });
  if (s.kind === 'next') own.push({ field: s.field!, op: '>=', value: s.from as string });
  const kept = rows.filter((r) => [...own, ...(s.where ?? [])].every((c) => meets(r, c)));
  if (s.byOrder && own.length + (s.where?.length ?? 0) === 0) return kept[0];
  const f = s.field!;
  switch (s.kind) {
    case 'only':
    case 'first':
    case 'match':
    case 'stated':
      return kept[0];
    case 'max':
    case 'min':
      return best(
        kept.filter((r) => isNumber(r[f])),
        (r) => r[f] as number,
        s.kind === 'min',
      );
    case 'nearest': {
      const o = s.origin;
      if (!o)
        return best(
          kept.filter((r) => isNumber(r[f])),
          (r) => r[f] as number,
          true,
        );
      const d = (r: Row): number => ((r[o.latField] as number) - o.lat) ** 2 + ((r[o.lonField] as number) - o.lon) ** 2;
      return best(
        kept.filter((r) => isNumber(r[o.latField]) && isNumber(r[o.lonField])),
        d,
        true,
      );
    }
    case 'latest':
    case 'earliest':
      return best(
        kept.filter((r) => present(r[f])),
        (r) => r[f] as string,
        s.kind === 'earliest',
      );
    case 'next':
      return best(
        kept.filter((r) => present(r[f])),
        (r) => r[f] as string,
        true,
      );
  }
}

/**
 * The query-tool arguments (besides the result handle) that return the selected row first, for a result whose
 * rows the view does not all show; undefined for a pick the tool cannot make (a distance it would have to compute).
 */
export function queryArgs(s: Selection): Record<string, unknown> | undefined {
  const where: RowCondition[] = [...(s.where ?? [])];
  if (s.kind === 'match') where.unshift({ field: s.field!, op: '=', value: s.value as string });
  if (s.kind === 'stated') where.unshift(...(s.match ?? []).map((m) => ({ field: m.field, op: '=' as const, value: m.value as string })));
  if (s.kind === 'next') where.unshift({ field: s.field!, op: '>=', value: s.from as string });
  const filtered = where.length ? { where } : {};
  switch (s.kind) {
    case 'match':
    case 'stated':
      return { ...filtered, limit: 1 };
    case 'max':
    case 'latest':
      return { ...filtered, orderBy: s.field, order: 'desc', limit: 1 };
    case 'min':
    case 'earliest':
    case 'next':
      return { ...filtered, orderBy: s.field, order: 'asc', limit: 1 };
    case 'nearest':
      return s.origin ? undefined : { ...filtered, orderBy: s.field, order: 'asc', limit: 1 };
    case 'only':
    case 'first':
      return undefined;
  }
}
