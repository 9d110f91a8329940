// One episode over the catalog's tools: each call checked against the tool's schema (violations go back to the model
// as a refusal it reads), a guard against repeating the same request, the user's approval for calls that leave the
// machine, the call run through the gateway and shown through the one result view with a handle, and find_tools
// where the chat's pick is on. The box (catalogTools.ts) says what is offered; this holds what the episode did.
import { functionName } from '../../core/catalog/functionSchema.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { refusalForModel, type CallRefusal } from '../../core/agent/callRefusal.ts';
import type { ChatMessage, ToolCall } from '../../core/agent/types.ts';
import type { ToolOutcome, ToolSession, ToolTurn } from '../../core/agent/toolBox.ts';
import type { CallResult, Item, RawBody } from '../../core/gateway/callResult.ts';
import { EpisodeResults, lastHandle } from '../../core/resultView/EpisodeResults.ts';
import type { ResultView, ViewOptions } from '../../core/resultView/resultView.ts';
import { argumentOrigins, type ArgumentOrigin } from '../../core/agent/argumentOrigins.ts';
import { resultPreview } from '../../core/resultView/resultPreview.ts';
import { headlineForQuestion } from '../../core/resultView/questionColumns.ts';
import { withIssueWindow } from '../../core/gateway/issueWindow.ts';
import { FIND_TOOLS, FOUND_AT_MOST, foundToolsText, isFindToolsCall } from '../../core/agent/findTools.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { ApprovalDecision } from './approvals.ts';

/** What a session needs of the box's options: the catalog, how calls are made, the moment, the view, find and approval. */
export interface SessionOptions {
  catalog: Catalog;
  /** Runs a tool through the gateway in the session's mode. */
  call: (tool: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallResult>;
  /** What "now" is for the model (the system prompt says it). */
  asOf: Date;
  /** What the model sees of each result; the standard view (1,024 tokens per result) when omitted. */
  view?: ViewOptions;
  /**
   * Where given, find_tools is offered (core/agent/findTools.ts): the tools this finds for the words a model writes (the
   * chat's own pick) become callable from its next turn. Without it, only `tools` are.
   */
  find?: (query: string) => string[];
  /** Asked before each call that leaves the machine, when the user wants to approve them; a refusal's reason is the call's result. */
  approve?: (call: { step: number; callId: string; tool: string; arguments: Record<string, unknown> }) => Promise<ApprovalDecision>;
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
  /** What the model read of a call that was not made, and why it was not (said in each reader's language from it). */
  refused?: string;
  refusal?: CallRefusal;
  ms: number;
}

/** The same request (tool and checked arguments) is run at most this often in one episode. */
const REPEAT_LIMIT = 2;
/** The most of a raw body a chat keeps with a call (its card shows it on demand; the rows are what matter). */
const RAW_KEPT_CHARS = 64 * 1024;

function keptRaw(raw: RawBody): RawBody {
  return raw.body.length > RAW_KEPT_CHARS ? { ...raw, body: raw.body.slice(0, RAW_KEPT_CHARS), truncated: true } : raw;
}

/** What the session asks of the box: the tools offered now, and more made callable by find_tools. */
export interface OfferedTools {
  /** The offered tool a function name calls. */
  toolOf(name: string): string | undefined;
  /** Any catalog tool by its function name, offered or not. */
  inCatalog(name: string): string | undefined;
  offeredFunctions(): string[];
  isOffered(id: string): boolean;
  addFound(ids: string[]): void;
}

export class CatalogSession implements ToolSession<EpisodeCall> {
  private readonly results: EpisodeResults;
  private readonly seen = new Map<string, number>();
  private readonly calls: EpisodeCall[] = [];

