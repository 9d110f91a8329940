// The slice of Python's data model BFCL's multi-turn simulators live in. Their results are compared as the strings
// Python prints (`json.dumps`, `str`, `repr`) and their states with Python `==`, so ints and floats stay apart,
// dicts keep insertion order whatever their keys (a JS object would move "12345" to the front) and hash 1, 1.0
// and True to one key, and errors carry CPython's wording.
import { PyFloat } from '../pyValue.ts';

export { PyFloat };

/** A Python tuple (a list is a plain array). */
export class PyTuple {
  constructor(readonly items: Py[]) {}
}

/** A Python object the simulators return but JSON cannot hold (mpmath's mpf, Decimal, Ellipsis): printed by repr. */
export class PyOpaque {
  constructor(
    readonly typeName: string,
    readonly reprText: string,
  ) {}
}

export const ELLIPSIS = new PyOpaque('ellipsis', 'Ellipsis');

/** An object with its own equality and repr (the file system's Directory and File). */
export interface PyObject {
  readonly pyTypeName: string;
  pyEquals(other: Py): boolean;
  pyRepr(): string;
}

export type Py = null | boolean | number | PyFloat | string | Py[] | PyTuple | PyDict | PySet | PyOpaque | PyObject;

/** A Python exception: `str(e)` is `message`, as upstream's "Error during execution: …" prints it. */
export class PyError extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(message);
  }
}

export const typeError = (message: string): PyError => new PyError('TypeError', message);

export function isPyObject(v: unknown): v is PyObject {
  return typeof v === 'object' && v !== null && 'pyEquals' in v;
}

export function typeName(v: Py): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'int';
  if (typeof v === 'string') return 'str';
  if (v instanceof PyFloat) return 'float';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof PyDict) return 'dict';
  if (v instanceof PySet) return 'set';
  if (v instanceof PyOpaque) return v.typeName;
  return v.pyTypeName;
}

/** The value of a bool, int or float; undefined for anything else. */
export function num(v: Py): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return undefined;
}

export const isNumber = (v: Py): boolean => num(v) !== undefined;
export const isInt = (v: Py): v is number | boolean => typeof v === 'number' || typeof v === 'boolean';
export const float = (n: number): PyFloat => new PyFloat(n);

/** The key Python's hash-and-equality would file a value under: 1, 1.0 and True are one key, "1" another. */
export function hashKey(v: Py): string {
  const n = num(v);
  if (n !== undefined) return `n:${Object.is(n, -0) ? 0 : n}`;
  if (v === null) return 'N';
  if (typeof v === 'string') return `s:${v}`;
  if (v instanceof PyTuple) return `t:(${v.items.map(hashKey).join(',')})`;
  if (v instanceof PyOpaque) return `o:${v.reprText}`;
  throw typeError(`unhashable type: '${typeName(v)}'`);
}

/** A dict: insertion order, Python key equality. */
export class PyDict {
  private readonly entries = new Map<string, [Py, Py]>();

  constructor(items: Iterable<[Py, Py]> = []) {
    for (const [k, v] of items) this.set(k, v);
  }

  static of(record: Record<string, Py>): PyDict {
    return new PyDict(Object.entries(record));
  }

  get size(): number {
    return this.entries.size;
  }
  has(key: Py): boolean {
    return this.entries.has(hashKey(key));
  }
  get(key: Py): Py | undefined {
    return this.entries.get(hashKey(key))?.[1];
  }
  /** `d[key]`: a missing key raises KeyError, whose str() is the key's repr. */
  item(key: Py): Py {
    const found = this.entries.get(hashKey(key));
    if (!found) throw new PyError('KeyError', repr(key));
    return found[1];
  }
  set(key: Py, value: Py): void {
    const h = hashKey(key);
    const old = this.entries.get(h);
    // Python keeps the first key object (and its position) when an equal key is assigned again.
    this.entries.set(h, [old ? old[0] : key, value]);
  }
  delete(key: Py): boolean {
    return this.entries.delete(hashKey(key));
  }
  keys(): Py[] {
    return [...this.entries.values()].map(([k]) => k);
  }
  values(): Py[] {
    return [...this.entries.values()].map(([, v]) => v);
  }
  items(): [Py, Py][] {
    return [...this.entries.values()];
  }
  /** A shallow copy, as `dict.copy()`. */
  copy(): PyDict {
    return new PyDict(this.items());
  }
}

