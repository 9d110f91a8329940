// The one typed API of the engine. Every surface (CLI, desktop renderer, browser mode, tests) calls the engine
// through `EngineApi.call`, whatever carries the call: a direct call, a MessagePort, HTTP or a WebSocket.
// A UI feature is a method here first, then a view.
import type { ToolCallSupport } from '../core/models/toolCalling.ts';
import type { ChatMessage, StopReason } from '../core/agent/types.ts';
import type { RolloutSummary } from '../core/reward/groups.ts';
import type { BenchCell, RewardCell } from '../core/reward/audit.ts';
import type { RewardPreset } from '../core/reward/types.ts';
import type { Comparison } from '../core/bench/comparators.ts';
import type { ErrorPayload } from '../core/errors.ts';
import type { LocalizedText, ToolSpec, CatalogFile, KeyId } from '../core/catalog/types.ts';
import type { KeyPortal } from '../core/catalog/keyPortals.ts';
import type { CatalogProblem } from '../core/catalog/catalogProblem.ts';
import type { CallResult, GatewayMode, ParsedOutcome } from '../core/gateway/callResult.ts';
import type { CandidateBasis, Edge, EdgeStatus, EdgeTrial } from '../core/edge/types.ts';
import type { LinkKind } from '../core/edge/linkKind.ts';
import type { LinkWords } from '../core/edge/linkWords.ts';
import type { AgentEvent } from '../core/agent/types.ts';
import type { BfclCategory } from '../core/bfcl/categories.ts';
import type { BenchAttemptRow, BenchRunRow, BenchRunSummary, BenchEstimate } from '../core/bench/runTypes.ts';
import type { BenchTask } from '../core/bench/types.ts';
import type { ReportLang } from '../core/bench/report/reportText.ts';
import type { ExportFormat, ToolStyle } from '../core/synth/formats.ts';
import type { ModelPlacement } from '../core/models/placement.ts';
import type { SynthSample, SynthStrategy } from '../core/synth/types.ts';

export type EmptyParams = Record<string, never>;

export type EngineHost = 'cli' | 'browser' | 'desktop' | 'test';

/** The data folder's size by its top-level parts (database, models, cache…), largest first. */
export interface DiskUse {
  dataDir: string;
  totalBytes: number;
  parts: { name: string; bytes: number }[];
}

export interface EngineStatus {
  app: { name: string; version: string };
  engine: { host: EngineHost; pid: number; startedAt: string; uptimeMs: number };
  runtime: { node: string; platform: string; arch: string };
  dataDir: string;
  database: { file: string; schemaVersion: number; latestSchemaVersion: number; sqliteVersion: string };
  memory: { rssBytes: number; heapUsedBytes: number };
}

export interface LlamaReport {
  /** The llama.cpp binary that loads here (its path where the OS tells), or null when none does. */
  binary: string | null;
  /** The GPU backend in use (cuda, vulkan, metal), false for CPU only, or null when no binary loads. */
  gpu: string | false | null;
  gpuDevices: string[];
  vram: { totalBytes: number; freeBytes: number } | null;
  usableGpuTypes: (string | false)[];
  cpuMathCores: number | null;
  llamaCppRelease: string | null;
  /** Why no binary loads, when none does. */
  error?: string;
}

export interface RuntimeReport {
  /** Whether it can be used here and now. */
  available: boolean;
  /** The executable, when one was found. */
  path: string | null;
  version: string | null;
  /** Why it is not available, when it is not. */
  reason?: string;
}

export interface DoctorReport {
  /** The Node.js version running the engine. */
  node: string;
  dataDir: string;
  schemaVersion: number;
  llama: LlamaReport;
  chromium: RuntimeReport;
  electron: RuntimeReport;
}

export interface ToolSummary {
  id: string;
  agency: string;
  kind: 'remote' | 'local' | 'query';
  name: LocalizedText;
  description: LocalizedText;
  /** "GET http://apis.data.go.kr/…", or null for a local tool. */
  endpoint: string | null;
}

