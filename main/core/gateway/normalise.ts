// Field values as a caller wants them, not as the wire carries them: "12,000" → 12000, "-" → null,
// "2024-09-13 24:00" → "2024-09-14 00:00", "Y" → true. The same rules apply to JSON and XML, so both formats of
// one response normalise to identical rows.
import type { FieldSpec, NormaliserName } from '../catalog/types.ts';
import { distance } from 'fastest-levenshtein';
import type { Item } from './callResult.ts';

type Normaliser = (value: unknown) => unknown;

const SEPARATORS = /[,\s]/;
const SEPARATORS_ALL = /[,\s]/g;

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

export const normalisers: Record<NormaliserName, Normaliser> = {
  trim: (v) => (typeof v === 'string' ? v.trim() : v),
  dashNull: (v) => (v === '-' ? null : v),
  emptyNull: (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  commaNumber: (v) => {
    if (typeof v !== 'string') return v;
    const cleaned = v.replace(/[,\s]/g, '');
    if (cleaned === '' || cleaned === '-') return null;
    const n = Number(cleaned);
    return Number.isFinite(n) ? n : v;
  },
  kstMidnight24: (v) => {
    if (typeof v !== 'string') return v;
    const m = /^(\d{4}-\d{2}-\d{2}) 24:00$/.exec(v.trim());
    return m ? `${nextDay(m[1]!)} 00:00` : v;
  },
  ynBoolean: (v) => (v === 'Y' || v === 'y' ? true : v === 'N' || v === 'n' ? false : v),
  httpsUrl: (v) => (typeof v === 'string' && v.startsWith('http://') ? `https://${v.slice(7)}` : v),
};

/**
 * A number, or the exact text of one a double cannot hold (a 30-digit integer, 1e400): rounding it or making it
 * Infinity would change the value without a word. numberWarnings() says which fields hold such text.
 */
function toNumber(v: unknown): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const text = String(v);
  const cleaned = SEPARATORS.test(text) ? text.replace(SEPARATORS_ALL, '') : text;
  if (cleaned === '' || cleaned === '-') return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n)) return /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(cleaned) ? cleaned : null;
  return Number.isSafeInteger(n) || !/^[-+]?\d{16,}$/.test(cleaned) ? n : cleaned;
}

/** Declared number fields that hold a number too large or too precise for a double, kept as text. */
export function numberWarnings(rows: Item[], fields: Record<string, FieldSpec>): string[] {
  const found = Object.entries(fields).filter(
    ([name, spec]) => (spec.type === 'number' || spec.type === 'integer') && rows.some((r) => typeof r[name] === 'string'),
  );
  return found.map(([name]) => `${name} holds a number beyond what a double can hold exactly; it is kept as its exact text.`);
}

function toBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  const s = String(v ?? '')
    .trim()
    .toLowerCase();
  if (['y', 'true', '1'].includes(s)) return true;
  if (['n', 'false', '0'].includes(s)) return false;
  return null;
}

/** The value as its field declares it: type conversion after the field's normalisers, in order. */
function typed(spec: FieldSpec): Normaliser {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return toNumber;
    case 'boolean':
      return toBoolean;
    case 'string':
      return (v) => {
        if (typeof v === 'object') return JSON.stringify(v);
        const s = String(v);
        return s === '-' ? null : s;
      };
  }
}

/** One function per field, so a response of many rows does not look its rules up again for every value. */
function compile(spec: FieldSpec): Normaliser {
  const steps = (spec.normalise ?? []).map((name) => normalisers[name]);
  const convert = typed(spec);
  return (value) => {
    let v = value;
    for (const step of steps) v = step(v);
    return v === undefined || v === null ? null : convert(v);
  };
}

const compiled = new WeakMap<Record<string, FieldSpec>, Map<string, Normaliser>>();

function fieldNormalisers(fields: Record<string, FieldSpec>): Map<string, Normaliser> {
  let map = compiled.get(fields);
  if (!map) {
    map = new Map(Object.entries(fields).map(([name, spec]) => [name, compile(spec)]));
    compiled.set(fields, map);
  }
  return map;
}

export function normaliseValue(value: unknown, spec: FieldSpec): unknown {
  return compile(spec)(value);
}

/** Undeclared fields keep their value, as text when it is a scalar, so JSON and XML agree. */
function passThrough(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value;
  return String(value);
}

/** Normalises a freshly parsed row in place: a fresh object per row was a third of the cost of reading a large response. */
export function normaliseItem(row: unknown, fields: Record<string, FieldSpec>): Item {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return { value: passThrough(row) };
  const byField = fieldNormalisers(fields);
  const out = row as Item;
  const keys = Object.keys(row);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const normalise = byField.get(key);
    out[key] = normalise ? normalise(out[key]) : passThrough(out[key]);
  }
  return out;
}

/**
 * A declared field that no row has, while every row has an undeclared field of a similar name, is what a
 * renamed field (schema drift) looks like. Say so, so that EDGE and the user notice.
 */
export function driftWarnings(rows: Item[], fields: Record<string, FieldSpec>): string[] {
  if (rows.length === 0) return [];
  const missing = Object.keys(fields).filter((f) => rows.every((r) => !(f in r)));
  const unknown = Object.keys(rows[0]!).filter((k) => !fields[k] && rows.every((r) => k in r));
  const renames = missing.flatMap((m) => unknown.filter((u) => similar(m, u)).map((u) => `${m} → ${u}`));
  return renames.length
    ? [
        `The response has no ${renames.map((r) => r.split(' → ')[0]).join(', ')} but has ${renames.map((r) => r.split(' → ')[1]).join(', ')}: the API may have renamed a field (${renames.join(', ')}).`,
      ]
    : [];
}

function similar(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.slice(0, 3) === y.slice(0, 3) && distance(x, y) <= Math.max(2, Math.floor(Math.min(x.length, y.length) / 3));
}
