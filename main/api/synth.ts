// Synthesis of training trajectories: runs, datasets, samples and exports.
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { ExportFormat, ToolStyle } from '../core/synth/formats.ts';
import type { SynthSample, SynthStrategy } from '../core/synth/types.ts';
import { z } from 'zod';
import { exportFormats, toolStyles } from '../core/synth/formats.ts';
import { synthStrategies } from '../core/synth/types.ts';
import { empty, text, mode, type EmptyParams, type MethodSchemas } from './shared.ts';
import type { EdgeVerifySummary } from './edges.ts';

/** What a dataset card reports of intent synthesis: coverage, lengths, registers, trajectories, contamination. */
export interface IntentCard {
  /** Intents in the library, those the verified graph can plan, those with a kept sample. */
  intents: { total: number; planned: number; used: number };
  /** Intents no verified path reaches. */
  unplanned: string[];
  /** Agencies whose tools the kept samples call, of those in the catalog. */
  agencies: { used: string[]; total: number };
  /** Request lengths in characters, beside KOPA-Bench's hand-written ones. */
  lengths: { median: number; p95: number; benchMedian: number; benchP95: number };
  registers: Record<'formal' | 'polite' | 'casual', number>;
  /** Samples with two or more, and three or more, verified trajectories to the same answer. */
  trajectories: { atLeastTwo: number; atLeastThree: number; alternativesDropped: number };
  /** KOPA-Bench's multi-step tool sequences that some trajectory of the dataset exercises. */
  benchSequences: { exercised: number; total: number; missing: string[] };
  /** Samples dropped because KOPA-Bench asks them (same tools and stated values, or the request reworded). */
  contaminated: number;
  /** The paraphrase pass, when a model was given: rewrites asked for, kept, and why the others were refused. */
  paraphrase?: { model: string; tried: number; kept: number; rejected: Record<string, number> };
}

/** What a synthesis run produced and how: counts, gates, diversity, coverage, provenance. */
export interface SynthRunSummary {
  dataset: { id: number; name: string };
  /** intents (the default) or walk (random walks of the graph). */
  strategy?: SynthStrategy;
  resumed: boolean;
  kept: number;
  requested: number;
  attempts: number;
  /** Walks that did not reach an answer (no data on the way, too short). */
  walkFailures: number;
  /**
   * Samples stopped by each gate. The walk strategy's: stated, noLeak, answer, duplicate; the intents strategy's: noInputs,
   * noTrajectory and those of intentGates.ts.
   */
  gates: Record<string, number>;
  distinctSequences: number;
  pathLengths: Record<string, number>;
  toolCoverage: { used: number; total: number };
  linkCoverage: { used: number; total: number };
  samplesWithAlternatives: number;
  phrasings: number;
  /**
   * Distinct values the requests state, by value kind (org.name: the places and institutions named): a kind with few
   * values across many samples is one a model learns by heart instead of copying. Absent from a dataset's summary
   * stored before it was counted.
   */
  statedValues?: Record<string, number>;
  graphVersion: number;
  backend: string;
  seed: string;
  asOf: string;
  seconds: number;
  perMinute: number;
  card?: IntentCard;
}

export interface ExportResult {
  file: string;
  /** The dataset card's file, written beside the export, and its Markdown. */
  card: string;
  cardText: string;
  rows: number;
  format: ExportFormat;
}

