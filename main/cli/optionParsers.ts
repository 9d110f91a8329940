// Option values as the shell gives them (text), read into what commands take: numbers, counts, lists, instants, a
// JSON object. Each refuses a wrong value with commander's own error, in the user's language.
import type { SpeculationParam } from '../api/contract.ts';
import { invalidArgument } from './commanderErrors.ts';

export function parseJsonObject(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidArgument('json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidArgument('jsonObject');
  return parsed as Record<string, unknown>;
}

export function parseInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw invalidArgument('integer');
  return n;
}

/** A count of something (samples, steps, tokens, attempts at once): a whole number of at least 1. */
export function parseCount(value: string): number {
  const n = parseInteger(value);
  if (n < 1) throw invalidArgument('atLeastOne');
  return n;
}

/** Seconds given as a whole number, as milliseconds. */
export function parseSeconds(value: string): number {
  return parseCount(value) * 1000;
}

/** off, input-lookup, or draft:MODEL (a registered model or a .gguf file). */
export function parseSpeculation(value: string): SpeculationParam {
  if (value === 'off' || value === 'input-lookup') return value;
  if (/^draft:.+/.test(value)) return value as `draft:${string}`;
  throw invalidArgument('speculation');
}

export function parseList(value: string): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw invalidArgument('list');
  return items;
}

export function parseInstant(value: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw invalidArgument('instant');
  return d;
}
