// An attempt as scoring sees it: the agent's calls in order with what each returned, its final message and the
// answer it committed to (the claim, core/answer/claim.ts), which alone is judged.
import type { CallRefusal } from '../agent/callRefusal.ts';
import type { StopReason } from '../agent/types.ts';
import type { Item } from '../gateway/callResult.ts';
import type { FaultKind } from './types.ts';
import type { Claim } from '../answer/claim.ts';

export interface AttemptCall {
  tool: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  /** The gateway's error kind when the call failed (Upstream, Timeout, NoData, InvalidParam …). */
  errorKind: string | null;
  /** Why the agent loop did not send it (invalid arguments, a repeat, an unknown tool): as the model read it, and what happened. */
  refused?: string;
  refusal?: CallRefusal;
  /** Set when the failure was one the task injected. */
  injected?: FaultKind;
  items: Item[];
  /** How many rows the API said there were (absent where unknown). */
  totalCount?: number | null;
  /** The rows the model was shown of `items` (the result view's visible rows), and the handle it was shown with. */
  shown?: Item[];
  handle?: string;
}

export interface AttemptRecord {
  /** The message that ended the attempt (shown, never scored). */
  answer: string | null;
  /** The committed answer; null when the attempt committed to none. */
  claim: Claim | null;
  stoppedBy: StopReason;
  calls: AttemptCall[];
}
