// Where each argument of a call came from, as far as the engine can tell: the user's words, or a field of a row an
// earlier result showed the model. The chat's call card shows it so an analyst can follow a value through a chain
// ("법정동코드 ← r1 · 법정동코드"); a value found nowhere is left without an origin rather than guessed.
import type { Item } from '../gateway/callResult.ts';
import { normaliseText } from '../bench/koreanText.ts';

export type ArgumentOrigin = { from: 'question' } | { from: 'result'; handle: string; field: string };

/** A result the model saw before the call: its handle and the rows it was shown. */
export interface SeenResult {
  handle: string;
  rows: Item[];
}

function sameScalar(value: string, candidate: unknown): boolean {
  if (candidate === null || candidate === undefined || typeof candidate === 'object') return false;
  const text = String(candidate).trim();
  if (text === '') return false;
  if (text === value) return true;
  // A code the API returns as a number (or zero-padded) is the same value the model passes as text.
  return /^\d+$/.test(value) && /^\d+$/.test(text) && Number(value) === Number(text);
}

function fieldHolding(value: string, rows: Item[]): string | undefined {
  for (const row of rows) {
    for (const [field, candidate] of Object.entries(row)) if (sameScalar(value, candidate)) return field;
  }
  return undefined;
}

/** The origin of each top-level scalar argument; the newest result that holds a value wins, the question first. */
export function argumentOrigins(args: Record<string, unknown>, question: string, earlier: SeenResult[]): Record<string, ArgumentOrigin> {
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
    for (const result of [...earlier].reverse()) {
      const field = fieldHolding(value, result.rows);
      if (field !== undefined) {
        origins[param] = { from: 'result', handle: result.handle, field };
        break;
      }
    }
  }
  return origins;
}
