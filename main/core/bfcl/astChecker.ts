// BFCL's AST checker, ported rule for rule (upstream: bfcl_eval/eval_checker/ast_eval/ast_checker.py in ShishirPatil/gorilla), so that a score here is the score upstream would give:
// exact Python types with the int→float allowance, the "variable" rule, string normalisation, order-sensitive
// lists, one-level dicts, the "" marker, and greedy first-fit matching for parallel calls. Quirks are kept on
// purpose; agreement is proven against the upstream checker's own outputs (the conformance vectors).
import { javaConvert, jsConvert } from './converters.ts';
import { pyEq, pyIn, pyType, PyFloat, PyTuple, type PyType, type PyValue } from './pyValue.ts';

export type Language = 'python' | 'java' | 'javascript';

export interface FunctionDoc {
  name: string;
  parameters: { properties: Record<string, { type: string; items?: { type: string } }>; required?: string[] };
}

/** One call: {functionName: {param: value}}. */
export type ModelCall = Record<string, Record<string, PyValue>>;
/** One GT call: {functionName: {param: [acceptable values]}}. */
export type GtCall = Record<string, Record<string, PyValue[]>>;

export interface CheckResult {
  valid: boolean;
  /** Upstream's error type, e.g. "value_error:string"; null when valid. */
  errorType: string | null;
}

const PYTHON_TYPES: Record<string, PyType> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};
const JAVA_TYPES: Record<string, PyType | 'set'> = {
  byte: 'int',
  short: 'int',
  integer: 'int',
  long: 'int',
  float: 'float',
  double: 'float',
  boolean: 'bool',
  char: 'str',
  String: 'str',
  any: 'str',
  Array: 'list',
  ArrayList: 'list',
  Queue: 'list',
  Stack: 'list',
  HashMap: 'dict',
  Hashtable: 'dict',
  Set: 'set',
};
const JS_TYPES: Record<string, PyType> = {
  String: 'str',
  any: 'str',
  integer: 'int',
  Bigint: 'int',
  float: 'float',
  Boolean: 'bool',
  dict: 'dict',
  array: 'list',
};
const NESTED = new Set(['array', 'tuple', 'Array', 'ArrayList']);

const fail = (errorType: string): CheckResult => ({ valid: false, errorType });
const OK: CheckResult = { valid: true, errorType: null };

/** upstream standardize_string: drop space , . / - _ * ^, lower-case, ' → ". */
export function standardize(s: string): string {
  return s
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');
}

export function languageOf(category: string): Language {
  return category.includes('java') && !category.includes('javascript') ? 'java' : category.includes('javascript') ? 'javascript' : 'python';
}

function answerType(alternatives: PyValue[]): PyType | undefined {
  const first = alternatives.find((a) => !(typeof a === 'string' && a === ''));
  return first === undefined ? undefined : pyType(first);
}

interface TypeVerdict {
  valid: boolean;
  isVariable: boolean;
  errorType: string;
}

function typeCheck(value: PyValue, alternatives: PyValue[], expected: PyType | 'set', nested: PyType | 'set' | undefined): TypeVerdict {
  const paType = answerType(alternatives);
  const isVariable = paType !== undefined && paType !== expected;
  let errorType = 'type_error:simple';
  if (pyType(value) === expected) {
    if (nested === undefined) return { valid: true, isVariable, errorType };
    for (const alternative of alternatives) {
      let passes = true;
      if (Array.isArray(alternative)) {
        for (const item of value as PyValue[]) {
          if (!typeCheck(item, alternative, nested, undefined).valid) {
            passes = false;
            break;
          }
        }
      }
      if (passes) return { valid: true, isVariable, errorType };
    }
    errorType = 'type_error:nested';
  }
  // A value of the answer's own type is taken as a variable name written in its place.
  if (paType !== undefined && pyType(value) === paType) return { valid: errorType !== 'type_error:nested', isVariable: true, errorType };
  return { valid: false, isVariable: false, errorType: 'type_error:simple' };
}