export interface AgencyInfo {
  id: string;
  name: LocalizedText;
  /** Tools of this agency in the listing. */
  tools: number;
}

export interface CatalogListing {
  tools: ToolSummary[];
  agencies: AgencyInfo[];
  /** Problems with user-added catalog files (their tools are left out). */
  problems: CatalogProblem[];
}

export interface CatalogValidation {
  files: string[];
  tools: number;
  problems: CatalogProblem[];
}

export interface CatalogImport {
  file: CatalogFile;
  warnings: string[];
  /** Validation of the imported specs as they stand (what must be fixed before use). */
  problems: CatalogProblem[];
}

/** `checkpoints`: how many checkpoints kept outside the database the log was checked against. */
export type AuditVerdict =
  | { ok: true; entries: number; head: string; checkpoints?: number }
  | { ok: false; entries: number; problems: { seq: number | null; message: string }[]; checkpoints?: number };

export interface AuditListParams {
  /** Part of a tool id. */
  tool?: string;
  outcome?: 'ok' | 'error';
  /** ISO times: from (inclusive) and to (exclusive). */
  from?: string;
  to?: string;
  /** Continue below this entry (the last of the previous page). */
  beforeSeq?: number;
  /** Entries per page. Defaults to 200. */
  limit?: number;
}

/** One request the gateway made (or refused), as the audit log holds it: never arguments or keys, only their hash. */
export interface AuditListEntry {
  seq: number;
  at: string;
  toolId: string;
  method: string;
  host: string;
  path: string;
  argsHash: string;
  resultCode: string | null;
  errorKind: string | null;
  bytes: number;
  latencyMs: number;
  mode: string;
  hash: string;
}

export interface SnapshotInfo {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  importedFrom: string | null;
  recordings: number;
}

export interface BundleSummary {
  file: string;
  snapshot: string;
  entries: number;
  payloadSha256: string;
}

/** One API key as the engine sees it: where it comes from, never its value. */
export interface KeyStatus {
  keyId: KeyId;
  portal: KeyPortal;
  /** The environment variable the CLI and browser mode read it from. */
  envVar: string;
  /** Where the key in use comes from, or null when there is none. */
  source: 'vault' | 'environment' | null;
  /** When the vault's copy was stored. */
  updatedAt: string | null;
}

export interface KeyReport {
  keys: KeyStatus[];
  /** The encrypted vault the desktop app keeps keys in; the CLI and browser mode have none and read the environment. */
  vault: { available: boolean; file: string | null; reason: string | null };
}

export interface GatewayCallParams {
  tool: string;
  args: Record<string, unknown>;
  /** Defaults to emulator. */
  mode?: GatewayMode;
  /** Snapshot to record into or replay from. */
  snapshot?: string;
  /** Also return the response body as the service sent it (keys scrubbed), for people to read. Defaults to false. */
  raw?: boolean;
}

/** A daily or per-second limit shared by the tools of one group, and the calls it counted today (KST). */
export interface QuotaUsage {
  group: string;
  perDay: number | null;
  perSecond: number | null;
  usedToday: number;
  tools: string[];
}

/** A kind of value tools take and return (resources/catalog/semantics.json). */
export interface SemanticKind {
  ko: string;
  en: string;
  pattern?: string;
  example?: string;
  /** A value anyone can give without asking another service (a date, an amount, a code from a short list): never a dependency. */
  generic?: boolean;
  /** What each code of a coded kind means (a KMA category: T1H → 기온, ℃), for tables in people's words. */
  codes?: Record<string, { ko: string; en: string; unit?: string }>;
}

export interface EdgeProposal {
  /** Candidates the catalog yields now. */
  candidates: number;
  /** Of those, links not known before. */
  added: number;
  byBasis: Record<CandidateBasis, number>;
}