/** A set of hashable values, insertion-ordered here (Python's order is by hash; only repr would show it). */
export class PySet {
  private readonly entries = new Map<string, Py>();
  constructor(items: Iterable<Py> = []) {
    for (const v of items) this.add(v);
  }
  get size(): number {
    return this.entries.size;
  }
  has(v: Py): boolean {
    return this.entries.has(hashKey(v));
  }
  add(v: Py): void {
    if (!this.has(v)) this.entries.set(hashKey(v), v);
  }
  values(): Py[] {
    return [...this.entries.values()];
  }
}

/** Python `==`. */
export function pyEquals(a: Py, b: Py): boolean {
  const na = num(a);
  const nb = num(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]!));
  }
  if (a instanceof PyTuple || b instanceof PyTuple) {
    return a instanceof PyTuple && b instanceof PyTuple && a.items.length === b.items.length && a.items.every((x, i) => pyEquals(x, b.items[i]!));
  }
  if (a instanceof PyDict || b instanceof PyDict) {
    if (!(a instanceof PyDict && b instanceof PyDict) || a.size !== b.size) return false;
    return a.items().every(([k, v]) => b.has(k) && pyEquals(v, b.get(k)!));
  }
  if (a instanceof PySet || b instanceof PySet) {
    return a instanceof PySet && b instanceof PySet && a.size === b.size && a.values().every((v) => b.has(v));
  }
  if (a instanceof PyOpaque || b instanceof PyOpaque) return a === b;
  return isPyObject(a) && a.pyEquals(b);
}

