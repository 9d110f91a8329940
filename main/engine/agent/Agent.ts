// The one agent loop, for chat, evaluation and rollouts. The model sees a Korean system prompt with the
// session's "now" and a fixed set of catalog tools; every call it makes is checked against the tool's schema
// before anything is sent (violations go back to it as a tool error), runs through the gateway, and comes back
// compacted while the full result stays in the episode. A step cap with a last answer-only turn, a guard against
// repeating the same call, and abort at any time bound an episode. Every result is shown through the one result
// view (main/core/view/resultView.ts) with a handle, and the query tool reaches the rows the view hides. Tool output
// is data: nothing in a response changes the tools or where calls may go.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { functionName, functionSchema } from '../../core/catalog/functionSchema.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { systemPrompt } from '../../core/agent/prompt.ts';
import type { AgentEvent, ChatMessage, ModelTool, ModelTurn, StopReason, ToolCall, Usage } from '../../core/agent/types.ts';
import type { CallResult, Item, RawBody } from '../../core/gateway/callResult.ts';
import { EpisodeResults, lastHandle } from '../../core/view/EpisodeResults.ts';
import { offeredTools } from '../../core/view/offer.ts';
import { QUERY_TOOL } from '../../core/view/queryRows.ts';
import type { ViewOptions } from '../../core/view/resultView.ts';
import type { ModelBackend } from './backend.ts';
import type { ApprovalDecision } from './approvals.ts';
import { argumentOrigins, type ArgumentOrigin } from '../../core/agent/argumentOrigins.ts';
import { resultPreview } from '../../core/view/resultPreview.ts';

export interface AgentOptions {
  backend: ModelBackend;
  catalog: Catalog;
  /** Runs a tool through the gateway in the session's mode. */
  call: (tool: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallResult>;
  /** Tool ids the model may use; the query tool is added wherever a remote tool is offered (unless queryTool is false). */
  tools: string[];
  /** Whether to add the query tool where results can exceed the view. Defaults to true. */
  queryTool?: boolean;
  /** What "now" is for the model. */
  asOf: Date;
  /** Model turns before the episode must end. Defaults to 8. */
  maxSteps?: number;
  /** Tool calls run from one model turn; the rest are refused with a message the model reads. Defaults to 8. */
  maxCallsPerTurn?: number;
  /** Tool calls run (requests made) in the whole episode; at it the episode ends (stoppedBy "callCap"). Defaults to 32. */
  maxCallsPerEpisode?: number;
  /** Replaces the standard Korean system prompt (a tiny test model needs a short one). */
  systemPrompt?: string;
  /** "required" makes the first turn a tool call. Defaults to "auto". */
  firstToolChoice?: 'auto' | 'required';
  /** What the model sees of each result; the standard view (1,024 tokens per result) when omitted. */
  view?: ViewOptions;
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  /** Asked before each call that leaves the machine, when the user wants to approve them; a refusal's reason is the call's result. */
  approve?: (call: { step: number; callId: string; tool: string; arguments: Record<string, unknown> }) => Promise<ApprovalDecision>;
  /** Receives each message as it is added (to store the transcript as it happens). */
  onMessage?: (message: ChatMessage, meta?: Record<string, unknown>) => void;
  onEvent?: (event: AgentEvent) => void;
  signal?: AbortSignal;
}

export interface EpisodeCall {
  step: number;
  tool: string;
  arguments: Record<string, unknown>;
  /** Null when no request was made (invalid arguments, refused, repeated, unknown tool). */
  result: CallResult | null;
  /** The result's handle (r1, r2, …) when it succeeded. */
  handle?: string;
  /** The rows the model was shown, as it can read them (the result view's visible rows). */
  shown?: Item[];
  refused?: string;
  ms: number;
}

export interface Episode {
  answer: string | null;
  stoppedBy: StopReason;
  messages: ChatMessage[];
  calls: EpisodeCall[];
  turns: number;
  usage: Usage;
  ms: number;
  backend: string;
}

const REPEAT_LIMIT = 2;
/** The most of a raw body a chat keeps with a call (its card shows it on demand; the rows are what matter). */
const RAW_KEPT_CHARS = 64 * 1024;

function keptRaw(raw: RawBody): RawBody {
  return raw.body.length > RAW_KEPT_CHARS ? { ...raw, body: raw.body.slice(0, RAW_KEPT_CHARS), truncated: true } : raw;
}
/** The token budget of a turn when neither the caller nor the backend gives one. */
const DEFAULT_TURN_TOKENS = 512;

export class Agent {
  private readonly options: AgentOptions;
  private readonly modelTools: ModelTool[];
  private readonly byFunction: Map<string, string>;
  private readonly offersQuery: boolean;