  constructor(
    private readonly o: SessionOptions,
    private readonly box: OfferedTools,
    history: ChatMessage[],
    private readonly question: string,
  ) {
    // A scheduled API's "no data" names the latest issue as of the episode's moment, for the model and the chat alike.
    const call = async (tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallResult> =>
      withIssueWindow(await o.call(tool, args, signal), o.asOf);
    this.results = new EpisodeResults(call, {
      catalog: o.catalog,
      view: o.view,
      after: lastHandle(history.flatMap((m) => (m.role === 'tool' ? [m.content] : []))),
    });
  }

  refuse(call: ToolCall, turn: ToolTurn, refusal: CallRefusal, ms = 0): ToolOutcome<EpisodeCall> {
    const tool = this.box.toolOf(call.name) ?? this.box.inCatalog(call.name) ?? call.name;
    const reason = refusalForModel(refusal);
    const record: EpisodeCall = { step: turn.step, tool, arguments: call.arguments, result: null, refused: reason, refusal, ms };
    this.calls.push(record);
    turn.onEvent?.({ kind: 'tool_result', step: turn.step, callId: call.id, tool, ok: false, summary: reason, refusal, latencyMs: 0 });
    return { content: JSON.stringify({ ok: false, error: 'Refused', message: reason }), meta: { tool, refused: reason, refusal }, record, ran: false };
  }

  async run(call: ToolCall, turn: ToolTurn): Promise<ToolOutcome<EpisodeCall>> {
    const started = performance.now();
    const toolId = this.box.toolOf(call.name);
    const origins = this.originsOf(call, turn, toolId);
    const refused = (refusal: CallRefusal): ToolOutcome<EpisodeCall> => {
      const outcome = this.refuse(call, turn, refusal, Math.round(performance.now() - started));
      return { ...outcome, meta: { ...outcome.meta, ...(toolId ? { tool: toolId } : {}), origins } };
    };
    if (!toolId) {
      if (this.o.find && isFindToolsCall(call.name)) return this.findTools(call, turn);
      // A catalog tool that was not offered exists: the model is told how to get it, not that it does not exist.
      return refused(
        this.box.inCatalog(call.name) !== undefined
          ? { kind: 'notOffered', name: call.name, findable: this.o.find !== undefined }
          : { kind: 'unknownTool', name: call.name, offered: this.box.offeredFunctions() },
      );
    }
    turn.onEvent?.({ kind: 'tool_call', step: turn.step, call, tool: toolId, origins });
    const admitted = await this.admit(toolId, call, turn);
    if ('refusal' in admitted) return refused(admitted.refusal);
    const { result, view } = await this.results.run(toolId, admitted.args, turn.signal);
    return this.shown({ call, turn, toolId, args: admitted.args, result, view, origins, ms: Math.round(performance.now() - started) });
  }

  /** Where each argument's value came from: the question, a result shown before (as the graph's kinds join them), or nowhere. */
  private originsOf(call: ToolCall, turn: ToolTurn, toolId: string | undefined): Record<string, ArgumentOrigin> {
    const called = toolId ? this.o.catalog.get(toolId) : undefined;
    return argumentOrigins(
      call.arguments,
      turn.question,
      this.calls.flatMap((c) => {
        const fields = this.o.catalog.get(c.tool)?.response.fields;
        return c.handle && c.shown ? [{ handle: c.handle, rows: c.shown, kindOf: (field: string) => fields?.[field]?.semantic }] : [];
      }),
      (param) => called?.parameters.properties[param]?.['x-semantic'],
    );
  }

  /** A call is run only with arguments its schema takes, at most REPEAT_LIMIT times the same, and with the user's yes where asked. */
  private async admit(toolId: string, call: ToolCall, turn: ToolTurn): Promise<{ args: Record<string, unknown> } | { refusal: CallRefusal }> {
    const checked = this.o.catalog.validator(toolId).check(call.arguments);
    if (!checked.ok) return { refusal: { kind: 'invalidArguments', violations: checked.violations } };
    const key = `${toolId} ${canonicalJson(checked.args)}`;
    const times = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, times);
    if (times > REPEAT_LIMIT) return { refusal: { kind: 'repeated' } };
    if (this.o.catalog.require(toolId).kind === 'remote' && this.o.approve) {
      const decision = await this.o.approve({ step: turn.step, callId: call.id, tool: toolId, arguments: checked.args });
      if (!decision.allow) return { refusal: decision.refusal };
    }
    return { args: checked.args };
  }

