// The agent's conversation, in one neutral shape that every backend translates from: llama.cpp chat history,
// OpenAI chat completions, a scripted transcript. Tool names are function names (kma_getUltraSrtNcst).
import type { CallRefusal } from './callRefusal.ts';
import type { ArgumentOrigin } from './argumentOrigins.ts';
import type { ResultPreview } from '../resultView/resultPreview.ts';
import type { CallError as GatewayCallError, RawBody } from '../gateway/callResult.ts';
import type { Claim } from '../answer/claim.ts';

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** The arguments' JSON as the model wrote it, where the backend sees it: keeps 15.0 apart from 15 (BFCL scores that). */
  rawArguments?: string;
  /** The arguments as a server sent them where they are not one JSON object: the loop refuses the call with them, for the model to correct. */
  unreadableArguments?: string;
}

/** Why a model turn's output did not finish. */
export type CutReason = 'stopped' | 'truncated';

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  /**
   * `thinking`: what a thinking model thought before this turn's answer or calls; never part of `content`. `cut`:
   * output that did not finish (the user stopped it, or the token budget cut it off twice), kept to be read: never
   * an answer, and never sent back to a model.
   */
  /**
   * `answer`: the committed answer (core/answer/claim.ts) of the turn that ended the episode, its message the content;
   * given by the answer tool or read from a "정답:" line.
   */
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; thinking?: string; cut?: CutReason; answer?: Claim }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/**
 * Tokens of a turn (or an episode, summed): `inputTokens` the whole prompt the model read, as servers report
 * prompt_tokens (cached or not); `cachedInputTokens` of those, reused from an earlier turn's cache rather than
 * evaluated again (a local model; absent where unknown).
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
}

/** One answer of a model: text, tool calls, or both (some models explain before calling). */
export interface ModelTurn {
  /** The answer's words, without any thinking. */
  text: string;
  /** What a thinking model (Qwen3, gpt-oss, EXAONE 4.0) thought before it answered or called. */
  thinking?: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** Why generation stopped: a finished message, tool calls, the token limit, or an abort. */
  stop: 'end' | 'toolCalls' | 'maxTokens' | 'abort';
  /** The token budget the turn had, where the backend chose it (a local model sizes it to its grammar). */
  budget?: number;
  /** What the conversation gave up to fit the model's context (native/llama/contextPolicy.ts), when it had to. */
  trimmed?: { results: number; items: number };
}

/** A tool as a model is offered it (an OpenAI function schema's function part). */
export interface ModelTool {
  name: string;
  description: string;
  parameters: { type: 'object'; properties: Record<string, unknown>; required: string[] };
  /**
   * One call's arguments as the catalog documents them, for the tool descriptions written into a prompt
   * (grammar mode, toolPrompt.ts). Never part of the function schema a template or a server is given.
   */
  example?: Record<string, unknown>;
  /**
   * Each parameter's value kind (the catalog's x-semantic: address.road, region.lawdCd5 …), for a grammar that holds
   * a value to what the question or an earlier result says (copyChoices.ts). Never part of the function schema.
   */
  semantics?: Record<string, string>;
  /**
   * Each result field's value kind (the catalog's response `semantic`), so that a value an earlier result holds is
   * copied into a parameter only from a field of its kind (copyChoices.ts). Never part of the function schema.
   */
  resultSemantics?: Record<string, string>;
}

/**
 * Why an episode ended: a final answer, the step cap, the cap on tool calls (too many in one turn or in the
 * episode), a turn cut off by its token budget twice (`truncated`: never an answer), or an abort.
 */
export type StopReason = 'final' | 'maxSteps' | 'callCap' | 'truncated' | 'abort';

/** What an agent episode streams as it runs. */
/** A failed call's error as a screen receives it: the gateway's words, kind and violations (its kind as recorded). */
export type ShownCallError = Pick<GatewayCallError, 'message' | 'said' | 'violations'> & { kind: string };

/**
 * A local model's turn as it goes: the prompt tokens read of those it had to read (what its sequence already held is
 * not read again), the tokens written, and the time since the turn began.
 */
export interface TurnProgress {
  toRead: number;
  read: number;
  written: number;
  elapsedMs: number;
  /** Time since the first token was written (0 before): the writing rate is written / writingMs. */
  writingMs: number;
}

export type AgentEvent =
  | { kind: 'token'; text: string }
  | ({ kind: 'turn_progress'; step: number } & TurnProgress)
  | { kind: 'tool_call'; step: number; call: ToolCall; tool: string; origins?: Record<string, ArgumentOrigin> }
  /** A call that leaves the machine waits for the user's answer to approval `id` (approval "ask"). */
  | { kind: 'approval'; id: string; step: number; callId: string; tool: string; arguments: Record<string, unknown> }
  | {
      kind: 'tool_result';
      step: number;
      callId: string;
      tool: string;
      ok: boolean;
      /** One line (a refusal's reason as the model reads it). */
      summary: string;
      /** Why the call was not made, for a screen to say in its own language. */
      refusal?: CallRefusal;
      latencyMs: number;
      /** What the model was shown of a result: its handle, rows shown of those returned, and the total the service has. */
      view?: { handle: string; shown: number; returned: number; total: number };
      preview?: ResultPreview;
      error?: ShownCallError;
      raw?: RawBody;
    }
  /** The tools offered for this question: picked for what it asks (toolPick.ts), or the chat's own choice. */
  | { kind: 'tools_offered'; tools: string[]; picked: boolean }
  /** What a thinking model thought before its turn's calls or answer (shown collapsed; never the answer). */
  | { kind: 'thinking'; step: number; text: string }
  /** The conversation outgrew the model's context: older tool results' rows (and, if need be, earlier exchanges) were left out. */
  | { kind: 'context_trimmed'; step: number; results: number; items: number }
  /** The episode's end: the message for the person, and the claim it committed to (null: none). */
  | { kind: 'final'; answer: string; claim: Claim | null; steps: number; usage: Usage; ms: number }
  | { kind: 'error'; message: string };
