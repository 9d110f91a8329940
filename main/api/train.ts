// Rewards and training: GRPO rollouts, the training kit, and the audit of the reward presets.
import type { ChatMessage } from '../core/agent/types.ts';
import type { RolloutSummary } from '../core/train/reward/groups.ts';
import type { BenchCell, RewardCell } from '../core/train/reward/audit.ts';
import type { RewardPreset } from '../core/train/reward/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { z } from 'zod';
import { rewardPresets } from '../core/train/reward/types.ts';
import { text, mode, type MethodSchemas } from './shared.ts';
import { resultRowForms, type ResultRowForm } from '../core/resultView/resultView.ts';

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

/** Which trajectories of each synthesized sample a supervised run teaches: its own, or every one that reached its answer. */
export const nanoTrajectories = ['one', 'all'] as const;
export type NanoTrajectories = (typeof nanoTrajectories)[number];

export interface TrainNanoParams {
  /** The synthesized dataset (id or name) it learns from; every tenth sample is held out. */
  dataset: string;
  /** The run's name: its folder under the data folder's train/nano, and the model's name. Defaults to "kopa-nano". */
  name?: string;
  /** Optimizer steps. Defaults to 6,000. */
  steps?: number;
  /** Width, depth, attention heads and feed-forward size of the decoder. Defaults to 256, 6, 4 and 704. */
  dim?: number;
  layers?: number;
  heads?: number;
  ffn?: number;
  /** SentencePiece vocabulary size. Defaults to 4,096. */
  vocab?: number;
  /** Tokens per optimizer step. Defaults to 16,384. */
  batchTokens?: number;
  /** Peak learning rate. Defaults to 0.002. */
  lr?: number;
  seed?: number;
  /** The result view's token budget in the training text and, recorded in the GGUF, in chat. Defaults to 256. */
  resultTokens?: number;
  /**
   * How the training text writes a result's rows, recorded in the GGUF for chat: "columns" (values in the order of the
   * field names said once) or "named" (each value beside its field's name: about a fifth more tokens). Defaults to
   * "columns".
   */
  resultRows?: ResultRowForm;
  /**
   * A folder that keeps what resuming needs on another machine, small enough to commit: kept.pt (float16 weights and
   * where the run stands, no optimizer moments), the tokenizer, the loss events and the data card. A run with no
   * checkpoint of its own starts from it. Unset: the run lives only in the data folder.
   */
  keep?: string;
  /**
   * "one": each sample's own trajectory; "all": also each alternative that reached the same answer (trajectory
   * diversification, the paper's pass@k effect). Held-out questions are judged alone either way. Defaults to "one".
   */
  trajectories?: NanoTrajectories;
}

export interface TrainNanoResult {
  /** The registered model (absent while a run was stopped before its last step). */
  model: { id: string; name: string; file: string; sha256: string } | null;
  runDir: string;
  step: number;
  steps: number;
  tokens: number;
  /** The last logged training loss and the held-out loss, on the model's own turns. */
  loss: number | null;
  validationLoss: number | null;
  parameters: number | null;
  /** Held-out prompts whose greedy continuation llama.cpp gave token for token as torch did (all, or the run fails). */
  parity: { prompts: number; equal: number };
  /** With `keep`: the folder, and whether the corpus is the one its data card recorded. */
  kept?: { dir: string; sameCorpus: boolean };
  seconds: number;
}

export interface TrainNanoGrpoParams {
  /** The supervised run (its name under the data folder's train/nano) whose model is tuned and whose dataset asks. */
  from: string;
  /** The run and the model. Defaults to "FROM-grpo"; the same name resumes the run. */
  name?: string;
  /** GRPO iterations, one update each. Defaults to 40. */
  iterations?: number;
  /** Training questions per iteration. Defaults to 8. */
  prompts?: number;
  /** Attempts per question (G). Defaults to 4. */
  groupSize?: number;
  /** Sampling temperature of the attempts. Defaults to 1. */
  temperature?: number;
  /** Learning rate. Defaults to 0.0001. */
  lr?: number;
  /** Weight of the KL term to the supervised model. Defaults to 0.04. */
  beta?: number;
  /** Reward preset. Defaults to kopa. */
  preset?: RewardPreset;
  /** Model turns per attempt. Defaults to 6. */
  maxSteps?: number;
  seed?: number;
  /**
   * Every this many iterations (and after the last), the policy answers held-out questions greedily, once each, as a
   * chat would: whether GRPO improves what it was not trained on. Defaults to 10; 0 never asks.
   */
  evalEvery?: number;
  /** Held-out questions each check asks. Defaults to 16. */
  evalPrompts?: number;
}