  /** The call as the model reads it (the result view), as the chat's card shows it, and as the episode keeps it. */
  private shown(c: {
    call: ToolCall;
    turn: ToolTurn;
    toolId: string;
    args: Record<string, unknown>;
    result: CallResult;
    view: ResultView;
    origins: Record<string, ArgumentOrigin>;
    ms: number;
  }): ToolOutcome<EpisodeCall> {
    const { result, view, toolId } = c;
    const spec = this.o.catalog.require(toolId);
    const record: EpisodeCall = {
      step: c.turn.step,
      tool: toolId,
      arguments: c.args,
      result,
      ...(view.handle ? { handle: view.handle } : {}),
      shown: view.visible,
      ms: c.ms,
    };
    this.calls.push(record);
    const summary = result.ok
      ? `${view.handle}: ${view.shown} of ${view.returned} rows shown${view.returned !== view.totalCount ? ` (${view.totalCount} in all)` : ''}`
      : `${result.error?.kind}: ${result.error?.message}`;
    const preview = result.ok
      ? resultPreview(result.items, result.totalCount, {
          // The days the question asks about come first where the tool has a column per day (a weekend's hours).
          headline: spec.kind === 'remote' ? headlineForQuestion(spec.response.headline ?? [], spec.response.fields, this.question, this.o.asOf) : undefined,
          documented: spec.kind === 'remote' ? Object.keys(spec.response.fields) : undefined,
        })
      : undefined;
    const error = result.error
      ? {
          kind: result.error.kind,
          message: result.error.message,
          ...(result.error.said ? { said: result.error.said } : {}),
          ...(result.error.violations ? { violations: result.error.violations } : {}),
        }
      : undefined;
    const raw = result.raw ? keptRaw(result.raw) : undefined;
    const shown = result.ok && view.handle ? { view: { handle: view.handle, shown: view.shown, returned: view.returned, total: view.totalCount } } : {};
    const card = { ...(preview ? { preview } : {}), ...(error ? { error } : {}), ...(raw ? { raw } : {}) };
    c.turn.onEvent?.({
      kind: 'tool_result',
      step: c.turn.step,
      callId: c.call.id,
      tool: toolId,
      ok: result.ok,
      summary,
      latencyMs: result.latencyMs,
      ...shown,
      ...card,
    });
    return {
      content: view.text,
      meta: {
        tool: toolId,
        requestHash: result.requestHash,
        ok: result.ok,
        latencyMs: result.latencyMs,
        origins: c.origins,
        ...(view.handle ? { handle: view.handle } : {}),
        ...card,
      },
      record,
      ran: true,
    };
  }

  /** The tools the chat's pick finds for the model's words, beyond those already offered; callable from the next turn. */
  private findTools(call: ToolCall, turn: ToolTurn): ToolOutcome<EpisodeCall> {
    const query = String(call.arguments.query ?? '').slice(0, 200);
    const ids = (this.o.find?.(query) ?? []).filter((id) => !this.box.isOffered(id) && id !== QUERY_TOOL).slice(0, FOUND_AT_MOST);
    this.box.addFound(ids);
    const record: EpisodeCall = { step: turn.step, tool: FIND_TOOLS, arguments: { query }, result: null, ms: 0 };
    this.calls.push(record);
    const found = ids.map((id) => ({ name: functionName(id), description: this.o.catalog.require(id).description.ko }));
    turn.onEvent?.({ kind: 'tool_result', step: turn.step, callId: call.id, tool: FIND_TOOLS, ok: true, summary: ids.join(', ') || '—', latencyMs: 0 });
    return { content: foundToolsText(found), meta: { tool: FIND_TOOLS, found: ids }, record, ran: false };
  }
}
