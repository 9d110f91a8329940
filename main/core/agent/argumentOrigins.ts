// Where each argument of a call came from, as far as the engine can tell: the user's words, or a field of a row an
// earlier result showed the model. The chat's call card shows it so an analyst can follow a value through a chain
// ("법정동코드 ← r1 · 법정동코드"). A value that merely equals some earlier field (a month 01 that is also a row's
// kind code) is no origin: a result counts only where the field holds the parameter's kind of value and no other
// field of that result holds the same value. A value found nowhere, or only ambiguously, gets no origin: the model
// chose it, and the card says so.
import type { Item } from '../gateway/callResult.ts';
import { normaliseText } from '../text/koreanText.ts';

export type ArgumentOrigin = { from: 'question' } | { from: 'result'; handle: string; field: string };

/** A result the model saw before the call: its handle, the rows it was shown, and its fields' value kinds. */
export interface SeenResult {
  handle: string;
  rows: Item[];
  /** A field's value kind (x-semantic of the tool's response), if it has one. */
  kindOf: (field: string) => string | undefined;
}

function sameScalar(value: string, candidate: unknown): boolean {
  if (candidate === null || candidate === undefined || typeof candidate === 'object') return false;
  const text = String(candidate).trim();
  if (text === '') return false;
  if (text === value) return true;
  // A code the API returns as a number (or zero-padded) is the same value the model passes as text.
  return /^\d+$/.test(value) && /^\d+$/.test(text) && Number(value) === Number(text);
}

/** The fields of these rows holding the value. */
function fieldsHolding(value: string, rows: Item[]): Set<string> {
  const fields = new Set<string>();
  for (const row of rows) for (const [field, candidate] of Object.entries(row)) if (sameScalar(value, candidate)) fields.add(field);
  return fields;
}

/**
 * The origin of each top-level scalar argument: the question where it says the value; else the newest result whose
 * one field holding it is of the parameter's kind (`kindOf(param)`; a parameter without a kind takes a field of its
 * own name only).
 */
export function argumentOrigins(
  args: Record<string, unknown>,
  question: string,
  earlier: SeenResult[],
  kindOf: (param: string) => string | undefined,
): Record<string, ArgumentOrigin> {
  const asked = normaliseText(question);
  const origins: Record<string, ArgumentOrigin> = {};
  for (const [param, raw] of Object.entries(args)) {
    if (raw === null || typeof raw === 'object') continue;
    const value = String(raw).trim();
    // One character (a page number, a count of 1) turns up everywhere and tells nothing.
    if (value.length < 2) continue;
    if (asked.includes(normaliseText(value))) {
      origins[param] = { from: 'question' };
      continue;
    }
    const kind = kindOf(param);
    const fits = (result: SeenResult, field: string): boolean =>
      kind === undefined ? field.toLowerCase() === param.toLowerCase() : result.kindOf(field) === kind;
    for (const result of [...earlier].reverse()) {
      const holding = fieldsHolding(value, result.rows);
      if (holding.size === 0) continue;
      const fitting = [...holding].filter((field) => fits(result, field));
      if (fitting.length === 1 && holding.size === 1) origins[param] = { from: 'result', handle: result.handle, field: fitting[0]! };
      break;
    }
  }
  return origins;
}