export interface EdgeVerifyParams {
  /** Also re-check verified and stale links last checked longer ago than this many milliseconds. */
  staleAfterMs?: number;
  /** Trials per link (default 3) and how many must return data (default 2). */
  trials?: number;
  minOk?: number;
  /** Backend the calls go to. Defaults to emulator. */
  mode?: GatewayMode;
  snapshot?: string;
  /** ISO moment that time-dependent inputs are set for. Defaults to the backend's clock. */
  asOf?: string;
  /** Verify only these links (by id), whatever their status, instead of every candidate. */
  edges?: string[];
}

export interface EdgeVerifySummary {
  checked: number;
  verified: number;
  rejected: number;
  stale: number;
  /** Links whose source tool answered none of its seed inputs: they stay candidates. */
  untried: number;
  unaffordable: { edgeId: string; group: string }[];
  callsSpent: number;
  seconds: number;
  graphVersion: number;
  /** All links by status after the run. */
  totals: Record<EdgeStatus, number>;
  /** The verified links by kind: dependencies (what synthesis walks) and links that only match in format. */
  verifiedKinds: Record<LinkKind, number>;
}

export interface EdgeListing {
  graphVersion: number;
  edges: Edge[];
}

export interface EdgeDetail {
  edge: Edge;
  /** The link's tools and what it carries, named in both languages for its evidence in words. */
  words: LinkWords;
  /** Its latest trials, newest first. */
  trials: EdgeTrial[];
}

/** What a synthesis run produced and how: counts, gates, diversity, coverage, provenance. */
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
  graphVersion: number;
  backend: string;
  seed: string;
  asOf: string;
  seconds: number;
  perMinute: number;
  card?: IntentCard;
}

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

/** Whether a registered inference server answers the model's name, and how fast. */
export interface ServerCheckResult {
  ok: boolean;
  latencyMs: number;
  /** What the server said, or why it could not be reached. */
  message: string;
}

/** A model the user registered: a GGUF file, a LoRA adapter, or an OpenAI-compatible server. */
export interface ModelInfo {
  id: string;
  kind: 'gguf' | 'lora' | 'openai';
  /** The file, or the server's base URL. */
  location: string;
  name: string;
  sizeBytes: number | null;
  sha256: string | null;
  architecture: string | null;
  parameterCount: number | null;
  quantization: string | null;
  contextLength: number | null;
  chatWrapper: string | null;
  /** "native" when the model's template has a trained tool syntax, "grammar" when calls are forced by a JSON grammar. */
  toolCalling: 'native' | 'grammar' | null;
  /** Why it calls tools so (the wrapper, the reason, template fixes), where the file was read with this version. */
  toolCallSupport?: ToolCallSupport | null;
  copied: boolean;
  addedAt: string;
  /** An adapter: the base model it was checked against when registered (its file and SHA-256). */
  base?: { path: string; sha256: string };
  /** Whether it fits this machine, when known. */
  fit?: { verdict: 'fits' | 'may be slow' | 'will not fit'; score: number; gpuLayers: number; contextSize: number; ramBytes: number; vramBytes: number } | null;
}

/** The GGUF files found in a folder (models.scan): each once, its size, and the registered model it already is. */
export interface ModelScan {
  folder: string;
  files: { path: string; name: string; sizeBytes: number; registered: string | null }[];
  /** The scan stopped at its limit of files: choose a folder nearer to the models. */
  truncated: boolean;
}

/**
 * Speculative decoding for a local model: "input-lookup" (prompt lookup) guesses the next tokens from the conversation
 * itself, as a call does when it copies a code from an earlier result; "draft:REF" lets a smaller model of the same
 * vocabulary (a registered model or a .gguf file) generate ahead. The answers are the same; only the speed changes.
 */
export type SpeculationParam = 'off' | 'input-lookup' | `draft:${string}`;