/** The policy on held-out questions before an iteration's update (`iteration` = the run's length: after the last). */
export interface GrpoHeldOutPoint {
  iteration: number;
  /** Mean reward and share of right committed answers, one greedy attempt per question. */
  reward: number;
  solved: number;
  prompts: number;
}

/** One GRPO iteration: what its attempts earned, and how far the update moved the policy from the supervised model. */
export interface GrpoCurvePoint {
  iteration: number;
  /** Mean reward of the iteration's attempts. */
  reward: number;
  /** Share of attempts whose committed answer was right. */
  solved: number;
  attempts: number;
  /** Attempts whose group did not score all alike (the rest carry no signal). */
  learnedFrom: number;
  /** Mean per-token KL(policy ‖ supervised) on those attempts, before the update; null where the update was already taken. */
  kl: number | null;
}

/** A GRPO iteration as the history shows it: beside the curve, what right and wrong answers earned. */
export interface GrpoHistoryPoint extends GrpoCurvePoint {
  /** Mean reward of the attempts whose answer was right, and of the rest (null where there were none). */
  solvedReward: number | null;
  unsolvedReward: number | null;
}

/** A wrong attempt the reward paid well: what the model wrote, to be read for reward hacking. */
export interface GrpoAttempt {
  iteration: number;
  sample: number;
  reward: number;
  written: string;
}

/** How a model trained here learned. */
export interface NanoTraining {
  run: string;
  kind: 'supervised' | 'grpo';
  dataset: string;
  /** For a GRPO run: the supervised run it began from (whose loss curve `loss` is). */
  from: string | null;
  loss: { step: number; loss: number }[];
  validationLoss: number | null;
  grpo: GrpoHistoryPoint[];
  /** The GRPO policy on held-out questions, by iteration (empty where none was asked). */
  heldOut: GrpoHeldOutPoint[];
  /** The best-paid wrong attempts of the last GRPO iteration. */
  watched: GrpoAttempt[];
}

export interface TrainNanoGrpoResult {
  model: { id: string; name: string; file: string; sha256: string } | null;
  runDir: string;
  iterations: number;
  curve: GrpoCurvePoint[];
  heldOut: GrpoHeldOutPoint[];
  parity: { prompts: number; equal: number };
  seconds: number;
}

/** Parameters and result of each method. */
export interface TrainMethods {
  'train.nano': { params: TrainNanoParams; result: TrainNanoResult };
  'train.nanoGrpo': { params: TrainNanoGrpoParams; result: TrainNanoGrpoResult };
  /** How a model trained here learned, by the model or by its run's name (a run still going); null for any other model. */
  'train.history': { params: { ref: string }; result: NanoTraining | null };
  'rollout.run': { params: RolloutRunParams; result: RolloutRunResult };
  'train.export': { params: TrainExportParams; result: TrainExportResult };
  'reward.audit': { params: RewardAuditParams; result: RewardAuditResult };
}

export const trainSchemas: MethodSchemas<TrainMethods> = {
  'train.nano': z
    .object({
      dataset: text,
      name: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/)
        .optional(),
      steps: z.number().int().min(1).max(1_000_000).optional(),
      dim: z.number().int().min(16).max(2048).optional(),
      layers: z.number().int().min(1).max(48).optional(),
      heads: z.number().int().min(1).max(64).optional(),
      ffn: z.number().int().min(16).max(16_384).optional(),
      vocab: z.number().int().min(512).max(65_536).optional(),
      batchTokens: z.number().int().min(256).max(1_048_576).optional(),
      lr: z.number().positive().max(1).optional(),
      seed: z.number().int().optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      resultRows: z.enum(resultRowForms).optional(),
      keep: text.optional(),
      trajectories: z.enum(nanoTrajectories).optional(),
    })
    .strict()
    .refine((p) => (p.dim ?? 256) % (p.heads ?? 4) === 0, { message: 'dim must be a multiple of heads' }),
  'train.history': z.object({ ref: text }).strict(),
  'train.nanoGrpo': z
    .object({
      from: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/),
      name: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/)
        .optional(),
      iterations: z.number().int().min(1).max(100_000).optional(),
      prompts: z.number().int().min(1).max(1_000).optional(),
      groupSize: z.number().int().min(2).max(64).optional(),
      temperature: z.number().min(0.05).max(2).optional(),
      lr: z.number().positive().max(1).optional(),
      beta: z.number().min(0).max(10).optional(),
      preset: z.enum(rewardPresets).optional(),
      maxSteps: z.number().int().min(1).max(40).optional(),
      seed: z.number().int().optional(),
      evalEvery: z.number().int().min(0).max(100_000).optional(),
      evalPrompts: z.number().int().min(1).max(1_000).optional(),
    })
    .strict(),
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
