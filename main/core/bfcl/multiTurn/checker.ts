// BFCL's multi_turn_checker: both sides' calls are executed turn by turn on their own instances (model first), and
// each turn whose ground truth is not empty must leave every involved instance in the ground truth's state
// (public attributes, Python ==) and must have produced, somewhere in all the model's results so far, each of the
// ground truth's results of that turn (a multiset, exact strings).
import { pyEquals, type Py } from './py.ts';
import { executeCalls, InstanceSet } from './executor.ts';
import { createInstances, type MultiTurnEntry } from './entry.ts';
import type { BackendConstants } from './simulator.ts';

export type MultiTurnErrorType =
  | 'multi_turn:empty_turn_model_response'
  | 'multi_turn:instance_state_mismatch'
  | 'multi_turn:execution_response_mismatch'
  | 'multi_turn:force_terminated'
  | 'multi_turn:inference_error';

export interface MultiTurnVerdict {
  valid: boolean;
  errorType?: MultiTurnErrorType;
  errorMessage?: string;
  /** The turn that failed. */
  turn?: number;
  /** For a state mismatch: the class and the attributes that differ. */
  className?: string;
  differingAttributes?: string[];
  /** For a response mismatch: the ground truth's results the model never produced. */
  missingItems?: string[];
}

/** Upstream's is_empty_execute_response: no step, or one step without calls. */
const isEmptyTurn = (steps: readonly (readonly string[])[]): boolean => steps.length === 0 || (steps.length === 1 && steps[0]!.length === 0);

/** Removes one occurrence of each expected item from the actual results; what cannot be found is missing. */
export function missingFromMultiset(expected: readonly string[], actual: readonly string[]): string[] {
  const pool = new Map<string, number>();
  for (const a of actual) pool.set(a, (pool.get(a) ?? 0) + 1);
  const missing: string[] = [];
  for (const item of expected) {
    const left = pool.get(item) ?? 0;
    if (left > 0) pool.set(item, left - 1);
    else missing.push(item);
  }
  return missing;
}

/**
 * Scores one entry. `modelOutput` is [turn][step][call string], as BFCL decodes a model's result; `groundTruth`
 * is [turn][call string].
 */
export function checkMultiTurn(
  entry: MultiTurnEntry,
  modelOutput: readonly (readonly (readonly string[])[])[],
  groundTruth: readonly (readonly string[])[],
  constants: BackendConstants,
  modelName = 'kopa',
): MultiTurnVerdict {
  if (modelOutput.length !== groundTruth.length) {
    return {
      valid: false,
      errorType: 'multi_turn:force_terminated',
      errorMessage: `Model was force-terminated during inference: ${modelOutput.length} turns for ${groundTruth.length}.`,
    };
  }
  const model = new InstanceSet(createInstances(entry, constants), `${modelName}_eval_${entry.id}`);
  const truth = new InstanceSet(createInstances(entry, constants), `${modelName}_ground_truth_eval_${entry.id}`);
  const allModelResults: string[] = [];
  for (let turn = 0; turn < groundTruth.length; turn++) {
    const steps = modelOutput[turn]!;
    for (const step of steps) allModelResults.push(...executeCalls(step, model));
    const expected = executeCalls(groundTruth[turn]!, truth);
    if (groundTruth[turn]!.length === 0) continue;
    if (isEmptyTurn(steps))
      return { valid: false, errorType: 'multi_turn:empty_turn_model_response', errorMessage: `Model response list is empty for turn ${turn}`, turn };
    for (let i = 0; i < truth.instances.length; i++) {
      const want = truth.instances[i]!;
      const got = new Map<string, Py>(model.instances[i]!.publicState());
      const differing = want
        .publicState()
        .filter(([name, value]) => !pyEquals(got.get(name)!, value))
        .map(([name]) => name);
      if (differing.length) {
        return {
          valid: false,
          errorType: 'multi_turn:instance_state_mismatch',
          errorMessage: `Model instance for ${want.className} does not match the state with ground truth instance.`,
          turn,
          className: want.className,
          differingAttributes: differing,
        };
      }
    }
    const missing = missingFromMultiset(expected, allModelResults);
    if (missing.length) {
      return {
        valid: false,
        errorType: 'multi_turn:execution_response_mismatch',
        errorMessage: `Model response execution results so far does not contain all the ground truth response execution results for turn ${turn}.`,
        turn,
        missingItems: missing,
      };
    }
  }
  return { valid: true };
}
