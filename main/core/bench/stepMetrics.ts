// Step metrics of an attempt against the reference trace: which tools it used (precision, recall, F1 over the
// sets of tools), whether its arguments matched the reference's, and where each argument value came from, the
// user's request, an earlier tool output, or nowhere (invented), which is what separates a model that chains
// from one that guesses.
import { canonicalJson } from '../canonicalJson.ts';
import type { TraceStep } from '../plan/types.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { normaliseText } from '../text/koreanText.ts';
import type { AttemptCall } from './attempt.ts';
import { SeenValues } from './seenValues.ts';
import type { Provenance, StepMetrics } from './types.ts';

export interface MetricContext {
  query: string;
  /**
   * Arguments that say how to call rather than what to ask (paging, enumerated options): not scored. For the query
   * tool's conditions, `tool` is the queried API and `param` is "where.FIELD", with the condition's value.
   */
  incidental: (tool: string, param: string, value?: unknown) => boolean;
  /** How the request would state this value, if a user would (mentions.ts), e.g. "오늘" for today's date. */
  mention: (tool: string, param: string, value: unknown) => string | undefined;
}

/** A scored argument value of a call: its parameter (or "where.FIELD" of a query condition) and the tool it is for. */
interface ScoredValue {
  tool: string;
  param: string;
  value: unknown;
}

/**
 * The values of a call that say what is asked. A query-tool call is scored by its handle and the values of its
 * conditions (the fields, operators, order and limit are how it asks); a condition is scored as a value of the API
 * whose rows it filters.
 */
function scoredValues(call: AttemptCall, sourceOf: (handle: string) => string | undefined, ctx: MetricContext): ScoredValue[] {
  if (call.tool !== QUERY_TOOL) {
    const scored: ScoredValue[] = [];
    for (const param in call.arguments) {
      if (ctx.incidental(call.tool, param)) continue;
      const value = call.arguments[param];
      if (Array.isArray(value)) for (const leaf of leaves(value)) scored.push({ tool: call.tool, param, value: leaf });
      else scored.push({ tool: call.tool, param, value });
    }
    return scored;
  }
  const handle = String(call.arguments.result ?? '');
  const source = sourceOf(handle) ?? QUERY_TOOL;
  const where = Array.isArray(call.arguments.where) ? (call.arguments.where as { field?: unknown; value?: unknown }[]) : [];
  return [
    { tool: QUERY_TOOL, param: 'result', value: handle },
    ...where
      .filter((c) => c.value !== undefined && c.value !== null && c.value !== '')
      .map((c) => ({ tool: source, param: `where.${String(c.field)}`, value: c.value }))
      .filter((v) => !ctx.incidental(v.tool, v.param, v.value)),
  ];
}

const leaves = (value: unknown): unknown[] => (Array.isArray(value) ? value.flatMap(leaves) : [value]);

function collectValues(value: unknown, into: SeenValues): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) for (const v of value) collectValues(v, into);
  else if (typeof value === 'object') for (const key in value) collectValues((value as Record<string, unknown>)[key], into);
  else into.add(String(value));
}

/**
 * Whether a code is earlier codes written one after another (a PNU is 시군구 + 법정동 + 산 + 본번 + 부번): parts of
 * three or more digits, with at most one shorter part, so that no made-up number passes as a string of digits.
 */
function isConcatenation(value: string, seen: SeenValues): boolean {
  if (!/^\d{6,}$/.test(value)) return false;
  // best[i]: fewest short parts needed to write value[0, i), or Infinity.
  const best = new Array<number>(value.length + 1).fill(Infinity);
  best[0] = 0;
  for (let i = 0; i < value.length; i++) {
    if (best[i] === Infinity) continue;
    for (let j = i + 1; j <= value.length && j - i < value.length; j++) {
      if (!seen.has(value.slice(i, j))) continue;
      best[j] = Math.min(best[j]!, best[i]! + (j - i < 3 ? 1 : 0));
    }
  }
  return best[value.length]! <= 1;
}

/** Whether a value can be read off an earlier output: as it is, zero-padded, as a code's leading or trailing part, or joined from codes. */
function fromOutput(value: string, seen: SeenValues): boolean {
  if (seen.has(value)) return true;
  const number = Number(value);
  if (/^\d+$/.test(value) && seen.has(String(number))) return true;
  if (seen.isCodePart(value)) return true;
  if (value.includes('.') && seen.hasNumberNear(number)) return true;
  return isConcatenation(value, seen);
}

/** A phrase whose every word the request or an earlier output has ("서울특별시 마포구 " & a deal's 법정동 name). */
function composed(text: string, query: string, seen: SeenValues): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return false;
  return words.every((w) => seen.hasWord(w) || query.includes(normaliseText(w)));
}

