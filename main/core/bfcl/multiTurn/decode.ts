// A multi-turn result as BFCL's checker reads it: [turn][step], each step the model's output at that step. A step
// of function calls ({name: arguments JSON}) becomes call strings the way BFCL's FC decoding writes them
// (`name(k=repr(v),…)`, keyword arguments in the model's order, values in Python repr); a step of text or one that
// does not decode is dropped, as upstream drops steps that decode to nothing.
import { PyDict, repr } from './py.ts';
import { parseJsonPy } from './pyParse.ts';

/** `convert_to_function_call` for one call whose arguments are the JSON text the model wrote. */
export function fcCallString(name: string, argumentsJson: string): string {
  const args = parseJsonPy(argumentsJson);
  if (!(args instanceof PyDict)) throw new SyntaxError(`the arguments of ${name} are not a JSON object`);
  return `${name}(${args
    .items()
    .map(([k, v]) => `${String(k)}=${repr(v)}`)
    .join(',')})`;
}

/** One stored step's call strings; [] for text or anything that does not decode. */
export function decodeStep(step: unknown): string[] {
  if (!Array.isArray(step)) return [];
  try {
    return step.map((call) => {
      if (call === null || typeof call !== 'object' || Array.isArray(call)) throw new SyntaxError('not a call');
      const [name, args] = Object.entries(call as Record<string, unknown>)[0] ?? [];
      if (!name) throw new SyntaxError('not a call');
      return fcCallString(name, typeof args === 'string' ? args : JSON.stringify(args ?? {}));
    });
  } catch {
    return [];
  }
}

/** A stored result as [turn][step][call string], undecodable and empty steps dropped; undefined if it is not a list of turns. */
export function decodeMultiTurnResult(result: unknown): string[][][] | undefined {
  if (!Array.isArray(result) || !result.every(Array.isArray)) return undefined;
  return (result as unknown[][]).map((turn) => turn.map(decodeStep).filter((calls) => calls.length > 0));
}
