// The shape of a response body, for holding the emulator to what real services send: every object's keys, arrays
// as the union of their elements, and each value's kind (a JSON number, numeric text, other text, a boolean, or
// empty: "" or null, which real services write for any field). XML knows no numbers and writes one row as a lone
// element, so for XML bodies numbers and numeric text are one kind and a lone object is an array of one.
import { parseBody } from '../../main/core/gateway/interpret.ts';

type Kind = 'number' | 'numtext' | 'text' | 'bool' | 'empty';

export type Shape = { type: 'object'; fields: Map<string, Shape> } | { type: 'array'; of: Shape | undefined } | { type: 'leaf'; kinds: Set<Kind> };

function kindOf(value: unknown): Kind {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  return /^-?\d+(\.\d+)?$/.test(String(value)) ? 'numtext' : 'text';
}

function merge(a: Shape | undefined, b: Shape | undefined): Shape | undefined {
  if (!a) return b;
  if (!b) return a;
  // A field that is "" in one row and an object in another (an empty list written as "") keeps the object.
  if (a.type === 'leaf' && b.type !== 'leaf' && [...a.kinds].every((k) => k === 'empty')) return b;
  if (b.type === 'leaf' && a.type !== 'leaf' && [...b.kinds].every((k) => k === 'empty')) return a;
  if (a.type === 'object' && b.type === 'object') {
    const fields = new Map(a.fields);
    for (const [k, v] of b.fields) fields.set(k, merge(fields.get(k), v)!);
    return { type: 'object', fields };
  }
  if (a.type === 'array' && b.type === 'array') return { type: 'array', of: merge(a.of, b.of) };
  if (a.type === 'leaf' && b.type === 'leaf') return { type: 'leaf', kinds: new Set([...a.kinds, ...b.kinds]) };
  return a;
}

function shapeOf(value: unknown, xml: boolean): Shape {
  if (Array.isArray(value)) return { type: 'array', of: value.map((v) => shapeOf(v, xml)).reduce<Shape | undefined>((acc, s) => merge(acc, s), undefined) };
  if (value !== null && typeof value === 'object') {
    const fields = new Map(Object.entries(value).map(([k, v]) => [k, shapeOf(v, xml)] as const));
    return { type: 'object', fields };
  }
  const kind = kindOf(value);
  return { type: 'leaf', kinds: new Set([xml && kind === 'number' ? 'numtext' : kind]) };
}

export function bodyShape(body: string): Shape {
  const xml = body
    .replace(/^\uFEFF/, '')
    .trim()
    .startsWith('<');
  return shapeOf(parseBody({ body }), xml);
}

const kinds = (s: Shape): string => (s.type === 'leaf' ? [...s.kinds].sort().join('|') : s.type);

/**
 * Where the emulator's body differs from the real one: a field the real service sends that the emulator does not,
 * one it sends that the real service does not, or a value of another kind. `xml`: a lone object equals an array.
 */
export function shapeDifferences(real: Shape, emulated: Shape, options: { xml?: boolean } = {}, at = '$'): string[] {
  const lift = (s: Shape): Shape => (options.xml && s.type === 'object' ? { type: 'array', of: s } : s);
  const [r, e] = options.xml && (real.type === 'array' || emulated.type === 'array') ? [lift(real), lift(emulated)] : [real, emulated];
  if (r.type === 'leaf' && e.type === 'leaf') {
    const said = (s: Set<Kind>): Set<Kind> => new Set([...s].filter((k) => k !== 'empty'));
    const [rk, ek] = [said(r.kinds), said(e.kinds)];
    if (rk.size === 0 || ek.size === 0) return [];
    return [...rk].some((k) => ek.has(k)) ? [] : [`${at}: the real service sends ${kinds(r)}, the emulator ${kinds(e)}`];
  }
  if (r.type === 'leaf' && [...r.kinds].every((k) => k === 'empty')) return [];
  if (e.type === 'leaf' && [...e.kinds].every((k) => k === 'empty')) return [];
  if (r.type !== e.type) return [`${at}: the real service sends ${kinds(r)}, the emulator ${kinds(e)}`];
  if (r.type === 'array' && e.type === 'array') return r.of && e.of ? shapeDifferences(r.of, e.of, options, `${at}[]`) : [];
  if (r.type === 'object' && e.type === 'object') {
    const out: string[] = [];
    for (const key of r.fields.keys()) if (!e.fields.has(key)) out.push(`${at}.${key}: sent by the real service, not by the emulator`);
    for (const key of e.fields.keys()) if (!r.fields.has(key)) out.push(`${at}.${key}: sent by the emulator, not by the real service`);
    for (const [key, shape] of r.fields) if (e.fields.has(key)) out.push(...shapeDifferences(shape, e.fields.get(key)!, options, `${at}.${key}`));
    return out;
  }
  return [];
}