  constructor(options: AgentOptions) {
    this.options = options;
    const tools = options.queryTool === false ? options.tools : offeredTools(options.catalog, options.tools);
    this.offersQuery = tools.includes(QUERY_TOOL);
    const specs = tools.map((id) => options.catalog.require(id));
    this.modelTools = specs.map((s) => functionSchema(s).function);
    this.byFunction = new Map(specs.map((s) => [functionName(s.id), s.id]));
  }

  /** One question; `history` is the conversation so far (a chat's earlier turns), without a system message. */
  async run(question: string, history: ChatMessage[] = []): Promise<Episode> {
    const started = performance.now();
    const o = this.options;
    const messages: ChatMessage[] = [];
    const calls: EpisodeCall[] = [];
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    const seen = new Map<string, number>();
    const results = new EpisodeResults(o.call, { catalog: o.catalog, view: o.view, after: lastHandle(history.flatMap((m) => (m.role === 'tool' ? [m.content] : []))) });
    const add = (m: ChatMessage, meta?: Record<string, unknown>): void => {
      messages.push(m);
      o.onMessage?.(m, meta);
    };
    add({ role: 'system', content: o.systemPrompt ?? systemPrompt(o.asOf, { queryTool: this.offersQuery }) });
    messages.push(...history.filter((m) => m.role !== 'system'));
    add({ role: 'user', content: question });
    const maxSteps = o.maxSteps ?? 8;
    let turns = 0;
    const end = (answer: string | null, stoppedBy: Episode['stoppedBy']): Episode => {
      const episode = { answer, stoppedBy, messages, calls, turns, usage, ms: Math.round(performance.now() - started), backend: o.backend.id };
      if (answer !== null) o.onEvent?.({ kind: 'final', answer, steps: calls.length, usage, ms: episode.ms });
      return episode;
    };
    while (turns < maxSteps) {
      if (o.signal?.aborted) return end(null, 'abort');
      const last = turns === maxSteps - 1;
      const toolChoice = last ? 'none' : turns === 0 ? (o.firstToolChoice ?? 'auto') : 'auto';
      if (last && turns > 0) add({ role: 'user', content: '도구를 더 쓰지 말고, 지금까지의 결과로 최종 답변을 하세요.' }, { kind: 'stepCap' });
      const ask = (maxTokens: number | undefined): Promise<ModelTurn> =>
        o.backend.turn(messages, this.modelTools, { toolChoice, maxTokens, temperature: o.temperature, seed: o.seed, signal: o.signal, onToken: (text) => o.onEvent?.({ kind: 'token', text }) });
      let turn = await ask(o.maxTokens);
      // A turn the token budget cut off is no answer and no call: it is asked once more with twice the budget, and
      // an episode cut again ends as truncated.
      if (turn.stop === 'maxTokens' && turn.toolCalls.length === 0) {
        usage.inputTokens += turn.usage.inputTokens;
        usage.outputTokens += turn.usage.outputTokens;
        const doubled = 2 * (turn.budget ?? o.maxTokens ?? DEFAULT_TURN_TOKENS);
        turn = await ask(doubled);
        if (turn.stop === 'maxTokens' && turn.toolCalls.length === 0) {
          turns++;
          usage.inputTokens += turn.usage.inputTokens;
          usage.outputTokens += turn.usage.outputTokens;
          o.onEvent?.({ kind: 'error', message: `the model's turn was cut off by its token budget twice (${doubled} tokens)` });
          return end(null, 'truncated');
        }
      }
      turns++;
      usage.inputTokens += turn.usage.inputTokens;
      usage.outputTokens += turn.usage.outputTokens;
      if (turn.trimmed) o.onEvent?.({ kind: 'context_trimmed', step: turns, ...turn.trimmed });
      if (turn.stop === 'abort') return end(null, 'abort');
      if (turn.toolCalls.length === 0) {
        add({ role: 'assistant', content: turn.text }, { usage: turn.usage, ...(turn.trimmed ? { trimmed: turn.trimmed } : {}) });
        return end(turn.text, 'final');
      }
      if (last) {
        // Told to answer, the model called again: its calls are not run, and the episode ends at the cap.
        add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls }, { usage: turn.usage, notRun: true });
        return end(null, 'maxSteps');
      }
      add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls }, { usage: turn.usage, ...(turn.trimmed ? { trimmed: turn.trimmed } : {}) });
      const perTurn = o.maxCallsPerTurn ?? 8;
      const perEpisode = o.maxCallsPerEpisode ?? 32;
      const ran = (): number => calls.filter((c) => c.result !== null).length;
      for (const [i, call] of turn.toolCalls.entries()) {
        // A model (or what it read) asking for hundreds of calls in one turn gets a bounded answer, not hundreds of requests.
        const reply =
          i >= perTurn ? this.refuse(call, turns, calls, `한 번에 도구를 ${perTurn}개까지만 호출할 수 있어 이 호출은 실행하지 않았습니다.`)
          : ran() >= perEpisode ? this.refuse(call, turns, calls, `이 질문에 쓸 수 있는 도구 호출 ${perEpisode}회를 모두 썼습니다.`)
          : await this.execute(call, { step: turns, question }, seen, calls, results);
        add({ role: 'tool', toolCallId: call.id, name: call.name, content: reply.content }, reply.meta);
      }
      if (ran() >= perEpisode) return end(null, 'callCap');
    }
    return end(null, 'maxSteps');
  }

  /** A call not run: recorded with the reason, which the model reads as the call's result. */
  private refuse(call: ToolCall, step: number, calls: EpisodeCall[], reason: string, ms = 0): { content: string; meta: Record<string, unknown> } {
    const tool = this.byFunction.get(call.name) ?? call.name;
    calls.push({ step, tool, arguments: call.arguments, result: null, refused: reason, ms });
    this.options.onEvent?.({ kind: 'tool_result', step, callId: call.id, tool, ok: false, summary: reason, latencyMs: 0 });
    return { content: JSON.stringify({ ok: false, error: 'Refused', message: reason }), meta: { refused: reason } };
  }

  private async execute(call: ToolCall, turn: { step: number; question: string }, seen: Map<string, number>, calls: EpisodeCall[], results: EpisodeResults): Promise<{ content: string; meta: Record<string, unknown> }> {
    const o = this.options;
    const { step } = turn;
    const started = performance.now();
    const toolId = this.byFunction.get(call.name);
    const origins: Record<string, ArgumentOrigin> = argumentOrigins(
      call.arguments,
      turn.question,
      calls.flatMap((c) => (c.handle && c.shown ? [{ handle: c.handle, rows: c.shown }] : [])),
    );
    const refuse = (reason: string): { content: string; meta: Record<string, unknown> } => {
      const refused = this.refuse(call, step, calls, reason, Math.round(performance.now() - started));
      return { ...refused, meta: { ...refused.meta, ...(toolId ? { tool: toolId } : {}), origins } };
    };
    if (!toolId) return refuse(`${call.name}은(는) 없는 도구입니다. 사용할 수 있는 도구: ${[...this.byFunction.keys()].join(', ')}`);
    o.onEvent?.({ kind: 'tool_call', step, call, tool: toolId, origins });
    const checked = o.catalog.validator(toolId).check(call.arguments);
    if (!checked.ok) return refuse(`인자가 스키마에 맞지 않아 호출하지 않았습니다: ${checked.violations.map((v) => `${v.path || '(arguments)'} ${v.message}`).join('; ')}`);
    const key = `${toolId} ${canonicalJson(checked.args)}`;
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times > REPEAT_LIMIT) return refuse('같은 인자로 같은 도구를 이미 여러 번 호출했습니다. 다른 방법을 쓰거나 답하세요.');
    const leaves = o.catalog.require(toolId).kind === 'remote';
    if (leaves && o.approve) {
      const decision = await o.approve({ step, callId: call.id, tool: toolId, arguments: checked.args });
      if (!decision.allow) return refuse(decision.reason);
    }
    const { result, view } = await results.run(toolId, checked.args, o.signal);
    const ms = Math.round(performance.now() - started);
    calls.push({ step, tool: toolId, arguments: checked.args, result, ...(view.handle ? { handle: view.handle } : {}), shown: view.visible, ms });
    const summary = result.ok ? `${view.handle}: ${view.shown} of ${view.returned} rows shown${view.returned !== view.totalCount ? ` (${view.totalCount} in all)` : ''}` : `${result.error?.kind}: ${result.error?.message}`;
    const spec = o.catalog.require(toolId);
    const preview = result.ok ? resultPreview(result.items, result.totalCount, { headline: spec.kind === 'remote' ? spec.response.headline : undefined }) : undefined;
    const error = result.error ? { kind: result.error.kind, message: result.error.message } : undefined;
    const raw = result.raw ? keptRaw(result.raw) : undefined;
    o.onEvent?.({ kind: 'tool_result', step, callId: call.id, tool: toolId, ok: result.ok, summary, latencyMs: result.latencyMs, ...(preview ? { preview } : {}), ...(error ? { error } : {}), ...(raw ? { raw } : {}) });
    return {
      content: view.text,
      meta: { tool: toolId, requestHash: result.requestHash, ok: result.ok, latencyMs: result.latencyMs, origins, ...(view.handle ? { handle: view.handle } : {}), ...(preview ? { preview } : {}), ...(error ? { error } : {}), ...(raw ? { raw } : {}) },
    };
  }
}