export interface AgentRunParams {
  question: string;
  /** Continue this chat: its earlier messages are the conversation so far. Defaults to a new chat. */
  chatId?: string;
  /** A registered model id, a .gguf path, openai:URL#MODEL of a registered server, or scripted:FILE. */
  model: string;
  /** LoRA adapters (registered ids or paths) applied to a local model. */
  lora?: string[];
  /** auto: the model family's chat wrapper; jinja: the GGUF's own template, as the trainer renders it (format parity). */
  chatWrapper?: 'auto' | 'jinja';
  /** How strongly the adapters apply: 0 is the base model, 1 the adapter as trained. Defaults to 1. */
  loraScale?: number;
  /**
   * Tool ids offered. Defaults to the tools the question needs (core/agent/toolPick.ts: about 8, with what the EDGE
   * graph says must come before them), plus those a continued chat already called.
   */
  tools?: string[];
  /** Backend the tools run on. Defaults to emulator. */
  mode?: GatewayMode;
  snapshot?: string;
  /** ISO moment "now" is for the model. Defaults to the backend's clock. */
  asOf?: string;
  maxSteps?: number;
  systemPrompt?: string;
  firstToolChoice?: 'auto' | 'required';
  /** Tool-call mode of a local model. Defaults to the model's own. */
  toolCalling?: 'auto' | 'native' | 'grammar';
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  /** Local model context size. Defaults to the model's trained length, capped at 16,384. */
  contextSize?: number;
  /**
   * Estimated tokens of one tool result the model sees (the result view's budget). Defaults to an eighth of a local
   * model's context (256–4,096), or the standard view's 1,024 for other backends.
   */
  resultTokens?: number;
  /** Offer the query tool (local.queryRows) wherever a remote tool is offered. Defaults to true. */
  queryTool?: boolean;
  /**
   * auto (default): calls run as the model makes them; ask: each call that leaves the machine waits for the user's
   * answer (`agent.approve`), announced by an "approval" agent event.
   */
  approval?: 'auto' | 'ask';
  /** Speculative decoding for a local model (SpeculationParam). Defaults to off. */
  speculation?: SpeculationParam;
}

/** What a chat keeps of how it was started, so a continued chat runs the same way. */
export interface ChatSettings {
  model: string;
  lora?: string[];
  tools?: string[];
  mode: GatewayMode;
  snapshot?: string;
  approval?: 'auto' | 'ask';
}

export interface ChatInfo {
  id: string;
  title: string;
  modelId: string | null;
  mode: string;
  settings: ChatSettings | null;
  /** Questions asked in it. */
  questions: number;
  createdAt: string;
  updatedAt: string;
}

/** A stored message with its place in the chat and what the engine noted about it (a call's tool, latency, preview…). */
export type TranscriptMessage = ChatMessage & { seq: number; createdAt: string; meta?: Record<string, unknown> };

export interface ChatTranscript {
  chat: ChatInfo;
  messages: TranscriptMessage[];
}

export interface ChatExport {
  format: 'md' | 'json';
  /** A file name to save it under. */
  fileName: string;
  content: string;
}

/** A local model held in memory by the engine. */
export interface LoadedModel extends ModelPlacement {
  /** The registered model's id, or null for a file loaded by path. */
  id: string | null;
  name: string;
}

export interface EpisodeSummary {
  chatId: string;
  answer: string | null;
  stoppedBy: StopReason;
  backend: string;
  turns: number;
  /** `rows` came back; `shown` of them were in the model's view of result `handle`. */
  calls: {
    step: number;
    tool: string;
    arguments: Record<string, unknown>;
    ok: boolean;
    resultCode: string | null;
    refused?: string;
    rows: number;
    handle?: string;
    shown?: number;
    ms: number;
  }[];
  usage: { inputTokens: number; outputTokens: number };
  ms: number;
}

export interface BfclRunSummary {
  /** The run as kept (bfcl.runs, bfcl.show); absent from the runner alone. */
  run?: string;
  /** Its scores, as bfcl.check gives them for the categories run. */
  scores?: BfclCheckSummary;
  outDir: string;
  backend: string;
  categories: { category: string; entries: number; run: number; skipped: number }[];
  seconds: number;
}

