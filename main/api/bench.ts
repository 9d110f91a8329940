// KOPA-Bench: validating a suite, runs, reports, comparisons, and checking one answer.
import type { ChatMessage } from '../core/agent/types.ts';
import type { Judgement } from '../core/answer/judge.ts';
import { checkClaim, type Claim } from '../core/answer/claim.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { BenchAttemptRow, BenchRunRow, BenchRunSummary, BenchEstimate } from '../core/bench/runTypes.ts';
import type { BenchTask } from '../core/bench/types.ts';
import type { PairedResult } from '../core/bench/pairedTest.ts';
import type { ReportLang } from '../core/bench/report/reportText.ts';
import { z } from 'zod';
import { reportLangs } from '../core/bench/report/reportText.ts';
import { empty, serverIdleTimeout, text, mode, speculation, type EmptyParams, type MethodSchemas } from './shared.ts';
import type { SpeculationParam } from './models.ts';

export type { BenchAttemptRow, BenchEstimate, BenchGroupScore, BenchManifest, BenchRunRow, BenchRunSummary } from '../core/bench/runTypes.ts';

export interface BenchValidateParams {
  /** "kopa" or a .jsonl file or folder of them. */
  suite: string;
  mode?: GatewayMode;
  snapshot?: string;
  /** Only these task ids. */
  tasks?: string[];
  concurrency?: number;
  /** The result view's budget the plans must be solvable within. Defaults to the standard 1,024 tokens. */
  resultTokens?: number;
}

export interface BenchTaskCheck {
  id: string;
  solvable: boolean;
  /** The expected answer the reference plan gives now ("decline" for a decline task). */
  expected: unknown;
  failure?: string;
  /** Set when the plan needs rows the view hides (the visible oracle could not solve it). */
  hidden?: { step: string; what: string; row: string };
  lints: { kind: string; detail: string }[];
  calls: number;
  /**
   * The chain's links perturbed to a neighbouring value (another row's, the next grid cell), and the ones whose
   * perturbation left the answer as it was: a shortcut that makes a wrong chain right by chance.
   */
  chain?: { links: number; insensitive: { step: string; arg: string; was: unknown; perturbed: unknown; answer: unknown }[] };
}

export interface BenchValidation {
  suite: string;
  suiteVersion: string | null;
  suiteHash: string;
  /** The result view budget the plans were checked against. */
  resultTokens: number;
  mode: GatewayMode;
  tasks: number;
  solvable: number;
  /** Tasks whose plan did not execute to an answer, or that a lint flagged. */
  failing: string[];
  /** Tasks with a link whose perturbation leaves the answer unchanged (the goal: none). */
  insensitive: string[];
  results: BenchTaskCheck[];
  distribution: { levels: Record<string, number>; abilities: Record<string, number>; agencies: Record<string, number>; tags: Record<string, number> };
  seconds: number;
}

export interface BenchRunParams {
  suite: string;
  /** A registered model id, a .gguf path, openai:URL#MODEL, scripted:FILE (per-task turns) or "oracle". */
  model: string;
  samples?: number;
  temperature?: number;
  concurrency?: number;
  seed?: number;
  mode?: GatewayMode;
  snapshot?: string;
  /** Defaults to one derived from the suite, model and settings, so the same command resumes the same run. */
  runId?: string;
  tasks?: string[];
  maxSteps?: number;
  maxTokens?: number;
  lora?: string[];
  /** auto: the model family's chat wrapper; jinja: the GGUF's own template, as the trainer renders it (format parity). */
  chatWrapper?: 'auto' | 'jinja';
  /** How strongly the adapters apply: 0 is the base model, 1 the adapter as trained. Defaults to 1. */
  loraScale?: number;
  contextSize?: number;
  /** An inference server: how long it may send nothing before a turn is given up. Defaults to its registration's, else 60 s. */
  serverIdleTimeoutMs?: number;
  /**
   * Which tools each task offers: "task" its own (the default), or "pick" what a chat would pick for its question,
   * with find_tools for the model to ask for more (what an analyst's chat meets).
   */
  tools?: 'task' | 'pick';
  /** The result view's budget per result. Defaults to the standard 1,024 tokens, so runs of different models compare. */
  resultTokens?: number;
  /** Offer the query tool (local.queryRows). Defaults to true. */
  queryTool?: boolean;
  /**
   * Whether a local model's turns reuse what its sequences already evaluated (the shared prefix of a conversation's
   * turns and of a task's attempts). Defaults to true; false evaluates every turn's whole conversation again, the same
   * answers at more cost, to measure what reuse saves.
   */
  reuseCache?: boolean;
  /** Speculative decoding for a local model (SpeculationParam). Defaults to off. */
  speculation?: SpeculationParam;
}