/** Where a value came from; `query` is the request normalised (once per attempt: it is long, and values are many). */
function provenanceOf(value: unknown, tool: string, param: string, seen: SeenValues, ctx: MetricContext, query: string): Provenance {
  const text = String(value).trim();
  const mention = ctx.mention(tool, param, value);
  if ((text !== '' && query.includes(normaliseText(text))) || (mention !== undefined && query.includes(normaliseText(mention)))) return 'user';
  if (fromOutput(text, seen) || composed(text, query, seen)) return 'tool';
  return 'invented';
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (Number.isFinite(x) && Number.isFinite(y)) return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(y));
  }
  const la = leaves(a).map((v) => normaliseText(String(v)));
  const lb = leaves(b).map((v) => normaliseText(String(v)));
  return la.length === lb.length && la.every((v, i) => v === lb[i]);
}

/** Where an attempt's argument values came from: the same against every trajectory, so it can be computed once. */
export interface CallProvenance {
  provenance: Record<Provenance, number>;
  invented: string[];
}

export function callProvenance(calls: AttemptCall[], ctx: MetricContext): CallProvenance {
  const provenance: Record<Provenance, number> = { user: 0, tool: 0, invented: 0 };
  const invented: string[] = [];
  // What the model could read: the rows each result view showed it, and the result's handle.
  const seen = new SeenValues();
  const query = normaliseText(ctx.query);
  const sources = new Map<string, string>();
  const sourceOf = (handle: string): string | undefined => sources.get(handle);
  for (const call of calls) {
    for (const { tool, param, value } of scoredValues(call, sourceOf, ctx)) {
      const p = provenanceOf(value, tool, param, seen, ctx, query);
      provenance[p]++;
      if (p === 'invented') invented.push(`${call.tool}.${param}=${String(value)}`);
    }
    if (call.ok) {
      collectValues(call.shown ?? call.items, seen);
      if (call.handle) {
        seen.add(call.handle);
        sources.set(call.handle, call.tool === QUERY_TOOL ? (sourceOf(String(call.arguments.result)) ?? QUERY_TOOL) : call.tool);
      }
    }
  }
  return { provenance, invented };
}

/** The metrics of calls against one trajectory; `known` is their provenance when the caller has it already. */
export function stepMetrics(calls: AttemptCall[], reference: TraceStep[], ctx: MetricContext, known?: CallProvenance): StepMetrics {
  const used = new Set(calls.map((c) => c.tool));
  const needed = new Set(reference.map((s) => s.tool));
  const hits = [...used].filter((t) => needed.has(t)).length;
  const toolPrecision = used.size ? hits / used.size : needed.size ? 0 : 1;
  const toolRecall = needed.size ? hits / needed.size : 1;
  const toolF1 = toolPrecision + toolRecall ? (2 * toolPrecision * toolRecall) / (toolPrecision + toolRecall) : 0;

  // Each reference step is matched, in order, with the agent's first successful call of that tool not matched yet.
  const taken = new Set<number>();
  let argsTotal = 0;
  let argsRight = 0;
  for (const step of reference) {
    const candidates = calls.map((c, i) => ({ c, i })).filter(({ c, i }) => c.tool === step.tool && !taken.has(i));
    const match = candidates.find(({ c }) => c.ok) ?? candidates[0];
    if (match) taken.add(match.i);
    if (step.tool === QUERY_TOOL) {
      // Many queries find the same rows (a sort and a limit, or an aggregate); the right one finds the reference's.
      argsTotal++;
      if (match?.c.ok && canonicalJson(match.c.items) === canonicalJson(step.items)) argsRight++;
      continue;
    }
    for (const [param, value] of Object.entries(step.args)) {
      if (ctx.incidental(step.tool, param)) continue;
      argsTotal++;
      if (match && param in match.c.arguments && sameValue(match.c.arguments[param], value)) argsRight++;
    }
  }

  // Walked from the end, so each injected failure asks only whether its tool succeeded at some later call.
  let faultsMet = 0;
  let faultsRecovered = 0;
  const succeededLater = new Set<string>();
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    if (call.injected) {
      faultsMet++;
      if (succeededLater.has(call.tool)) faultsRecovered++;
    }
    if (call.ok) succeededLater.add(call.tool);
  }

  return {
    toolPrecision,
    toolRecall,
    toolF1,
    argumentAccuracy: argsTotal ? argsRight / argsTotal : 1,
    ...(known ?? callProvenance(calls, ctx)),
    stepsUsed: calls.length,
    stepsNeeded: reference.length,
    faultsMet,
    faultsRecovered,
  };
}
