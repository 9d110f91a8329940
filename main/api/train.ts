// Rewards and training: GRPO rollouts, the training kit, and the audit of the reward presets.
import type { ChatMessage } from '../core/agent/types.ts';
import type { RolloutSummary } from '../core/train/reward/groups.ts';
import type { BenchCell, RewardCell } from '../core/train/reward/audit.ts';
import type { RewardPreset } from '../core/train/reward/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { z } from 'zod';
import { rewardPresets } from '../core/train/reward/types.ts';
import { text, mode, type MethodSchemas } from './shared.ts';

export interface RolloutRunParams {
  /** A local model (registered name or .gguf file) or openai:URL#MODEL; scripted:FILE for tests. */
  model: string;
  lora?: string[];
  /** auto: the model family's chat wrapper; jinja: the GGUF's own template, as the trainer renders it (format parity). */
  chatWrapper?: 'auto' | 'jinja';
  /** The synthesized dataset (id or name) whose requests are the prompts. */
  dataset: string;
  /** Trajectories per prompt (G). */
  groupSize: number;
  /** The first N samples of the dataset. Defaults to all. */
  prompts?: number;
  /** Defaults to 1; each trajectory's sampling seed derives from it, the prompt and its place in the group. */
  seed?: number;
  /** Sampling temperature. Defaults to 1, as TRL's GRPOTrainer. */
  temperature?: number;
  /** Model turns per trajectory. Defaults to 6. */
  maxSteps?: number;
  maxTokens?: number;
  contextSize?: number;
  /** The reward preset. Defaults to kopa. */
  preset?: RewardPreset;
  /** Advantages divided by the group's spread (group, as TRL's default) or not (none, Dr. GRPO). Defaults to group. */
  scale?: 'group' | 'none';
  /** Where tool calls go: emulator (default) or replay; never live. */
  mode?: GatewayMode;
  snapshot?: string;
  /** Replaces the standard system prompt (a very small test model needs a short one). */
  systemPrompt?: string;
  /** Tokens of a tool result the model is shown. Defaults to the standard view. */
  resultTokens?: number;
  /** A run id to resume or name; defaults to one from the settings. */
  runId?: string;
  /** Also write the groups as JSONL here. */
  export?: string;
}

export interface RolloutGroup {
  sampleId: number;
  query: string;
  /** The intent's family (weather, realestate, …), for the breakdown. */
  kind: string;
  /** Steps of the reference trajectory. */
  length: number;
  rewards: number[];
  advantages: number[];
  solved: boolean[];
  trajectories: { messages: ChatMessage[]; answer: string | null; stoppedBy: string; components: Record<string, number>; notes: string[] }[];
}

export interface RolloutRunResult {
  runId: string;
  resumed: boolean;
  settings: Record<string, unknown>;
  summary: RolloutSummary;
  export?: { file: string; groups: number };
}

export interface TrainExportParams {
  /** The synthesized dataset (id or name). */
  dataset: string;
  trainer: 'trl' | 'verl';
  /** The folder to write. */
  out: string;
  /** A snapshot whose recordings the kit carries as a replay bundle, for serve-env --mode replay. */
  snapshot?: string;
  /** The reward preset the kit's reward functions ask for. Defaults to kopa. */
  preset?: RewardPreset;
  /** Tools offered besides each plan's own (as synth export). Defaults to 3. */
  distractors?: number;
}

export interface TrainExportResult {
  dir: string;
  trainer: 'trl' | 'verl';
  rows: number;
  tools: number;
  files: string[];
}

export interface RewardAuditParams {
  /** A synthesized dataset (id or name) whose samples are attacked under every reward preset. */
  dataset?: string;
  /** Only the first n samples of the dataset. Defaults to all. */
  samples?: number;
  /** A benchmark suite whose tasks are attacked under every preset and on the bench's own scoring. Defaults to "kopa"; "none" skips it. */
  suite?: string;
  /** Only these tasks of the suite. */
  tasks?: string[];
}

export interface RewardAuditResult {
  dataset: { name: string; samples: number } | null;
  /** `skipped`: tasks whose reference plan did not run to an answer on the emulator. */
  suite: { name: string; tasks: number; skipped: string[] } | null;
  presets: RewardPreset[];
  /** Per row (the golden completion, then each attack) and preset. */
  rewards: Record<string, Record<string, RewardCell>>;
  /** Per row, on KOPA-Bench's own scoring. */
  bench: Record<string, BenchCell>;
  /** The hand-written natural answers of the suite (natural-answers.json): each must pass, grounded. */
  natural: { answers: number; passed: number; failures: { task: string; answer: string; detail: string }[] };
  /** Every goal met. */
  met: boolean;
}

/** Parameters and result of each method. */
export interface TrainMethods {
  'rollout.run': { params: RolloutRunParams; result: RolloutRunResult };
  'train.export': { params: TrainExportParams; result: TrainExportResult };
  'reward.audit': { params: RewardAuditParams; result: RewardAuditResult };
}

export const trainSchemas: MethodSchemas<TrainMethods> = {
  'rollout.run': z
    .object({
      model: text,
      lora: z.array(text).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      dataset: text,
      groupSize: z.number().int().min(2).max(64),
      prompts: z.number().int().min(1).optional(),
      seed: z.number().int().optional(),
      temperature: z.number().min(0).max(2).optional(),
      maxSteps: z.number().int().min(1).max(40).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      preset: z.enum(rewardPresets).optional(),
      scale: z.enum(['group', 'none']).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      systemPrompt: text.optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      runId: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/)
        .optional(),
      export: text.optional(),
    })
    .strict(),
  'train.export': z
    .object({
      dataset: text,
      trainer: z.enum(['trl', 'verl']),
      out: text,
      snapshot: text.optional(),
      preset: z.enum(rewardPresets).optional(),
      distractors: z.number().int().min(0).max(40).optional(),
    })
    .strict(),
  'reward.audit': z
    .object({ dataset: text.optional(), samples: z.number().int().min(1).optional(), suite: text.optional(), tasks: z.array(text).min(1).optional() })
    .strict(),
};
