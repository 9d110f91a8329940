// Agreement with upstream on the multi-turn conformance vectors (shared/bfcl/conformance/MULTI_TURN.md): each
// ground-truth execution line is replayed turn by turn (every result string, every instance's state in the
// vectors' typed JSON), and every model-output line is scored and its verdict compared with upstream's.
import { checkMultiTurn } from './checker.ts';
import { createInstances, type MultiTurnEntry } from './entry.ts';
import { executeCalls, InstanceSet } from './executor.ts';
import { isPyObject, PyDict, PyFloat, PySet, PyTuple, sorted, typeName, type Py } from './py.ts';
import type { BackendConstants, Simulator } from './simulator.ts';

/** A state value the way the vectors write it: non-str-keyed dicts, sets and tuples spelled out. */
export function typedState(v: Py): Py {
  if (Array.isArray(v)) return v.map(typedState);
  if (v instanceof PyTuple) return PyDict.of({ __tuple__: v.items.map(typedState) });
  if (v instanceof PySet) return PyDict.of({ __set__: sorted(v.values()).map(typedState) });
  if (v instanceof PyDict) {
    if (v.keys().every((k) => typeof k === 'string')) return new PyDict(v.items().map(([k, x]) => [k, typedState(x)]));
    return PyDict.of({ __dict__: v.items().map(([k, x]) => [typedState(k), typedState(x)]) });
  }
  if (isPyObject(v) && 'typedState' in v) return (v as unknown as { typedState(encode: (x: Py) => Py): Py }).typedState(typedState);
  return v;
}

/** Equality with types kept (1 ≠ 1.0 ≠ True), dict key order ignored. */
export function typedEquals(a: Py, b: Py): boolean {
  if (typeName(a) !== typeName(b)) return false;
  if (a instanceof PyFloat) return Object.is(a.value, (b as PyFloat).value) || a.value === (b as PyFloat).value;
  if (Array.isArray(a)) return a.length === (b as Py[]).length && a.every((x, i) => typedEquals(x, (b as Py[])[i]!));
  if (a instanceof PyDict) {
    const d = b as PyDict;
    return a.size === d.size && a.items().every(([k, x]) => d.has(k) && typedEquals(x, d.get(k)!));
  }
  return a === b;
}

export function stateOf(instances: readonly Simulator[]): PyDict {
  return new PyDict(instances.map((i) => [i.className, typedState(new PyDict(i.publicState()))]));
}

export interface MultiTurnDisagreement {
  line: number;
  id: string;
  kind: string;
  what: string;
}

export interface VectorContext {
  entry(id: string): MultiTurnEntry | undefined;
  groundTruth(id: string): string[][] | undefined;
  constants: BackendConstants;
}

export interface VectorDisagreement {
  detail: string;
  /** The port's verdict, for a model-output line. */
  got?: { valid: boolean; errorType: string | null };
}

/** Checks one vector line; undefined when it agrees. */
export function checkVector(vector: PyDict, context: VectorContext): VectorDisagreement | undefined {
  const detail = vectorDetail(vector, context);
  return typeof detail === 'string' ? { detail } : detail;
}

function vectorDetail(vector: PyDict, context: VectorContext): string | VectorDisagreement | undefined {
  const id = String(vector.item('id'));
  const kind = String(vector.item('kind'));
  const entry = context.entry(id);
  const truth = context.groundTruth(id);
  if (!entry || !truth) return `entry ${id} is not in the data folder`;
  if (kind === 'gt_execution') {
    const instances = createInstances(entry, context.constants);
    if (!typedEquals(stateOf(instances), vector.item('initial_state'))) return 'initial state differs';
    const set = new InstanceSet(instances, `kopa_ground_truth_eval_${id}`);
    for (const turn of vector.item('turns') as PyDict[]) {
      const n = turn.item('turn');
      const results = executeCalls((turn.item('calls') as Py[]).map(String), set);
      const want = turn.item('results') as Py[];
      const at = results.findIndex((r, i) => r !== want[i]);
      if (at >= 0) return `turn ${String(n)} call ${at}: got ${JSON.stringify(results[at])}, upstream ${JSON.stringify(want[at])}`;
      const state = stateOf(instances);
      const expected = turn.item('state') as PyDict;
      for (const [cls, value] of expected.items()) {
        if (!typedEquals(state.get(cls)!, value)) return `turn ${String(n)}: state of ${String(cls)} differs`;
      }
    }
    return undefined;
  }
  const output = (vector.item('model_output') as Py[][][]).map((turn) => turn.map((step) => step.map(String)));
  const expected = vector.item('expected') as PyDict;
  const got = checkMultiTurn(entry, output, truth, context.constants);
  const wantType = expected.item('error_type');
  if (got.valid !== expected.item('valid') || (!got.valid && got.errorType !== wantType)) {
    return {
      got: { valid: got.valid, errorType: got.errorType ?? null },
      detail: `expected ${expected.item('valid') ? 'valid' : String(wantType)}, got ${got.valid ? 'valid' : `${got.errorType}${got.missingItems ? ` missing ${JSON.stringify(got.missingItems)}` : ''}${got.differingAttributes ? ` ${got.className}: ${got.differingAttributes.join(', ')}` : ''}`}`,
    };
  }
  return undefined;
}