export interface BfclCheckSummary {
  /** Unweighted mean of simple (itself the mean of python, java, javascript), multiple, parallel, parallel_multiple. */
  nonLive: number;
  /** Entry-weighted accuracy over the four live AST categories. */
  live: number;
  /** Mean of irrelevance and live_irrelevance. */
  irrelevance: number;
  relevance: number;
  /** Unweighted mean of the four multi-turn categories (base, miss_func, miss_param, long_context). */
  multiTurn: number;
  /** The V4 overall (10/10/10/30/40 % of non-live, live, irrelevance, multi-turn, agentic); agentic is not scored here and counts 0. */
  overall: number;
  /** Accuracy per category with a 95 % Wilson interval over its entries. */
  categories: { category: string; correct: number; total: number; accuracy: number; low: number; high: number }[];
  /** `reason`: for multi-turn, the turn and the class with its differing attributes, or the results never produced. */
  failures: { category: string; id: string; errorType: string; reason?: string }[];
}

/** A BFCL run as kept beside KOPA-Bench's runs. */
export interface BfclRunRow {
  id: string;
  /** The model as the run named it (a registered id, a file, a server). */
  model: string;
  backend: string;
  dataDir: string;
  outDir: string;
  params: { categories: string[]; limit?: number; temperature?: number; maxTokens?: number; concurrency?: number };
  seconds: number;
  createdAt: string;
  /** The leaderboard's aggregates and each category's accuracy; `failed`: how many entries failed. */
  scores: Omit<BfclCheckSummary, 'failures'> & { failed: number };
}

/** A kept BFCL run with every failed entry and why. */
export interface BfclRunDetail extends Omit<BfclRunRow, 'scores'> {
  scores: BfclCheckSummary;
}

export interface BfclConformance {
  vectors: number;
  agree: number;
  /** `expected`/`got`: verdicts (absent for a ground-truth execution line); `detail`: what differs, for multi-turn lines. */
  disagreements: {
    line: number;
    id: string;
    kind: string;
    expected?: { valid: boolean; error_type: string | null };
    got?: { valid: boolean; error_type: string | null };
    detail?: string;
  }[];
}

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

export interface BenchCheckAnswerParams {
  suite?: string;
  task: string;
  answer: string;
  /** The attempt's conversation (a run's transcript: assistant calls and tool results) for grounding; without it grounding is not judged. */
  transcript?: ChatMessage[];
}

export interface BenchCheckAnswerResult {
  task: string;
  pass: boolean;
  /** Whether the transcript's own results support the answer; null without a transcript. */
  grounded: boolean | null;
  detail: string;
  detailSaid: Comparison['said'];
  expected: unknown;
  /** The values the answer must not also state, as the reference trace gives them. */
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
  method: string;
  /** Tasks where the two runs differ, B − A per-task pass rate. */
  changed: { taskId: string; a: number; b: number }[];
  /** Tasks only one of the runs has (left out of the test). */
  unpaired: string[];
}