export interface SynthRunParams {
  /** Samples to keep. */
  count: number;
  /**
   * intents (default): questions people ask, planned from the goal back to what they state, with alternative
   * trajectories; walk: random walks of the verified graph (kept to compare with).
   */
  strategy?: SynthStrategy;
  /** Intents: trajectories tried per question, the first that answers and its alternatives. Defaults to 4. */
  trajectories?: number;
  /**
   * Intents: 시군구 explored for the places, hospitals, pharmacies, addresses and stations the questions name. Defaults
   * to 24; a larger dataset for training wants more, or a model learns those few names by heart.
   */
  places?: number;
  /** Steps per plan; defaults 2 and 5 (intents: the most calls before query-tool steps). */
  minSteps?: number;
  maxSteps?: number;
  /** Defaults to "1". */
  seed?: string;
  /** Backend the walks execute on. Defaults to emulator. */
  mode?: GatewayMode;
  snapshot?: string;
  /** ISO moment "지금" means. Defaults to the backend's clock. */
  asOf?: string;
  /** Requests written per plan. Defaults to 2. */
  phrasings?: number;
  /**
   * Intents: a model (registered name, .gguf file, openai:URL#MODEL or scripted:FILE) that rewrites each request in
   * other words; a rewrite is kept only when it passes the same gates as the template. Off by default.
   */
  paraphraseModel?: string;
  /** Dataset name; defaults to one with the time. */
  name?: string;
  /** Also export to this file in this format. */
  out?: string;
  format?: ExportFormat;
  distractors?: number;
  /** "prompt" writes tools and calls as KOPA Studio runs a family whose template has no tool syntax. Defaults to "native". */
  toolStyle?: ToolStyle;
}

export interface SynthRunResult {
  summary: SynthRunSummary;
  /** Verification run first because no link was verified yet. */
  verification?: EdgeVerifySummary;
  export?: ExportResult;
}

/** A sample as the dataset browser lists it. */
export interface SampleSummary {
  ordinal: number;
  query: string;
  /** Calls of its plan, and the tools they call. */
  steps: number;
  tools: string[];
  /** Other trajectories to the same answer. */
  alternatives: number;
  register: string | null;
  intent: string | null;
}

export interface DatasetInfo {
  id: number;
  name: string;
  status: 'running' | 'done' | 'failed';
  samples: number;
  createdAt: string;
  graphVersion: number | null;
  backend: string;
  seed: string;
}

/** Parameters and result of each method. */
export interface SynthMethods {
  'synth.run': { params: SynthRunParams; result: SynthRunResult };
  'synth.export': { params: { dataset: string; out: string; format: ExportFormat; distractors?: number; toolStyle?: ToolStyle }; result: ExportResult };
  'synth.list': { params: EmptyParams; result: DatasetInfo[] };
  'synth.samples': { params: { dataset: string }; result: { dataset: DatasetInfo; samples: SampleSummary[] } };
  'synth.sample': { params: { dataset: string; ordinal: number }; result: SynthSample };
}

export const synthSchemas: MethodSchemas<SynthMethods> = {
  'synth.run': z
    .object({
      count: z.number().int().min(1).max(1_000_000),
      strategy: z.enum(synthStrategies).optional(),
      trajectories: z.number().int().min(1).max(8).optional(),
      places: z.number().int().min(1).max(300).optional(),
      minSteps: z.number().int().min(1).max(8).optional(),
      maxSteps: z.number().int().min(1).max(8).optional(),
      seed: z.string().min(1).max(100).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      phrasings: z.number().int().min(1).max(6).optional(),
      paraphraseModel: text.optional(),
      name: text.optional(),
      out: text.optional(),
      format: z.enum(exportFormats).optional(),
      distractors: z.number().int().min(0).max(40).optional(),
      toolStyle: z.enum(toolStyles).optional(),
    })
    .strict()
    .refine((p) => (p.minSteps ?? 2) <= (p.maxSteps ?? 5), { message: 'minSteps cannot exceed maxSteps' })
    .refine((p) => p.places === undefined || (p.strategy ?? 'intents') === 'intents', { message: 'places is for the intents strategy' })
    .refine((p) => (p.out === undefined) === (p.format === undefined), { message: 'out and format go together' }),
  'synth.export': z
    .object({
      dataset: text,
      out: text,
      format: z.enum(exportFormats),
      distractors: z.number().int().min(0).max(40).optional(),
      toolStyle: z.enum(toolStyles).optional(),
    })
    .strict(),
  'synth.list': empty,
  'synth.samples': z.object({ dataset: text }).strict(),
  'synth.sample': z.object({ dataset: text, ordinal: z.number().int().min(1) }).strict(),
};
