// What a trainer may send the reward service (`kopa serve-env`), checked item by item: a malformed item gets its own
// typed error in its slot and the others are still scored. Every count is bounded, because a reward request comes
// from a training cluster's code, and one oversized item must not stall or crash the service for everyone else.
import { z } from 'zod';
import { saidError, type Said } from '../../i18n/saidError.ts';
import { comparatorKinds, textValueKinds } from '../../plan/types.ts';
import { rewardComponents, type RewardComponent, type RewardReference } from './types.ts';

export interface RewardLimits {
  /** Tool calls one completion may make to be scored. Defaults to 1,000 (a rollout makes the plan's steps plus a few). */
  maxCalls: number;
  /** Messages of one completion. Defaults to 4,000. */
  maxMessages: number;
  /** Trajectories of one inline reference. Defaults to 64. */
  maxTrajectories: number;
  /** Steps of one trajectory. Defaults to 64. */
  maxSteps: number;
}

export const DEFAULT_REWARD_LIMITS: RewardLimits = { maxCalls: 1000, maxMessages: 4000, maxTrajectories: 64, maxSteps: 64 };

/** Why an item cannot be scored, in the words its slot reports. */
export class RewardItemError extends Error {}

const stepSchema = z.object({
  id: z.string(),
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  items: z.array(z.record(z.string(), z.unknown())).max(10_000),
  totalCount: z.number().nullable(),
  resultCode: z.string().nullable(),
  errorKind: z.string().nullable(),
  latencyMs: z.number(),
  handle: z.string().optional(),
  counts: z.record(z.string(), z.number()).optional(),
});

function referenceSchema(limits: RewardLimits) {
  return z.object({
    query: z.string().max(10_000),
    offered: z.array(z.string()).max(1_000),
    trajectories: z.array(z.array(stepSchema).max(limits.maxSteps)).min(1).max(limits.maxTrajectories),
    answer: z.object({
      expr: z.string().max(10_000),
      compare: z.enum(comparatorKinds),
      tolerance: z.number().nonnegative().optional(),
      as: z.enum(textValueKinds).optional(),
    }),
    expected: z.unknown(),
    year: z.number().int().min(1900).max(2200),
    unit: z.string().optional(),
    asOf: z.iso.datetime({ offset: true }).optional(),
  });
}

/** The first problem zod found, as a person reads it: where, and what. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

/** An inline reference, checked: its shape and every count within the limits. */
export function checkedReference(raw: unknown, limits: RewardLimits): RewardReference {
  // Counted before the schema walks them: 300,000 trajectories are refused at once, not parsed first.
  const trajectories = (raw as { trajectories?: unknown } | null)?.trajectories;
  if (Array.isArray(trajectories) && trajectories.length > limits.maxTrajectories)
    throw new RewardItemError(`the reference has ${trajectories.length} trajectories; at most ${limits.maxTrajectories} are scored`);
  const parsed = referenceSchema(limits).safeParse(raw);
  if (!parsed.success) throw new RewardItemError(`the reference is not valid (${firstIssue(parsed.error)})`);
  if (!('expected' in (raw as object))) throw new RewardItemError('the reference is not valid (expected: required)');
  return parsed.data as RewardReference;
}

/** A completion's size, checked before it is read: messages and tool calls within the limits. */
export function checkCompletionSize(completion: unknown, limits: RewardLimits): void {
  if (!Array.isArray(completion)) return;
  if (completion.length > limits.maxMessages)
    throw new RewardItemError(`the completion has ${completion.length} messages; at most ${limits.maxMessages} are scored`);
  let calls = 0;
  for (const message of completion) {
    const toolCalls = (message as { tool_calls?: unknown } | null)?.tool_calls;
    if (Array.isArray(toolCalls)) calls += toolCalls.length;
  }
  if (calls > limits.maxCalls) throw new RewardItemError(`the completion makes ${calls} tool calls; at most ${limits.maxCalls} are scored`);
}

/** Weights for the kopa preset: known components, each finite and at least 0, summing to at most 1 with the defaults (else InvalidRequest). */
export function checkedWeights(raw: unknown, defaults: Record<RewardComponent, number>): Partial<Record<RewardComponent, number>> | undefined {
  if (raw === undefined) return undefined;
  const components = rewardComponents.join(', ');
  const refused = (why: Said['message'], vars: Record<string, string | number> = {}) =>
    saidError('InvalidRequest', { message: why, hint: 'error.weights.hint', vars: { components, ...vars } });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw refused('error.weights.notMap');
  const entries = Object.entries(raw as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (!rewardComponents.includes(key as RewardComponent)) throw refused('error.weights.unknown', { key });
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw refused('error.weights.value', { key, value: JSON.stringify(value) ?? String(value) });
  }
  const merged = { ...defaults, ...(raw as Partial<Record<RewardComponent, number>>) };
  const sum = Object.values(merged).reduce((a, b) => a + b, 0);
  if (sum > 1 + 1e-9) throw refused('error.weights.sum', { sum: Number(sum.toFixed(6)) });
  return raw as Partial<Record<RewardComponent, number>>;
}
