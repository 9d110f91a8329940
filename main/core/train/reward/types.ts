// What a reward is computed from and what it says. A completion is the conversation a policy produced (its tool
// calls and the result views it was shown, exactly as inference shows them); a reference is the task's plan as
// executed on the same backend, its alternative trajectories, and the expected answer recomputed from them.
import type { ChatMessage } from '../../agent/types.ts';
import type { AnswerSpec, TraceStep } from '../../plan/types.ts';

export const rewardComponents = ['format', 'toolChoice', 'arguments', 'provenance', 'execution', 'outcome'] as const;
export type RewardComponent = (typeof rewardComponents)[number];

export const rewardPresets = ['kopa', 'toolrl', 'tool-n1', 'outcome'] as const;
export type RewardPreset = (typeof rewardPresets)[number];
/** The preset every command and service uses where none is named: KOPA Studio's own. */
export const DEFAULT_REWARD_PRESET: RewardPreset = 'kopa';

export interface RewardReference {
  /** The user's request (what values may come from). */
  query: string;
  /** Catalog ids of the tools the policy was offered. */
  offered: string[];
  /** The reference trajectory first, then each alternative that reaches the same answer. */
  trajectories: TraceStep[][];
  answer: AnswerSpec;
  /** The answer the reference computes on the backend the completion ran on. */
  expected: unknown;
  /** The task's year (a date written without one is in it) and the answer's unit (만원). */
  year: number;
  unit?: string;
  /**
   * The moment the request was asked (ISO 8601): a claim's "내일" or "이번 주 토요일" is read against it. Without it,
   * against the start of `year`.
   */
  asOf?: string;
}

export interface RewardCompletion {
  /** The policy's messages after the prompt: assistant turns (with tool calls) and the tool messages it got. */
  messages: ChatMessage[];
}

/** Each component in [0, 1]; 1 is what the reference trajectory scores. */
export type RewardComponents = Record<RewardComponent, number>;

export interface RewardResult {
  preset: RewardPreset;
  /** The weights the preset used (recorded with every use, so a training run can say what it optimised). */
  weights: Partial<Record<RewardComponent, number>>;
  reward: number;
  components: RewardComponents;
  /** What lost points, for a person reading a rollout. */
  notes: string[];
}