/** Methods that run as jobs: long work that must outlive the window that asked for it. */
export const jobMethods = ['synth.run', 'edges.verify', 'bench.run', 'bench.validate', 'bfcl.run', 'rollout.run', 'models.add', 'models.load'] as const;
export type JobMethod = (typeof jobMethods)[number];

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface JobInfo {
  id: string;
  method: JobMethod;
  params: Record<string, unknown>;
  /** interrupted: the engine stopped (a crash, a shutdown) while it ran. */
  status: JobStatus;
  /** The latest progress written (every second or so while it runs). */
  progress: Progress | null;
  /** The method's result, once done. */
  result: unknown;
  error: ErrorPayload | null;
  /** Whether jobs.resume can pick it up where it stopped. */
  resumable: boolean;
  /** The job this one resumed. */
  resumedFrom: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** Each method's parameters and result. Parameters are one JSON object, so every transport carries them alike. */
export interface EngineMethods {
  'engine.status': { params: EmptyParams; result: EngineStatus };
  'engine.doctor': { params: EmptyParams; result: DoctorReport };
  'engine.diskUse': { params: EmptyParams; result: DiskUse };
  'catalog.list': { params: { agency?: string }; result: CatalogListing };
  'catalog.get': { params: { id: string }; result: ToolSpec };
  'catalog.validate': { params: { files?: string[] }; result: CatalogValidation };
  'catalog.import': { params: { file: string; agency?: string }; result: CatalogImport };
  'catalog.kinds': { params: EmptyParams; result: Record<string, SemanticKind> };
  'gateway.call': { params: GatewayCallParams; result: CallResult };
  'gateway.quota': { params: { tool?: string }; result: QuotaUsage[] };
  /** `body` as text, or `bodyBase64` as the bytes (decoded by the declared charset, EUC-KR included). */
  'gateway.parse': { params: { tool: string; body?: string; bodyBase64?: string; status?: number; contentType?: string }; result: ParsedOutcome };
  'audit.verify': { params: EmptyParams; result: AuditVerdict };
  /** Audit entries matching a filter, newest first, a page at a time. */
  'audit.list': { params: AuditListParams; result: { total: number; entries: AuditListEntry[] } };
  'snapshots.list': { params: EmptyParams; result: SnapshotInfo[] };
  'bundle.export': { params: { snapshot: string; file: string }; result: BundleSummary };
  'bundle.import': { params: { file: string; as?: string }; result: BundleSummary };
  'edges.propose': { params: EmptyParams; result: EdgeProposal };
  'edges.verify': { params: EdgeVerifyParams; result: EdgeVerifySummary };
  'edges.list': { params: { status?: EdgeStatus; tool?: string; kind?: LinkKind }; result: EdgeListing };
  'edges.show': { params: { id: string }; result: EdgeDetail };
  'synth.run': { params: SynthRunParams; result: SynthRunResult };
  'synth.export': { params: { dataset: string; out: string; format: ExportFormat; distractors?: number; toolStyle?: ToolStyle }; result: ExportResult };
  'synth.list': { params: EmptyParams; result: DatasetInfo[] };
  'synth.samples': { params: { dataset: string }; result: { dataset: DatasetInfo; samples: SampleSummary[] } };
  'synth.sample': { params: { dataset: string; ordinal: number }; result: SynthSample };
  'models.add': { params: { source: string; name?: string; copy?: boolean; base?: string }; result: ModelInfo };
  'models.list': { params: EmptyParams; result: ModelInfo[] };
  'models.inspect': { params: { ref: string }; result: ModelInfo };
  'models.remove': { params: { id: string }; result: ModelInfo };
  /** The demo model (random weights), written into the data folder and registered on first use. */
  'models.demo': { params: EmptyParams; result: ModelInfo };
  'models.scan': { params: { folder: string }; result: ModelScan };
  'models.test': { params: { ref: string }; result: ServerCheckResult };
  'agent.run': { params: AgentRunParams; result: EpisodeSummary };
  /** The user's answer to a call waiting for approval (the id of its "approval" agent event). */
  'agent.approve': {
    params: { id: string; answer: 'once' | 'always' | 'deny'; reason?: string };
    result: { tool: string; answer: 'once' | 'always' | 'deny' };
  };
  'chats.list': { params: { search?: string }; result: ChatInfo[] };
  'chats.get': { params: { id: string }; result: ChatTranscript };
  'chats.rename': { params: { id: string; title: string }; result: ChatInfo };
  'chats.remove': { params: { id: string }; result: ChatInfo };
  /** Drops question `fromSeq` and everything after it, to ask it again or edited. */
  'chats.truncate': { params: { id: string; fromSeq: number }; result: ChatTranscript };
  'chats.export': { params: { id: string; format: 'md' | 'json' }; result: ChatExport };
  /** `gpuLayers`: layers offloaded to the GPU, "max", or "auto" (what the VRAM holds; the default). */
  'models.load': { params: { ref: string; contextSize?: number; gpuLayers?: number | 'auto' | 'max'; lora?: string[] }; result: LoadedModel };
  'models.unload': { params: { path: string }; result: { unloaded: number } };
  'models.loaded': { params: EmptyParams; result: LoadedModel[] };
  /** Starts long work as a job and answers at once; its progress streams to jobs.watch. */
  'jobs.start': { params: { method: JobMethod; params: Record<string, unknown> }; result: JobInfo };
  'jobs.list': { params: EmptyParams; result: JobInfo[] };
  'jobs.get': { params: { id: string }; result: JobInfo };
  'jobs.cancel': { params: { id: string }; result: JobInfo };
  /** Streams a job's progress until it ends, then answers with its final state (at once for a finished job). */
  'jobs.watch': { params: { id: string }; result: JobInfo };
  /** allowNetwork: leave for a job that calls live APIs; overwrite: leave to replace files it writes that exist. */
  'jobs.resume': { params: { id: string; allowNetwork?: boolean; overwrite?: boolean }; result: JobInfo };
  /** `constants`: the multi-turn simulators' constants file (default: derived/multi_turn_backend_constants.json beside the data folder). */
  'bfcl.run': {
    params: {
      data: string;
      model: string;
      out: string;
      categories?: BfclCategory[];
      limit?: number;
      concurrency?: number;
      maxTokens?: number;
      temperature?: number;
      constants?: string;
    };
    result: BfclRunSummary;
  };
  'bfcl.check': {
    params: { data: string; results: string; categories?: BfclCategory[]; underscoreToDot?: boolean; constants?: string };
    result: BfclCheckSummary;
  };
  'bfcl.conformance': { params: { data: string; vectors: string; constants?: string }; result: BfclConformance };
  'bfcl.runs': { params: EmptyParams; result: BfclRunRow[] };
  'bfcl.show': { params: { run: string }; result: BfclRunDetail };
  'bench.validate': { params: BenchValidateParams; result: BenchValidation };
  'bench.run': { params: BenchRunParams; result: BenchRunSummary };
  'rollout.run': { params: RolloutRunParams; result: RolloutRunResult };
  'train.export': { params: TrainExportParams; result: TrainExportResult };
  'bench.runs': { params: EmptyParams; result: BenchRunRow[] };
  'bench.report': { params: { run: string; format?: BenchReportFormat; out?: string; lang?: ReportLang }; result: BenchReport };
  'bench.compare': { params: { a: string; b: string }; result: BenchComparison };
  'bench.show': { params: { run: string }; result: BenchRunDetail };
  'bench.attempts': { params: { run: string; task: string }; result: BenchTaskAttempts };
  'bench.checkAnswer': { params: BenchCheckAnswerParams; result: BenchCheckAnswerResult };
  'reward.audit': { params: RewardAuditParams; result: RewardAuditResult };
  'keys.status': { params: EmptyParams; result: KeyReport };
  'keys.set': { params: { keyId: KeyId; key: string }; result: KeyReport };
  'keys.remove': { params: { keyId: KeyId }; result: KeyReport };
}

export type MethodName = keyof EngineMethods;
export type ParamsOf<M extends MethodName> = EngineMethods[M]['params'];
export type ResultOf<M extends MethodName> = EngineMethods[M]['result'];

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

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

export interface EngineApi {
  call<M extends MethodName>(method: M, params: ParamsOf<M>, options?: CallOptions): Promise<ResultOf<M>>;
}

/** Messages of the RPC protocol that runs over MessagePorts and WebSockets. */
export type ClientMessage = { kind: 'call'; id: number; method: string; params: unknown } | { kind: 'cancel'; id: number };

export type ServerMessage =
  { kind: 'result'; id: number; value: unknown } | { kind: 'error'; id: number; error: ErrorPayload } | { kind: 'progress'; id: number; progress: Progress };

/** WebSocket subprotocol of the API, and the prefix of the one that carries the token (browsers cannot set headers). */
export const API_PROTOCOL = 'kopa.v1';
export const API_TOKEN_PROTOCOL_PREFIX = 'kopa-token.';