export interface BenchCheckAnswerParams {
  suite?: string;
  task: string;
  /** A final turn in words: its last "정답: …" line is the claim (without one, nothing is committed). */
  answer?: string;
  /** A typed claim, as the answer tool's `answer` argument ({"kind": "number", "value": 49, "unit": "건"}). */
  claim?: unknown;
  /** The attempt's conversation (a run's transcript: assistant calls and tool results) for grounding; without it grounding is not judged. */
  transcript?: ChatMessage[];
}

export interface BenchCheckAnswerResult {
  task: string;
  pass: boolean;
  /** Whether the transcript's own results support the answer; null without a transcript. */
  grounded: boolean | null;
  detail: string;
  detailSaid: Judgement['said'];
  expected: unknown;
  /** The claim that was judged (null: the answer committed to none), and what the judge read it as. */
  claim: Claim | null;
  read?: unknown;
  /** Other values the results held for the same field: what a hedge would have offered beside the right one. */
  competitors: unknown[];
}

export type BenchReportFormat = 'md' | 'html' | 'csv' | 'json';

export interface BenchReport {
  runId: string;
  format: BenchReportFormat;
  /** The report itself (HTML is one self-contained file). */
  content: string;
  /** Where it was written, when an output file was given. */
  file?: string;
}

/** One task of a run: how often it passed, and how its failed attempts failed. */
export interface BenchTaskRow {
  taskId: string;
  /** The request as the suite now states it; null when the suite no longer has the task. */
  request: string | null;
  level: number | null;
  abilities: string[];
  agencies: string[];
  /** Attempts, and of those passed. */
  n: number;
  c: number;
  /** The failure kinds of its failed attempts, each once. */
  failures: string[];
  /** Attempts the backend could not run. */
  errors: number;
  meanMs: number;
}

export interface BenchRunDetail {
  run: BenchRunRow;
  /** As stored, or computed from the attempts of a run still going or cut short. */
  summary: BenchRunSummary;
  tasks: BenchTaskRow[];
  /** The suite's tasks changed since the run: the requests shown are the current ones. */
  suiteChanged: boolean;
}

export interface BenchTaskAttempts {
  runId: string;
  /** The task as the suite stores it (request, reference plan), or null when the suite no longer has it. */
  task: BenchTask | null;
  attempts: BenchAttemptRow[];
  /**
   * The reference plan executed again on the run's backend at the task's moment: the concrete arguments its
   * expressions gave, to hold an attempt's calls against. Null for a live run (that would spend agency quota) or
   * when the suite no longer has the task; `failure` says why a step failed.
   */
  reference: {
    steps: { id: string; tool: string; args: Record<string, unknown>; ok: boolean; errorKind: string | null; rows: number }[];
    answer: unknown;
    failure?: string;
  } | null;
}

export interface BenchComparison {
  a: string;
  b: string;
  tasks: number;
  aPass1: number;
  bPass1: number;
  aBetter: number;
  bBetter: number;
  ties: number;
  difference: BenchEstimate;
  pValue: number;
  method: PairedResult['method'];
  /** Tasks where the two runs differ, B − A per-task pass rate. */
  changed: { taskId: string; a: number; b: number }[];
  /** Tasks only one of the runs has (left out of the test). */
  unpaired: string[];
}

