// What every capability's slice of the API shares: the empty parameter object, a long call's progress, the
// method-to-schema map, and the parameter schemas several capabilities use alike.
import { z } from 'zod';
import { gatewayModes } from '../core/gateway/callResult.ts';
import { DRAFT_PREFIX } from '../core/models/modelRef.ts';
import type { AgentEvent } from '../core/agent/types.ts';

export type EmptyParams = Record<string, never>;

/** A zod schema for each method's parameters: a capability's method without one does not compile. */
export type MethodSchemas<Methods extends { [M in keyof Methods]: { params: unknown } }> = { [M in keyof Methods]: z.ZodType<Methods[M]['params']> };

/** Progress of a long call: `done` of `total` units, or just a message. */
export interface Progress {
  stage: string;
  done?: number;
  total?: number;
  message?: string;
  /** The message's catalogue key and values, so that each screen says it in its own language (message is its English). */
  said?: { key: string; vars?: Record<string, string | number> };
  /** An agent episode's events as they happen (tokens, tool calls and results, the final answer). */
  agentEvent?: AgentEvent;
  /** The chat an agent run writes to, sent first so a client can show it before the answer. */
  chatId?: string;
  /** Running counts beside the progress (synthesis: attempts, and how many each gate refused). */
  counts?: Record<string, number>;
}

export const empty = z.object({}).strict();
export const text = z.string().min(1).max(4096);
export const mode = z.enum(gatewayModes);

/** An inference server's idle timeout as the API takes it: 1 s to 1 h. */
export const serverIdleTimeout = z.number().int().min(1000).max(3_600_000);
export const speculation = z.union([
  z.enum(['off', 'input-lookup']),
  z.custom<`draft:${string}`>((v) => typeof v === 'string' && v.startsWith(DRAFT_PREFIX) && v.length > DRAFT_PREFIX.length, 'draft:REF names a draft model'),
]);
