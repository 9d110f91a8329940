// What a benchmark run records and reports: its manifest (everything needed to reproduce it), its numbers,
// and one row per attempt. The engine API carries these as they are.
import type { CallRefusal } from '../agent/callRefusal.ts';
import type { ChatMessage, StopReason } from '../agent/types.ts';
import type { GatewayMode } from '../gateway/callResult.ts';
import type { Estimate as BenchEstimate } from './passAtK.ts';
import type { AttemptVerdict, FailureKind, StepMetrics } from './types.ts';
import type { Claim } from '../answer/claim.ts';
import type { ResultRowForm } from '../resultView/resultView.ts';

export interface BenchManifest {
  runId: string;
  /** `version` is the suite's own (suite.json); runs of different versions are never paired. Null: unversioned. */
  suite: { name: string; version: string | null; hash: string; tasks: number };
  model: {
    ref: string;
    backend: string;
    sha256: string | null;
    quantization: string | null;
    chatTemplate: string | null;
    file: string | null;
    lora: string[];
    loraScale?: number;
    contextSize?: number;
  };
  sampling: { samples: number; temperature: number; maxTokens: number | null; maxSteps: number; seed: number };
  backend: { mode: GatewayMode; snapshot: string | null; snapshotHash: string | null; emulatorSeed: number | null };
  /**
   * What the model saw: each result's view (token budget, text cut), whether the query tool was offered, and which
   * tools (`tools` "pick": what the chat picks for the task's question, with find_tools; absent: the task's own).
   */
  /** rows: present where a model was trained on named rows (resultView.ts); absent, columns. */
  view: { resultTokens: number; maxChars: number; queryTool: boolean; tools?: 'pick'; rows?: ResultRowForm };
  /** The scoring rules' version (SCORING_VERSION) the attempts were judged under; absent in runs recorded before 2. */
  scoring?: number;
  app: { version: string; node: string; platform: string };
  /** The audit chain's head when the run started: an anchor a later rewrite of the log cannot match. */
  audit?: { entries: number; head: string | null };
  createdAt: string;
}

export type { Estimate as BenchEstimate } from './passAtK.ts';

export interface BenchGroupScore {
  tasks: number;
  attempts: number;
  passed: number;
  'pass@1': BenchEstimate;
}

export interface BenchRunSummary {
  runId: string;
  status: 'running' | 'done' | 'failed' | 'aborted';
  tasks: number;
  samples: number;
  attempts: number;
  passed: number;
  /** Attempts this invocation ran, and the ones an earlier one had finished. */
  ran: number;
  resumed: number;
  /** Attempts that could not run (the backend failed); run the command again to retry them. */
  errors: { taskId: string; sample: number; message: string }[];
  'pass@k': Record<string, BenchEstimate>;
  'pass^k': Record<string, BenchEstimate>;
  byLevel: Record<string, BenchGroupScore>;
  byAbility: Record<string, BenchGroupScore>;
  byAgency: Record<string, BenchGroupScore>;
  failures: Record<string, number>;
  steps: {
    toolPrecision: number;
    toolRecall: number;
    toolF1: number;
    argumentAccuracy: number;
    provenance: { user: number; tool: number; invented: number };
    stepsUsed: number;
    stepsNeeded: number;
    faultsMet: number;
    faultsRecovered: number;
  };
  /**
   * Tokens of the attempts this invocation ran: each turn's whole prompt as the model read it (as a server reports
   * prompt_tokens), of those the tokens a local model reused from its cache instead of evaluating (`cached`, 0 for a
   * server), and generated.
   */
  tokens: { input: number; output: number; cached?: number };
  /** Harness time per attempt outside the model (ms), and the whole run's wall time. */
  overheadMs: number;
  seconds: number;
}

export interface BenchAttemptRow {
  taskId: string;
  sample: number;
  transcript: ChatMessage[];
  /** `rows` came back; `shown` of them were in the model's view of result `handle`. */
  calls: {
    tool: string;
    arguments: Record<string, unknown>;
    ok: boolean;
    errorKind: string | null;
    refused?: string;
    refusal?: CallRefusal;
    injected?: string;
    rows: number;
    handle?: string;
    shown?: number;
  }[];
  /** The message that ended the attempt (shown, not scored). */
  answer: string | null;
  /** The committed answer that was judged (absent in runs recorded before the answer protocol, scoring 3). */
  claim?: Claim | null;
  /** The claim as the judge read it, in the expected value's form. */
  read?: unknown;
  /** The message contradicts the claim (a lint). */
  inconsistent?: boolean;
  /** "error": the backend could not run the attempt (failure "backend error"); it counts as a failure. */
  verdict: 'pass' | 'fail' | 'error';
  /** Whether a pass is supported by the attempt's own calls (absent in runs recorded before grounding was). */
  grounded?: boolean;
  failure: FailureKind | null;
  detail: string;
  /** `detail` in the message catalogue (absent in runs recorded before it was). */
  detailSaid?: AttemptVerdict['detailSaid'];
  expected: unknown;
  metrics: StepMetrics;
  stoppedBy: StopReason;
  tokensIn: number;
  tokensOut: number;
  ms: number;
  finishedAt: string;
}

export interface BenchRunRow {
  id: string;
  suite: string;
  status: 'running' | 'done' | 'failed' | 'aborted';
  manifest: BenchManifest;
  summary: BenchRunSummary | null;
  createdAt: string;
  finishedAt: string | null;
}