/** A conversation message as a transcript records it (a run's attempt, a chat export). */
const chatMessage = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }).strict(),
  z.object({ role: z.literal('user'), content: z.string() }).strict(),
  z
    .object({
      role: z.literal('assistant'),
      content: z.string(),
      toolCalls: z
        .array(z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()), rawArguments: z.string().optional() }).strict())
        .optional(),
      thinking: z.string().optional(),
      answer: z.custom<Claim>((v) => checkClaim(v).ok, { message: 'a claim: one value of one kind (core/answer/claim.ts)' }).optional(),
    })
    .strict(),
  z.object({ role: z.literal('tool'), toolCallId: z.string(), name: z.string(), content: z.string() }).strict(),
]);

/** A task of a suite as the run form lists it to pick from. */
export interface SuiteTaskRow {
  id: string;
  question: string;
  /** The question in English, where the suite has it. */
  questionEn?: string;
  /** Steps the reference plan takes. */
  level: number;
  /** Agencies its reference plan calls. */
  agencies: string[];
  abilities: string[];
}

/** Parameters and result of each method. */
export interface BenchMethods {
  'bench.validate': { params: BenchValidateParams; result: BenchValidation };
  'bench.run': { params: BenchRunParams; result: BenchRunSummary };
  'bench.runs': { params: EmptyParams; result: BenchRunRow[] };
  /** A suite's tasks, to pick some for a run. */
  'bench.tasks': { params: { suite: string }; result: SuiteTaskRow[] };
  'bench.report': { params: { run: string; format?: BenchReportFormat; out?: string; lang?: ReportLang }; result: BenchReport };
  'bench.compare': { params: { a: string; b: string }; result: BenchComparison };
  'bench.show': { params: { run: string }; result: BenchRunDetail };
  'bench.attempts': { params: { run: string; task: string }; result: BenchTaskAttempts };
  'bench.checkAnswer': { params: BenchCheckAnswerParams; result: BenchCheckAnswerResult };
}

export const benchSchemas: MethodSchemas<BenchMethods> = {
  'bench.validate': z
    .object({
      suite: text,
      mode: mode.optional(),
      snapshot: text.optional(),
      tasks: z.array(text).min(1).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
    })
    .strict(),
  'bench.run': z
    .object({
      suite: text,
      model: text,
      samples: z.number().int().min(1).max(100).optional(),
      temperature: z.number().min(0).max(2).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      seed: z.number().int().optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      runId: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/)
        .optional(),
      tasks: z.array(text).min(1).optional(),
      maxSteps: z.number().int().min(2).max(40).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      lora: z.array(text).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      loraScale: z.number().min(0).max(4).optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      serverIdleTimeoutMs: serverIdleTimeout.optional(),
      tools: z.enum(['task', 'pick']).optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      queryTool: z.boolean().optional(),
      reuseCache: z.boolean().optional(),
      speculation: speculation.optional(),
    })
    .strict(),
  'bench.runs': empty,
  'bench.tasks': z.object({ suite: text }).strict(),
  'bench.report': z
    .object({ run: text, format: z.enum(['md', 'html', 'csv', 'json']).optional(), out: text.optional(), lang: z.enum(reportLangs).optional() })
    .strict(),
  'bench.compare': z.object({ a: text, b: text }).strict(),
  'bench.show': z.object({ run: text }).strict(),
  'bench.attempts': z.object({ run: text, task: text }).strict(),
  'bench.checkAnswer': z
    .object({
      suite: text.optional(),
      task: text,
      answer: z.string().max(100_000).optional(),
      claim: z.unknown().optional(),
      transcript: z.array(chatMessage).max(400).optional(),
    })
    .strict()
    .refine((p) => p.answer !== undefined || p.claim !== undefined, { message: 'give the answer (a text with a "정답:" line) or a claim' }),
};
