// Whether an answer was obtained in this attempt rather than remembered or guessed. The emulator's world is
// deterministic, so a model trained on it could learn the answers; only an answer the attempt's own calls
// support earns outcome credit in a reward, and a bench pass without support is counted apart.
//   A value the results hold (a price, a name, a count the API reports) is grounded when a result of the attempt's
//   own successful calls holds it in the same tool's same field — the query tool's rows included, so a maximum it
//   computed counts.
//   A value no result holds (a count of rows, a difference, a rounded mean) is grounded when the attempt fetched
//   the reference's evidence: every tool of the trajectory, with most of its arguments (FETCHED_ARGUMENTS). So is
//   any value, looked up or not, once that evidence was fetched.
import type { TraceStep } from '../plan/types.ts';
import type { AttemptCall } from './attempt.ts';
import { fieldNames } from '../plan/expressions.ts';
import { valueKey } from './competitors.ts';

const scalarMembers = (expected: unknown): unknown[] =>
  (Array.isArray(expected) ? expected : [expected]).filter((v) => typeof v === 'string' || typeof v === 'number');

type Result = { tool: string; items: Record<string, unknown>[]; totalCount?: number | null };

/** Where results hold a value: for each tool, its row fields (and "totalCount", the count the API reported) that do. */
type Places = Map<string, Set<string>>;

/** Only the places `wanted` keeps are looked at (an attempt's results are many, the reference's places few). */
function placesOf(results: Result[], key: string, wanted: (tool: string, field: string) => boolean): Places {
  const out: Places = new Map();
  const hold = (tool: string, field: string): void => {
    const fields = out.get(tool);
    if (fields) fields.add(field);
    else out.set(tool, new Set([field]));
  };
  for (const r of results) {
    if (r.totalCount !== undefined && r.totalCount !== null && wanted(r.tool, 'totalCount') && valueKey(r.totalCount) === key) hold(r.tool, 'totalCount');
    for (const row of r.items)
      for (const [field, v] of Object.entries(row))
        if ((typeof v === 'string' || typeof v === 'number') && wanted(r.tool, field) && valueKey(v) === key) hold(r.tool, field);
  }
  return out;
}

/**
 * The share of the trajectory's arguments an attempt must have passed equal to have fetched its evidence: most of
 * them (a query step may ask the same rows another way), never none (every tool called with no arguments).
 */
export const FETCHED_ARGUMENTS = 0.75;

export interface GroundingInput {
  expected: unknown;
  calls: AttemptCall[];
  /** The reference trajectory and its alternatives, as the attempt could have seen them. */
  trajectories: TraceStep[][];
  /** Whether the attempt's calls were the trajectory's: all its tools, most arguments equal, no invented value (step metrics). */
  reproduced: boolean;
  /** A refusal: supported by the evidence the reference gathered, or by none where no tool can answer. */
  declining: boolean;
  /** The answer expression: the value counts only in the fields it reads (s2.totalCount, not a row's number 2). */
  expr: string;
}

export function isGrounded(input: GroundingInput): boolean {
  const own = input.calls.filter((c) => c.ok);
  // A call that asked nothing (every tool sprayed with no arguments) may return the value by chance: it found nothing.
  const asked = own.filter((c) => Object.keys(c.arguments).length > 0);
  const steps = input.trajectories.flat().filter((s) => s.ok);
  const needsCalls = input.trajectories.every((t) => t.length > 0);
  const members = input.declining ? [] : scalarMembers(input.expected);
  // The evidence fetched: every tool of some trajectory answered one of the attempt's own calls.
  const fetched = input.reproduced && input.trajectories.some((t) => t.every((step) => !step.ok || own.some((c) => c.tool === step.tool)));
  // A refusal where no tool can answer stands on its own; calls that failed on the way show a guess, not a check.
  if (members.length === 0) return needsCalls ? fetched : input.calls.every((c) => c.ok);
  return members.every((m) => {
    const key = valueKey(m);
    const read = fieldNames(input.expr);
    const reference = placesOf(steps, key, (_, field) => read.has(field));
    // Computed (a count of rows, a difference): no result holds it, the evidence must have been fetched.
    if (reference.size === 0) return fetched;
    // Looked up: a result of this attempt holds it where the reference's does (the same tool's field, not a 2 that
    // happens to be some other row's number). A computed value that some row of a read field also holds by chance (a
    // difference of 19 beside a reading of 19) is supported as any computed value is, by the evidence fetched.
    return fetched || placesOf(asked, key, (tool, field) => reference.get(tool)?.has(field) === true).size > 0;
  });
}
