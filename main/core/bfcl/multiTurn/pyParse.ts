// Reads the Python that BFCL's multi-turn calls are written in (`cd(folder='x')`, `sort('a.pdf')`,
// `mean([1, 2.5])`, `**{...}`) into a small expression tree, and JSON into Python values with key order and
// int/float kept. Upstream runs the calls through `eval`; what is read here is the part of Python call strings
// and literals actually carry: literals, names, dotted names, calls with positional, keyword, * and ** arguments,
// unary signs. Anything else is the SyntaxError `eval` would raise.
import { ELLIPSIS, float, neg, PyDict, PyError, PySet, PyTuple, type Py } from './py.ts';

export type Expr =
  | { kind: 'literal'; value: Py }
  | { kind: 'name'; path: string[] }
  | { kind: 'list' | 'tuple' | 'set'; items: Expr[] }
  | { kind: 'dict'; entries: [Expr, Expr][] }
  | { kind: 'neg' | 'pos'; operand: Expr }
  | { kind: 'call'; callee: string[]; args: Expr[]; starArgs: Expr[]; kwargs: [string, Expr][]; starKwargs: Expr[] };

export const syntaxError = (): PyError => new PyError('SyntaxError', 'invalid syntax (<string>, line 1)');

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\n': '',
};

class Reader {
  pos = 0;
  constructor(
    readonly text: string,
    readonly json: boolean,
  ) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? '';
  }

  eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  expect(ch: string): void {
    if (!this.eat(ch)) throw syntaxError();
  }

  identifier(): string | undefined {
    this.skipSpace();
    const m = /^[A-Za-z_\p{L}][\w\p{L}\p{N}]*/u.exec(this.text.slice(this.pos));
    if (!m) return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  number(): Py {
    const m = /^(?:0[xX][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.pos));
    if (!m) throw syntaxError();
    this.pos += m[0].length;
    const t = m[0].replaceAll('_', '');
    if (/^0[xX]/.test(t)) return Number.parseInt(t.slice(2), 16);
    return /[.eE]/.test(t) ? float(Number(t)) : Number(t);
  }

  string(): string {
    let raw = false;
    const prefix = /^[rRuUbB]{0,2}(?=['"])/.exec(this.text.slice(this.pos));
    if (prefix && prefix[0].length > 0) {
      raw = /[rR]/.test(prefix[0]);
      this.pos += prefix[0].length;
    }
    const q = this.text[this.pos]!;
    const triple = !this.json && this.text.startsWith(q.repeat(3), this.pos);
    const end = triple ? q.repeat(3) : q;
    this.pos += end.length;
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) throw syntaxError();
      if (this.text.startsWith(end, this.pos)) {
        this.pos += end.length;
        return out;
      }
      const ch = this.text[this.pos]!;
      if (ch === '\n' && !triple) throw syntaxError();
      if (ch === '\\') {
        const next = this.text[this.pos + 1] ?? '';
        if (raw) {
          out += ch + next;
          this.pos += 2;
          continue;
        }
        const code = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
        if (code) {
          const hex = this.text.slice(this.pos + 2, this.pos + 2 + code);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== code) throw syntaxError();
          out += String.fromCodePoint(Number.parseInt(hex, 16));
          this.pos += 2 + code;
          continue;
        }
        out += next in ESCAPES ? ESCAPES[next] : ch + next;
        this.pos += 2;
        continue;
      }
      out += ch;
      this.pos++;
    }
  }

  /** Items up to `close`, separated by commas, a trailing comma allowed; reports whether a comma was seen. */
  sequence<T>(close: string, item: () => T): { items: T[]; comma: boolean } {
    const items: T[] = [];
    let comma = false;
    while (!this.eat(close)) {
      items.push(item());
      if (this.eat(',')) comma = true;
      else {
        this.expect(close);
        break;
      }
    }
    return { items, comma };
  }

  expression(): Expr {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.pos++;
      return { kind: c === '-' ? 'neg' : 'pos', operand: this.expression() };
    }
    if (c === '[') {
      this.pos++;
      return { kind: 'list', items: this.sequence(']', () => this.expression()).items };
    }
    if (c === '(') {
      this.pos++;
      const { items, comma } = this.sequence(')', () => this.expression());
      if (items.length === 1 && !comma) return items[0]!;
      return { kind: 'tuple', items };
    }
    if (c === '{') return this.braces();
    if (c === '"' || c === "'") return this.strings();
    if (/[0-9.]/.test(c)) {
      if (this.text.startsWith('...', this.pos)) {
        this.pos += 3;
        return { kind: 'literal', value: ELLIPSIS };
      }
      return { kind: 'literal', value: this.number() };
    }
    const start = this.pos;
    const id = this.identifier();
    if (id === undefined) throw syntaxError();
    if (/^[rRuUbB]{1,2}$/.test(id) && (this.text[this.pos] === '"' || this.text[this.pos] === "'")) {
      this.pos = start;
      return this.strings();
    }
    const constants: Record<string, Py> = this.json
      ? { true: true, false: false, null: null, NaN: float(Number.NaN), Infinity: float(Infinity) }
      : { True: true, False: false, None: null };
    if (id in constants) return { kind: 'literal', value: constants[id]! };
    if (this.json) throw syntaxError();
    const path = [id];
    while (this.peek() === '.') {
      this.pos++;
      const part = this.identifier();
      if (!part) throw syntaxError();
      path.push(part);
    }
    if (this.peek() === '(') {
      this.pos++;
      return this.callArguments(path);
    }
    return { kind: 'name', path };
  }

  /** Adjacent string literals concatenate, as in Python. */
  strings(): Expr {
    let value = this.string();
    while (/^\s*[rRuU]?['"]/.test(this.text.slice(this.pos))) {
      this.skipSpace();
      value += this.string();
    }
    return { kind: 'literal', value };
  }

  braces(): Expr {
    this.expect('{');
    if (this.eat('}')) return { kind: 'dict', entries: [] };
    const first = this.expression();
    if (this.eat(':')) {
      const entries: [Expr, Expr][] = [[first, this.expression()]];
      if (this.eat(',')) {
        entries.push(
          ...this.sequence('}', (): [Expr, Expr] => {
            const k = this.expression();
            this.expect(':');
            return [k, this.expression()];
          }).items,
        );
      } else this.expect('}');
      return { kind: 'dict', entries };
    }
    const items = [first];
    if (this.eat(',')) items.push(...this.sequence('}', () => this.expression()).items);
    else this.expect('}');
    return { kind: 'set', items };
  }

  callArguments(callee: string[]): Expr {
    const call: Extract<Expr, { kind: 'call' }> = { kind: 'call', callee, args: [], starArgs: [], kwargs: [], starKwargs: [] };
    this.sequence(')', () => {
      this.skipSpace();
      if (this.text.startsWith('**', this.pos)) {
        this.pos += 2;
        call.starKwargs.push(this.expression());
        return;
      }
      if (this.peek() === '*') {
        this.pos++;
        call.starArgs.push(this.expression());
        return;
      }
      const save = this.pos;
      const id = this.identifier();
      if (id !== undefined && this.peek() === '=' && this.text[this.pos + 1] !== '=') {
        this.pos++;
        call.kwargs.push([id, this.expression()]);
        return;
      }
      this.pos = save;
      // Python refuses a positional argument after a keyword one.
      if (call.kwargs.length > 0 || call.starKwargs.length > 0) throw syntaxError();
      call.args.push(this.expression());
    });
    return call;
  }
}

/** Reads one Python expression (a whole call string); a SyntaxError as `eval` gives it otherwise. */
export function parsePython(text: string): Expr {
  const reader = new Reader(text, false);
  const expr = reader.expression();
  if (reader.peek() !== '') throw syntaxError();
  return expr;
}

/** The value of an expression made only of literals (no names, no calls). */
export function literalValue(expr: Expr): Py {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'list':
      return expr.items.map(literalValue);
    case 'tuple':
      return new PyTuple(expr.items.map(literalValue));
    case 'set':
      return new PySet(expr.items.map(literalValue));
    case 'dict':
      return new PyDict(expr.entries.map(([k, v]) => [literalValue(k), literalValue(v)]));
    case 'neg':
      return neg(literalValue(expr.operand));
    case 'pos':
      return literalValue(expr.operand);
    default:
      throw syntaxError();
  }
}

/** JSON as Python's json.loads reads it: dicts in file order whatever their keys, "5.0" a float, "5" an int. */
export function parseJsonPy(text: string): Py {
  const reader = new Reader(text, true);
  const value = literalValue(reader.expression());
  if (reader.peek() !== '') throw new SyntaxError('Unexpected text after JSON value');
  return value;
}