function stringCheck(value: string, alternatives: PyValue[]): CheckResult {
  const candidates = alternatives.filter((a): a is string => typeof a === 'string').map(standardize);
  return candidates.includes(standardize(value)) ? OK : fail('value_error:string');
}

/** Python's list(x) of a GT alternative: a string iterates its characters; other non-lists have no items. */
function itemsOf(alternative: PyValue): PyValue[] {
  if (Array.isArray(alternative)) return alternative;
  if (alternative instanceof PyTuple) return alternative.items;
  if (typeof alternative === 'string') return [...alternative];
  return [];
}

function listCheck(value: PyValue[], alternatives: PyValue[]): CheckResult {
  const norm = (x: PyValue): PyValue => (typeof x === 'string' ? standardize(x) : x);
  const model = value.map(norm);
  return alternatives.some((alt) => pyEq(model, itemsOf(alt).map(norm))) ? OK : fail('value_error:list/tuple');
}

function dictCheck(value: Record<string, PyValue>, alternatives: PyValue[]): CheckResult {
  const norm = (x: PyValue): PyValue => (typeof x === 'string' ? standardize(x) : x);
  let result = fail('dict_checker:unclear');
  for (const alternative of alternatives) {
    if (alternative === '') continue;
    const answer = alternative as Record<string, PyValue[]>;
    result = fail('dict_checker:unclear');
    let passes = true;
    for (const [key, v] of Object.entries(value)) {
      if (!Object.hasOwn(answer, key)) {
        result = fail('value_error:dict_key');
        passes = false;
        break;
      }
      if (!pyIn(norm(v), itemsOf(answer[key]!).map(norm))) {
        result = fail('value_error:dict_value');
        passes = false;
        break;
      }
    }
    if (passes) {
      for (const [key, accepted] of Object.entries(answer)) {
        if (!Object.hasOwn(value, key) && !pyIn('', itemsOf(accepted))) {
          result = fail('value_error:dict_key');
          passes = false;
          break;
        }
      }
    }
    if (passes) return OK;
  }
  return result;
}

function listDictCheck(value: PyValue[], alternatives: PyValue[]): CheckResult {
  let result = fail('list_dict_checker:unclear');
  for (const alternative of alternatives) {
    const items = itemsOf(alternative);
    if (value.length !== items.length) {
      result = fail('value_error:list_dict_count');
      continue;
    }
    let passes = true;
    for (let i = 0; i < value.length; i++) {
      result = dictCheck(value[i] as Record<string, PyValue>, [items[i]!]);
      if (!result.valid) {
        passes = false;
        break;
      }
    }
    if (passes) return OK;
  }
  return result;
}