/** `x in container` for a list, tuple, dict (its keys), set or str. */
export function pyIn(x: Py, container: Py): boolean {
  if (Array.isArray(container)) return container.some((item) => pyEquals(x, item));
  if (container instanceof PyTuple) return container.items.some((item) => pyEquals(x, item));
  if (container instanceof PyDict || container instanceof PySet) return container.has(x);
  if (typeof container === 'string') {
    if (typeof x !== 'string') throw typeError(`'in <string>' requires string as left operand, not ${typeName(x)}`);
    return container.includes(x);
  }
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

export function truthy(v: Py): boolean {
  if (v === null) return false;
  const n = num(v);
  if (n !== undefined) return n !== 0;
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (v instanceof PyDict || v instanceof PySet) return v.size > 0;
  return true;
}

function operandError(op: string, a: Py, b: Py): PyError {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

function numbers(op: string, a: Py, b: Py): [number, number, boolean] {
  const x = num(a);
  const y = num(b);
  if (x === undefined || y === undefined) throw operandError(op, a, b);
  return [x, y, a instanceof PyFloat || b instanceof PyFloat];
}

export function add(a: Py, b: Py): Py {
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (typeof a === 'string' || typeof b === 'string') {
    if (typeof a === 'string') throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
    throw operandError('+', a, b);
  }
  const [x, y, f] = numbers('+', a, b);
  return f ? float(x + y) : x + y;
}

export function sub(a: Py, b: Py): Py {
  const [x, y, f] = numbers('-', a, b);
  return f ? float(x - y) : x - y;
}

export function mul(a: Py, b: Py): Py {
  const [x, y, f] = numbers('*', a, b);
  return f ? float(x * y) : x * y;
}

export function truediv(a: Py, b: Py): PyFloat {
  const [x, y, f] = numbers('/', a, b);
  if (y === 0) throw new PyError('ZeroDivisionError', f ? 'float division by zero' : 'division by zero');
  return float(x / y);
}

/** `a % b` with Python's sign rule (the result takes the divisor's sign). */
export function mod(a: Py, b: Py): Py {
  const [x, y, f] = numbers('%', a, b);
  if (y === 0) throw new PyError('ZeroDivisionError', f ? 'float modulo' : 'integer division or modulo by zero');
  let r = x % y;
  if (r !== 0 && r < 0 !== y < 0) r += y;
  return f ? float(r) : r;
}

export function neg(a: Py): Py {
  const x = num(a);
  if (x === undefined) throw typeError(`bad operand type for unary -: '${typeName(a)}'`);
  return a instanceof PyFloat ? float(-x) : -x;
}

export function abs(a: Py): Py {
  const x = num(a);
  if (x === undefined) throw typeError(`bad operand type for abs(): '${typeName(a)}'`);
  return a instanceof PyFloat ? float(Math.abs(x)) : Math.abs(x);
}

/** `float(x)` for a number or a numeric string. */
export function toFloat(v: Py): PyFloat {
  const n = num(v);
  if (n !== undefined) return float(n);
  if (typeof v === 'string') {
    const t = v.trim().replaceAll('_', '');
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return float(Number(t));
    if (/^[+-]?(inf|infinity)$/i.test(t)) return float(t.startsWith('-') ? -Infinity : Infinity);
    throw new PyError('ValueError', `could not convert string to float: ${repr(v)}`);
  }
  throw typeError(`float() argument must be a string or a real number, not '${typeName(v)}'`);
}

/** Python's ordering `a < b` (numbers, strings by code point, lists and tuples lexicographically). */
export function compare(a: Py, b: Py, op = '<'): number {
  const x = num(a);
  const y = num(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') {
    const ca = [...a];
    const cb = [...b];
    for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
      const d = ca[i]!.codePointAt(0)! - cb[i]!.codePointAt(0)!;
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return ca.length - cb.length < 0 ? -1 : ca.length > cb.length ? 1 : 0;
  }
  const la = Array.isArray(a) ? a : a instanceof PyTuple ? a.items : undefined;
  const lb = Array.isArray(b) ? b : b instanceof PyTuple ? b.items : undefined;
  if (la && lb && Array.isArray(a) === Array.isArray(b)) {
    for (let i = 0; i < Math.min(la.length, lb.length); i++) {
      if (!pyEquals(la[i]!, lb[i]!)) return compare(la[i]!, lb[i]!, op);
    }
    return Math.sign(la.length - lb.length);
  }
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

export const lt = (a: Py, b: Py): boolean => compare(a, b, '<') < 0;
export const le = (a: Py, b: Py): boolean => compare(a, b, '<=') <= 0;
export const gt = (a: Py, b: Py): boolean => compare(a, b, '>') > 0;
export const ge = (a: Py, b: Py): boolean => compare(a, b, '>=') >= 0;

/** `sorted()` of a list: stable, by Python's ordering. */
export function sorted(items: readonly Py[]): Py[] {
  return [...items].sort((a, b) => compare(a, b));
}

/** The digits and decimal-point position of the shortest string that reads back as `x` (what repr prints). */
function shortestDigits(x: number): { digits: string; decpt: number } {
  const [mantissa, exp] = Math.abs(x).toExponential().split('e');
  return { digits: mantissa!.replace('.', ''), decpt: Number(exp) + 1 };
}

/** `repr(float)`: the shortest round-trip digits, in exponent form below 1e-4 and from 1e16 on. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0.0`;
  const { digits, decpt } = shortestDigits(x);
  if (decpt > 16 || decpt < -3) {
    const e = decpt - 1;
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** `str(int)`: exact digits even past 2^53 (a JS number's own toString would switch to exponent form at 1e21). */
export function intStr(n: number): string {
  return Number.isSafeInteger(n) || Math.abs(n) < 1e21 ? n.toFixed(0) : BigInt(n).toString();
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `repr(str)`: single quotes unless the text holds ' and no ", escapes for what Python does not print. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NOT_PRINTABLE.test(ch)) {
      out +=
        cp < 0x100
          ? `\\x${cp.toString(16).padStart(2, '0')}`
          : cp < 0x10000
            ? `\\u${cp.toString(16).padStart(4, '0')}`
            : `\\U${cp.toString(16).padStart(8, '0')}`;
    } else out += ch;
  }
  return out + quote;
}

export function repr(v: Py): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return intStr(v);
  if (typeof v === 'string') return strRepr(v);
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (Array.isArray(v)) return `[${v.map(repr).join(', ')}]`;
  if (v instanceof PyTuple) return v.items.length === 1 ? `(${repr(v.items[0]!)},)` : `(${v.items.map(repr).join(', ')})`;
  if (v instanceof PyDict)
    return `{${v
      .items()
      .map(([k, x]) => `${repr(k)}: ${repr(x)}`)
      .join(', ')}}`;
  if (v instanceof PySet) return v.size === 0 ? 'set()' : `{${v.values().map(repr).join(', ')}}`;
  if (v instanceof PyOpaque) return v.reprText;
  return v.pyRepr();
}

