// Python values as BFCL's checker sees them. JSON numbers keep whether they were written as floats ("5.0" is a
// float, "5" an int), because the checker compares Python types exactly; equality then follows Python: 1 == 1.0,
// True == 1, dicts ignore key order, lists do not.
import { parse } from 'lossless-json';

/** A Python float (an int is a plain number). */
export class PyFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
  toJSON(): number {
    return this.value;
  }
}

/** A Python tuple (a list is a plain array). */
export class PyTuple {
  readonly items: PyValue[];
  constructor(items: PyValue[]) {
    this.items = items;
  }
}

export type PyValue = null | boolean | number | PyFloat | string | PyValue[] | PyTuple | { [key: string]: PyValue };

export type PyType = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'tuple' | 'dict';

/** Parses JSON keeping ints and floats apart. */
export function parsePyJson(text: string): PyValue {
  return parse(text, null, (token: string) => (/[.eE]/.test(token) ? new PyFloat(Number(token)) : Number(token))) as PyValue;
}

export function pyType(v: PyValue): PyType {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'int';
  if (v instanceof PyFloat) return 'float';
  if (typeof v === 'string') return 'str';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PyTuple) return 'tuple';
  return 'dict';
}

/** The number a bool, int or float stands for in Python arithmetic comparisons. */
function numeric(v: PyValue): number | undefined {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (v instanceof PyFloat) return v.value;
  return undefined;
}

/** Python `==`. */
export function pyEq(a: PyValue, b: PyValue): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const la = Array.isArray(a) ? a : a instanceof PyTuple ? a.items : undefined;
  const lb = Array.isArray(b) ? b : b instanceof PyTuple ? b.items : undefined;
  if (la || lb) {
    // A list never equals a tuple in Python.
    if (!la || !lb || Array.isArray(a) !== Array.isArray(b) || la.length !== lb.length) return false;
    return la.every((x, i) => pyEq(x, lb[i]!));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b as object, k) && pyEq((a as Record<string, PyValue>)[k]!, (b as Record<string, PyValue>)[k]!));
}

/** Python `value in list`. */
export function pyIn(value: PyValue, list: readonly PyValue[]): boolean {
  return list.some((item) => pyEq(value, item));
}
