// Executes multi-turn call strings the way upstream's execute_multi_turn_func_call does: every name followed by "("
// that an involved class owns is prefixed with that instance's name (inside string arguments too), a few names are
// refused, the text is evaluated, and the answer becomes the string the checker compares: a str as it is, a dict
// through json.dumps (str() where that raises), anything else through str(), an exception as
// "Error during execution: …".
import {
  abs,
  float,
  isInt,
  iter,
  jsonDumps,
  len,
  num,
  PyDict,
  PyError,
  PySet,
  PyTuple,
  repr,
  sorted,
  str,
  toFloat,
  truthy,
  typeError,
  typeName,
  type Py,
} from './py.ts';
import { pyRound } from './pyNumeric.ts';
import { literalValue, parsePython, type Expr } from './pyParse.ts';
import { bind, type Simulator } from './simulator.ts';

const BLOCKED = new Set(['kill', 'exit', 'quit', 'remove', 'unlink', 'popen', 'Popen', 'run']);

/** The instances one side (model or ground truth) of one entry works on, by the names upstream gives them. */
export class InstanceSet {
  private readonly byName = new Map<string, Simulator>();
  private readonly owner = new Map<string, string>();

  constructor(
    readonly instances: Simulator[],
    /** upstream's `{model}_{entry id}` part of the instance names. */
    namePrefix: string,
  ) {
    for (const instance of instances) {
      const name = `${namePrefix}_${instance.className}_instance`.replace(/[-./:]/g, '_');
      this.byName.set(name, instance);
      for (const method of Object.keys(instance.methods)) this.owner.set(method, name);
    }
  }

  /** The call text with each owned method name prefixed by its instance. */
  rewrite(call: string): string {
    return call.replace(/(?<![\p{L}\p{N}\p{M}_])([a-zA-Z_][\p{L}\p{N}\p{M}_]*)\s*(?=\()/gu, (_m, name: string) => {
      const owner = this.owner.get(name);
      return owner ? `${owner}.${name}` : name;
    });
  }

  instance(name: string): Simulator | undefined {
    return this.byName.get(name);
  }
}

const BUILTINS: Record<string, (args: Py[]) => Py> = {
  len: ([x]) => len(x!),
  str: ([x]) => (x === undefined ? '' : str(x)),
  float: ([x]) => (x === undefined ? float(0) : toFloat(x)),
  int: ([x]) => {
    const n = num(x ?? 0);
    if (n !== undefined) return Math.trunc(n);
    if (typeof x === 'string' && /^\s*[+-]?\d+\s*$/.test(x)) return Number(x.trim());
    throw new PyError('ValueError', `invalid literal for int() with base 10: ${repr(x!)}`);
  },
  abs: ([x]) => abs(x!),
  round: ([x, n]) => (n !== undefined ? pyRound(x!, n) : isInt(x!) ? num(x!)! : num(pyRound(x!, 0))!),
  sorted: ([x]) => sorted(iter(x!)),
  list: ([x]) => (x === undefined ? [] : [...iter(x)]),
  bool: ([x]) => x !== undefined && truthy(x),
};

function nameError(name: string): PyError {
  return new PyError('NameError', `name '${name}' is not defined`);
}

function evaluate(expr: Expr, set: InstanceSet): Py {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'list':
      return expr.items.map((e) => evaluate(e, set));
    case 'tuple':
      return new PyTuple(expr.items.map((e) => evaluate(e, set)));
    case 'set':
      return new PySet(expr.items.map((e) => evaluate(e, set)));
    case 'dict':
      return new PyDict(expr.entries.map(([k, v]) => [evaluate(k, set), evaluate(v, set)]));
    case 'neg':
    case 'pos':
      return literalValue({ kind: expr.kind, operand: { kind: 'literal', value: evaluate(expr.operand, set) } });
    case 'name':
      throw nameError(expr.path[0]!);
    case 'call': {
      const args = [...expr.args.map((e) => evaluate(e, set)), ...expr.starArgs.flatMap((e) => iter(evaluate(e, set)))];
      const kwargs: [string, Py][] = expr.kwargs.map(([k, e]) => [k, evaluate(e, set)]);
      for (const starred of expr.starKwargs) {
        const mapping = evaluate(starred, set);
        if (!(mapping instanceof PyDict)) throw typeError(`argument after ** must be a mapping, not ${typeName(mapping)}`);
        for (const [k, v] of mapping.items()) {
          if (typeof k !== 'string') throw typeError('keywords must be strings');
          kwargs.push([k, v]);
        }
      }
      return callFunction(expr.callee, args, kwargs, set);
    }
  }
}

function callFunction(callee: string[], args: Py[], kwargs: [string, Py][], set: InstanceSet): Py {
  const [head, ...rest] = callee;
  const instance = set.instance(head!);
  if (instance) {
    if (rest.length !== 1) throw new PyError('AttributeError', `'${instance.className}' object has no attribute '${rest[0] ?? ''}'`);
    const m = instance.methods[rest[0]!];
    if (!m) throw new PyError('AttributeError', `'${instance.className}' object has no attribute '${rest[0]}'`);
    return m.run(...bind(`${instance.className}.${rest[0]}`, m, args, kwargs));
  }
  const builtin = rest.length === 0 ? BUILTINS[head!] : undefined;
  if (!builtin) throw nameError(head!);
  if (kwargs.length) throw typeError(`${head}() takes no keyword arguments`);
  return builtin(args);
}

/** The string upstream records for a call's return value. */
export function resultString(value: Py): string {
  if (typeof value === 'string') return value;
  if (value instanceof PyDict) {
    try {
      return jsonDumps(value);
    } catch (e) {
      if (e instanceof PyError) return repr(value);
      throw e;
    }
  }
  return str(value);
}

/** Executes one call string on the instances; never throws for what the call does. */
export function executeCall(call: string, set: InstanceSet): string {
  const text = set.rewrite(call);
  try {
    let name = text.includes('(') ? text.split('(')[0]! : text;
    if (name.includes('.')) name = name.split('.')[1]!;
    if (BLOCKED.has(name)) throw new PyError('Exception', `Function call ${name} is not allowed.`);
    return resultString(evaluate(parsePython(text), set));
  } catch (e) {
    if (e instanceof PyError) return `Error during execution: ${e.message}`;
    if (e instanceof RangeError) return `Error during execution: maximum recursion depth exceeded`;
    throw e;
  }
}

export function executeCalls(calls: readonly string[], set: InstanceSet): string[] {
  return calls.map((call) => executeCall(call, set));
}