/** One call against one doc and its GT alternatives (upstream simple_function_checker). */
export function checkCall(doc: FunctionDoc, call: ModelCall, gt: GtCall, language: Language, underscoreToDot: boolean): CheckResult {
  const answer = Object.values(gt)[0]!;
  let name = doc.name;
  if (underscoreToDot && name.includes('.')) name = name.replace(/\./g, '_');
  if (!Object.hasOwn(call, name)) return fail('simple_function_checker:wrong_func_name');
  const args = call[name]!;
  const props = doc.parameters.properties;
  for (const required of doc.parameters.required ?? []) if (!Object.hasOwn(args, required)) return fail('simple_function_checker:missing_required');
  for (const [param, raw] of Object.entries(args)) {
    if (!Object.hasOwn(props, param) || !Object.hasOwn(answer, param)) return fail('simple_function_checker:unexpected_param');
    const declared = props[param]!.type;
    const nestedDeclared = NESTED.has(declared) ? props[param]!.items?.type : undefined;
    let value = raw;
    let expected: PyType | 'set';
    let nested: PyType | 'set' | undefined;
    if (language === 'java') {
      expected = JAVA_TYPES[declared]!;
      if (typeof value !== 'string') return fail('type_error:java');
      nested = nestedDeclared ? JAVA_TYPES[nestedDeclared] : undefined;
      value = javaConvert(value, declared, nestedDeclared);
    } else if (language === 'javascript') {
      expected = JS_TYPES[declared]!;
      if (typeof value !== 'string') return fail('type_error:js');
      nested = nestedDeclared ? JS_TYPES[nestedDeclared] : undefined;
      value = jsConvert(value, declared, nestedDeclared);
    } else {
      expected = PYTHON_TYPES[declared]!;
      nested = nestedDeclared ? PYTHON_TYPES[nestedDeclared] : undefined;
    }
    if (declared === 'tuple' && value instanceof PyTuple) value = value.items;
    if (language === 'python' && declared === 'float' && pyType(value) === 'int') value = new PyFloat(value as number);
    const alternatives = answer[param]!;
    const typed = typeCheck(value, alternatives, expected, nested);
    if (!typed.valid) return fail(typed.errorType);
    if (!typed.isVariable) {
      if (expected === 'dict') {
        const r = dictCheck(value as Record<string, PyValue>, alternatives);
        if (!r.valid) return r;
        continue;
      }
      if (expected === 'list' && nested === 'dict') {
        const r = listDictCheck(value as PyValue[], alternatives);
        if (!r.valid) return r;
        continue;
      }
      if (expected === 'str') {
        const r = stringCheck(value as string, alternatives);
        if (!r.valid) return r;
        continue;
      }
      if (expected === 'list') {
        const r = listCheck(value as PyValue[], alternatives);
        if (!r.valid) return r;
        continue;
      }
    }
    if (!pyIn(value, alternatives)) return fail('value_error:others');
  }
  for (const [param, alternatives] of Object.entries(answer)) {
    if (!Object.hasOwn(args, param) && !pyIn('', alternatives)) return fail('simple_function_checker:missing_optional');
  }
  return OK;
}

/** Whether a decoded output is in function-call format: a list of one-key dicts whose value is a dict. */
export function isCallList(output: unknown): output is ModelCall[] {
  return (
    Array.isArray(output) &&
    output.every(
      (c) =>
        c !== null &&
        typeof c === 'object' &&
        !Array.isArray(c) &&
        Object.keys(c).length === 1 &&
        typeof Object.values(c)[0] === 'object' &&
        Object.values(c)[0] !== null &&
        !Array.isArray(Object.values(c)[0]),
    )
  );
}

/** An entry's whole output against its GT (upstream ast_checker's dispatch by category). */
export function checkEntry(category: string, docs: FunctionDoc[], output: unknown, gt: GtCall[], options: { underscoreToDot: boolean }): CheckResult {
  if (!isCallList(output)) return fail('ast_decoder:decoder_wrong_output_format');
  const language = languageOf(category);
  const docFor = (name: string): FunctionDoc | undefined => docs.find((d) => d.name === name);
  if (category.includes('parallel')) {
    if (output.length !== gt.length) return fail('parallel_function_checker_no_order:wrong_count');
    const matched = new Set<number>();
    for (const expected of gt) {
      const doc = docFor(Object.keys(expected)[0]!);
      let found = false;
      for (let i = 0; i < output.length && doc; i++) {
        if (matched.has(i)) continue;
        if (checkCall(doc, output[i]!, expected, language, options.underscoreToDot).valid) {
          matched.add(i);
          found = true;
          break;
        }
      }
      if (!found) return fail('parallel_function_checker_no_order:cannot_find_match');
    }
    return OK;
  }
  if (category.includes('multiple')) {
    if (output.length !== gt.length) return fail('multiple_function_checker:wrong_count');
    const doc = docFor(Object.keys(gt[0]!)[0]!);
    return doc ? checkCall(doc, output[0]!, gt[0]!, language, options.underscoreToDot) : fail('simple_function_checker:wrong_func_name');
  }
  if (output.length !== 1) return fail('simple_function_checker:wrong_count');
  return checkCall(docs[0]!, output[0]!, gt[0]!, language, options.underscoreToDot);
}
