// Quality gates of synthesis, each counted in the run summary: the request states every value the user must
// supply; no value an earlier step produced (a code, an id) leaks into it; the answer exists and follows from
// the trace and is no count of nothing; the sample is not a duplicate of one already kept.
import { leakedValues } from '../plan/leaks.ts';
import { bigramSimilarity, bigrams } from '../text/similarity.ts';
import type { Walk } from './types.ts';
import { isStatedKind } from './valueKinds.ts';

export const gateNames = ['stated', 'noLeak', 'answer', 'duplicate'] as const;
export type GateName = (typeof gateNames)[number];

export type GateVerdict = { ok: true } | { ok: false; gate: GateName; detail: string };

/** Mentions the request does not contain. */
export function unstated(walk: Walk, query: string): string[] {
  return walk.steps.flatMap((s) => s.mentions.filter((m) => !query.includes(m.text)).map((m) => `${s.id}.${m.param} (${m.text})`));
}

/**
 * Values carried between steps that appear in the request. With `tagOf`, a carried value of a kind a person states
 * themselves (a station's name, often its district's) is no leak.
 */
export function leaked(walk: Walk, query: string, tagOf?: (tool: string, param: string) => string | undefined): string[] {
  const stated = new Set(walk.steps.flatMap((s) => s.mentions.flatMap((m) => [m.value].flat().map(String))));
  return leakedValues(walk.plan, walk.trace.steps, stated, query, tagOf ? (tool, param) => isStatedKind(tagOf(tool, param) ?? '') : undefined);
}

/**
 * Why a count answers nothing: "how many cafés …?" → 0 comes from a condition no row meets, most often a value the
 * service writes otherwise (카페 where it says 커피전문점). Such a sample teaches a model to say "none" without
 * reading the rows, and cannot tell a model that filtered well from one that did not filter at all.
 */
export function countsNothing(walk: Pick<Walk, 'answer' | 'trace'>): string | undefined {
  if (walk.answer.kind !== 'count' || !walk.trace.ok) return undefined;
  return Number(walk.trace.answer) === 0 ? 'a count of 0: no row meets what the request asks' : undefined;
}

export interface SeenRequests {
  /** Requests kept so far, by plan signature. */
  bySignature: Map<string, Set<string>[]>;
}

/** The plan's shape: tools in order, the links between them, how rows are picked, and what is asked. */
export function planSignature(walk: Walk): string {
  const steps = walk.steps.map(
    (s) => `${s.tool}(${s.inputs.map((i) => `${i.from}:${i.edgeId}:${i.selection.kind}${i.selection.field ? `/${i.selection.field}` : ''}`).join(',')})`,
  );
  const a = walk.answer;
  return `${steps.join('>')}=>${a.kind}:${a.field ?? ''}:${a.selection.kind}${a.selection.field ? `/${a.selection.field}` : ''}`;
}

/** Whether a request with this signature is too close to one already kept (bigram similarity ≥ threshold). */
export function isDuplicate(seen: SeenRequests, signature: string, query: string, threshold = 0.9): boolean {
  const grams = bigrams(query);
  return (seen.bySignature.get(signature) ?? []).some((other) => bigramSimilarity(grams, other) >= threshold);
}

export function remember(seen: SeenRequests, signature: string, query: string): void {
  const list = seen.bySignature.get(signature) ?? [];
  list.push(bigrams(query));
  seen.bySignature.set(signature, list);
}

export function checkGates(walk: Walk, query: string, seen: SeenRequests, signature: string): GateVerdict {
  const missing = unstated(walk, query);
  if (missing.length > 0) return { ok: false, gate: 'stated', detail: `the request does not state ${missing.join(', ')}` };
  const leaks = leaked(walk, query);
  if (leaks.length > 0) return { ok: false, gate: 'noLeak', detail: `the request names ${leaks.join(', ')}, which only an earlier step knows` };
  const answer = walk.trace.answer;
  if (!walk.trace.ok || answer === undefined || answer === null || answer === '')
    return { ok: false, gate: 'answer', detail: walk.trace.failure ?? 'no answer' };
  const nothing = countsNothing(walk);
  if (nothing) return { ok: false, gate: 'answer', detail: nothing };
  if (isDuplicate(seen, signature, query)) return { ok: false, gate: 'duplicate', detail: 'a sample with this plan and nearly this request was already kept' };
  return { ok: true };
}