/** `str(x)`: a string as it is, anything else as its repr. */
export const str = (v: Py): string => (typeof v === 'string' ? v : repr(v));

function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    // ensure_ascii: everything outside space..~ is escaped, surrogate pairs as two escapes (JS strings already are).
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out + '"';
}

function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(x);
}

function jsonKey(k: Py): string {
  if (typeof k === 'string') return jsonString(k);
  if (typeof k === 'boolean') return `"${k ? 'true' : 'false'}"`;
  if (typeof k === 'number') return `"${intStr(k)}"`;
  if (k instanceof PyFloat) return `"${jsonFloat(k.value)}"`;
  if (k === null) return '"null"';
  throw typeError(`keys must be str, int, float, bool or None, not ${typeName(k)}`);
}

/** `json.dumps(v)` with its defaults (ensure_ascii, ", " and ": " separators); throws TypeError where Python does. */
export function jsonDumps(v: Py): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return intStr(v);
  if (typeof v === 'string') return jsonString(v);
  if (v instanceof PyFloat) return jsonFloat(v.value);
  if (Array.isArray(v)) return `[${v.map(jsonDumps).join(', ')}]`;
  if (v instanceof PyTuple) return `[${v.items.map(jsonDumps).join(', ')}]`;
  if (v instanceof PyDict)
    return `{${v
      .items()
      .map(([k, x]) => `${jsonKey(k)}: ${jsonDumps(x)}`)
      .join(', ')}}`;
  throw typeError(`Object of type ${typeName(v)} is not JSON serializable`);
}

/** `copy.deepcopy` of plain data. */
export function deepCopy<T extends Py>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  if (v instanceof PyDict) return new PyDict(v.items().map(([k, x]) => [k, deepCopy(x)])) as T;
  if (v instanceof PySet) return new PySet(v.values()) as T;
  if (v instanceof PyTuple) return new PyTuple(v.items.map(deepCopy)) as T;
  return v;
}

/** Python's len(): code points for a str. */
export function len(v: Py): number {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (v instanceof PyTuple) return v.items.length;
  if (v instanceof PyDict || v instanceof PySet) return v.size;
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}

/** The items `for x in v` visits. */
export function iter(v: Py): Py[] {
  if (Array.isArray(v)) return v;
  if (v instanceof PyTuple) return v.items;
  if (v instanceof PyDict) return v.keys();
  if (v instanceof PySet) return v.values();
  if (typeof v === 'string') return [...v];
  throw typeError(`'${typeName(v)}' object is not iterable`);
}
