// BFCL's Java and JavaScript type converters (upstream: bfcl_eval/eval_checker/ast_eval/type_convertor/ in ShishirPatil/gorilla): a model writes every Java/JS argument as
// a string in the language's syntax, and the checker turns it into a Python value by regular expressions,
// quirks included (Java long needs an L, Java String keeps its quotes, trailing text after a match is ignored).
// Whatever does not convert comes back as the raw string, which the type check then refuses.
import { PyFloat, type PyValue } from './pyValue.ts';

function stripQuotes(s: string): string {
  const t = s.trim();
  return t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) ? t.slice(1, -1) : t;
}

function javaScalar(value: string, type: string): PyValue {
  switch (type) {
    case 'byte':
    case 'short':
    case 'integer':
      return /^-?\d+$/.test(value) ? Number(value) : value;
    case 'long':
      return /^-?\d+[lL]$/.test(value) ? Number(value.slice(0, -1)) : value;
    case 'float':
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?[fF]$/.test(value) ? new PyFloat(Number(value.slice(0, -1))) : value;
    case 'double':
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value) ? new PyFloat(Number(value)) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      // char's upstream pattern never matches; String and any are kept as written, quotes and all.
      return value;
  }
}

/** A Java literal in a HashMap put(): parsed by its look. */
function javaLiteral(raw: string): PyValue {
  const v = raw.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^".*"$/s.test(v)) return v.slice(1, -1);
  if (/^-?\d+[lL]$/.test(v)) return Number(v.slice(0, -1));
  if (/^-?\d+(\.\d+)?[fF]$/.test(v)) return new PyFloat(Number(v.slice(0, -1)));
  if (/^-?\d+$/.test(v)) return Number(v);
  if (/^-?\d+\.\d+$/.test(v)) return new PyFloat(Number(v));
  return v;
}

export function javaConvert(value: string, type: string, nested?: string): PyValue {
  if (type === 'Array') {
    const match = /new\s+\w+\[\]\s*\{(.*?)\}/s.exec(value);
    if (!match) return value;
    const body = match[1]!.trim();
    if (body === '') return [];
    return body.split(',').map((piece) => (nested ? javaScalar(piece.trim(), nested) : piece.trim()));
  }
  if (type === 'ArrayList') {
    let items: string[] | undefined;
    const asList = /new\s+ArrayList<.*?>\s*\(\s*Arrays\.asList\((.*)\)\s*\)/s.exec(value);
    if (asList) items = asList[1]!.trim() === '' ? [] : asList[1]!.split(',');
    else if (/new\s+ArrayList<.*?>\s*\(\s*\)\s*\{\{/s.test(value)) items = [...value.matchAll(/add\((.*?)\);/gs)].map((m) => m[1]!);
    else if (/new\s+ArrayList<.*?>\s*\(\s*\)/s.test(value)) items = [];
    if (!items) return value;
    return items.map((piece) => {
      const p = piece.trim();
      if (nested === 'String' || nested === 'char') return stripQuotes(p);
      if (!nested || nested === 'any') return p;
      return javaScalar(p, nested);
    });
  }
  if (type === 'HashMap') {
    if (/new\s+HashMap<.*?>\s*\(\s*\)\s*\{\{(.*)\}\}/s.test(value)) {
      const out: Record<string, PyValue> = {};
      for (const m of value.matchAll(/put\(\s*"(.*?)"\s*,\s*(.*?)\s*\);/gs)) out[m[1]!] = javaLiteral(m[2]!);
      return out;
    }
    return /new\s+HashMap<.*?>\s*\(\s*\)/s.test(value) ? {} : value;
  }
  return javaScalar(value, type);
}

/** An untyped JavaScript literal: true/false, a quoted string (unquoted), an int, a float, else the text. */
function jsValue(raw: string): PyValue {
  const v = raw.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^(["']).*\1$/s.test(v)) return v.slice(1, -1);
  if (/^-?\d+$/.test(v)) return Number(v);
  if (/^-?\d+\.\d+$/.test(v)) return new PyFloat(Number(v));
  return v;
}

function jsScalar(value: string, type: string): PyValue {
  switch (type) {
    case 'String':
    case 'any':
      return stripQuotes(value);
    case 'integer':
      return /^-?\d+$/.test(value) ? Number(value) : value;
    case 'float':
      return /^-?\d+(\.\d+)?$/.test(value) ? new PyFloat(Number(value)) : value;
    case 'Bigint':
      return /^-?\d+n$/.test(value) ? Number(value.slice(0, -1)) : value;
    case 'Boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

function jsDict(value: string): PyValue {
  const match = /^\{(.*)\}/s.exec(value.trim());
  if (!match) return value;
  const body = match[1]!.trim();
  const out: Record<string, PyValue> = {};
  if (body === '') return out;
  // key: value pairs, where a value may be an array or an object (one level of nesting).
  for (const m of body.matchAll(/(["']?[\w$-]+["']?)\s*:\s*(\[[^\]]*\]|\{[^}]*\}|"[^"]*"|'[^']*'|[^,]+)/g)) {
    const key = stripQuotes(m[1]!);
    const raw = m[2]!.trim();
    out[key] = raw.startsWith('[') ? jsConvert(raw, 'array') : raw.startsWith('{') ? jsDict(raw) : jsValue(stripQuotes(raw));
  }
  return out;
}

export function jsConvert(value: string, type: string, nested?: string): PyValue {
  if (type === 'array') {
    const twoD = /^\s*\[\s*(\[.*\])\s*\]/s.exec(value);
    if (twoD) {
      const rows = [...twoD[1]!.matchAll(/\[(.*?)\]/gs)].map((m) => m[1]!);
      return rows.map((row) => (row.trim() === '' ? [] : row.split(',').map((p) => (nested ? jsScalar(p.trim(), nested) : jsValue(p)))));
    }
    const match = /^\s*(?:\[(.*)\]|new\s+Array\((.*)\))/s.exec(value);
    if (!match) return value;
    const body = (match[1] ?? match[2] ?? '').trim();
    if (body === '') return [];
    return body.split(',').map((p) => (nested ? jsScalar(stripQuotes(p.trim()) === p.trim() ? p.trim() : stripQuotes(p.trim()), nested) : jsValue(p)));
  }
  if (type === 'dict') return jsDict(value);
  return jsScalar(value, type);
}
