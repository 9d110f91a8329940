// The catalog's tools as the agent offers them: the Korean system prompt with the session's "now", each call
// checked against the tool's schema before anything is sent (violations go back to the model as a tool error),
// a guard against repeating the same request, the user's approval for calls that leave the machine, the call run
// through the gateway and shown through the one result view (main/core/resultView/resultView.ts) with a handle, and the
// query tool that reaches the rows the view hides. Tool output is data: nothing in a response changes the tools or
// where calls may go.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { functionName, modelTool } from '../../core/catalog/functionSchema.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { refusalForModel, type CallRefusal } from '../../core/agent/callRefusal.ts';
import { systemPrompt } from '../../core/agent/prompt.ts';
import type { ChatMessage, ModelTool, ToolCall } from '../../core/agent/types.ts';
import type { ToolBox, ToolOutcome, ToolSession, ToolTurn } from '../../core/agent/toolBox.ts';
import type { CallResult, Item, RawBody } from '../../core/gateway/callResult.ts';
import { EpisodeResults, lastHandle } from '../../core/resultView/EpisodeResults.ts';
import { offeredTools } from '../../core/resultView/offer.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import { argumentOrigins, type ArgumentOrigin } from '../../core/agent/argumentOrigins.ts';
import { resultPreview } from '../../core/resultView/resultPreview.ts';
import { headlineForQuestion } from '../../core/resultView/questionColumns.ts';
import { Agent, type AgentOptions } from './Agent.ts';
import type { ApprovalDecision } from './approvals.ts';
import { withIssueWindow } from '../../core/gateway/issueWindow.ts';
import { answerTool } from '../../core/answer/answerTool.ts';
import { FIND_TOOLS, findTool, FOUND_AT_MOST, foundToolsText, isFindToolsCall } from '../../core/agent/findTools.ts';

export interface CatalogToolsOptions {
  catalog: Catalog;
  /** Runs a tool through the gateway in the session's mode. */
  call: (tool: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallResult>;
  /** Tool ids the model may use; the query tool is added wherever a remote tool is offered (unless queryTool is false). */
  tools: string[];
  /** Whether to add the query tool where results can exceed the view. Defaults to true. */
  queryTool?: boolean;
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

export class CatalogTools implements ToolBox<EpisodeCall> {
  /** The tools find_tools made callable in the episode now running. */
  private found: string[] = [];
  private offeredIds: string[] = [];
  private modelTools: ModelTool[] = [];
  private byFunction = new Map<string, string>();
  private offersQuery = false;

  /** Every catalog tool by the function name a model would call it by, offered or not. */
  private readonly inCatalog: Map<string, string>;

  constructor(private readonly options: CatalogToolsOptions) {
    this.inCatalog = new Map(options.catalog.list().map((t) => [functionName(t.id), t.id]));
    this.offer();
  }

  /** What the model is offered: the given tools and those it found, the query tool where rows can exceed the view, find_tools where on, the answer tool last. */
  private offer(): void {
    const o = this.options;
    const wanted = [...o.tools, ...this.found.filter((id) => !o.tools.includes(id))];
    const tools = o.queryTool === false ? wanted : offeredTools(o.catalog, wanted);
    this.offeredIds = tools;
    this.offersQuery = tools.includes(QUERY_TOOL);
    const specs = tools.map((id) => o.catalog.require(id));
    // The answer tool comes last: every episode over the catalog ends by committing an answer through it.
    this.modelTools = [...specs.map(modelTool), ...(o.find ? [findTool] : []), answerTool];
    this.byFunction = new Map(specs.map((s) => [functionName(s.id), s.id]));
  }

  offered(): ModelTool[] {
    return this.modelTools;
  }

  systemPrompt(): string {
    return systemPrompt(this.options.asOf, { queryTool: this.offersQuery });
  }

  moment(): Date {
    return this.options.asOf;
  }

  open(history: ChatMessage[], question: string): ToolSession<EpisodeCall> {
    const o = this.options;
    this.found = [];
    this.offer();
    // A scheduled API's "no data" names the latest issue as of the episode's moment, for the model and the chat alike.
    const call = async (tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallResult> =>
      withIssueWindow(await o.call(tool, args, signal), o.asOf);
    const results = new EpisodeResults(call, {
      catalog: o.catalog,
      view: o.view,
      after: lastHandle(history.flatMap((m) => (m.role === 'tool' ? [m.content] : []))),
    });
    const seen = new Map<string, number>();
    const calls: EpisodeCall[] = [];
    const refuse = (call: ToolCall, turn: ToolTurn, refusal: CallRefusal, ms = 0): ToolOutcome<EpisodeCall> => {
      const tool = this.byFunction.get(call.name) ?? this.inCatalog.get(call.name) ?? call.name;
      const reason = refusalForModel(refusal);
      const record: EpisodeCall = { step: turn.step, tool, arguments: call.arguments, result: null, refused: reason, refusal, ms };
      calls.push(record);
      turn.onEvent?.({ kind: 'tool_result', step: turn.step, callId: call.id, tool, ok: false, summary: reason, refusal, latencyMs: 0 });
      return { content: JSON.stringify({ ok: false, error: 'Refused', message: reason }), meta: { tool, refused: reason, refusal }, record, ran: false };
    };
    // The tools the chat's pick finds for the model's words, beyond those already offered; callable from the next turn.
    const findTools = (call: ToolCall, turn: ToolTurn): ToolOutcome<EpisodeCall> => {
      const query = String(call.arguments.query ?? '').slice(0, 200);
      const ids = (o.find?.(query) ?? []).filter((id) => !this.offeredIds.includes(id) && id !== QUERY_TOOL).slice(0, FOUND_AT_MOST);
      this.found.push(...ids);
      this.offer();
      const record: EpisodeCall = { step: turn.step, tool: FIND_TOOLS, arguments: { query }, result: null, ms: 0 };
      calls.push(record);
      const found = ids.map((id) => ({ name: functionName(id), description: o.catalog.require(id).description.ko }));
      turn.onEvent?.({ kind: 'tool_result', step: turn.step, callId: call.id, tool: FIND_TOOLS, ok: true, summary: ids.join(', ') || '—', latencyMs: 0 });
      return { content: foundToolsText(found), meta: { tool: FIND_TOOLS, found: ids }, record, ran: false };
    };
    const run = async (call: ToolCall, turn: ToolTurn): Promise<ToolOutcome<EpisodeCall>> => {
      const { step } = turn;
      const started = performance.now();
      const toolId = this.byFunction.get(call.name);
      const called = toolId ? o.catalog.get(toolId) : undefined;
      const origins: Record<string, ArgumentOrigin> = argumentOrigins(
        call.arguments,
        turn.question,
        calls.flatMap((c) => {
          const fields = o.catalog.get(c.tool)?.response.fields;
          return c.handle && c.shown ? [{ handle: c.handle, rows: c.shown, kindOf: (field: string) => fields?.[field]?.semantic }] : [];
        }),
        (param) => called?.parameters.properties[param]?.['x-semantic'],
      );
      const refused = (refusal: CallRefusal): ToolOutcome<EpisodeCall> => {
        const outcome = refuse(call, turn, refusal, Math.round(performance.now() - started));
        return { ...outcome, meta: { ...outcome.meta, ...(toolId ? { tool: toolId } : {}), origins } };
      };
      if (!toolId) {
        if (o.find && isFindToolsCall(call.name)) return findTools(call, turn);
        // A catalog tool that was not offered exists: the model is told how to get it, not that it does not exist.
        return refused(
          this.inCatalog.has(call.name)
            ? { kind: 'notOffered', name: call.name, findable: o.find !== undefined }
            : { kind: 'unknownTool', name: call.name, offered: [...this.byFunction.keys()] },
        );
      }
      turn.onEvent?.({ kind: 'tool_call', step, call, tool: toolId, origins });
      const checked = o.catalog.validator(toolId).check(call.arguments);
      if (!checked.ok) return refused({ kind: 'invalidArguments', violations: checked.violations });
      const key = `${toolId} ${canonicalJson(checked.args)}`;
      const times = (seen.get(key) ?? 0) + 1;
      seen.set(key, times);
      if (times > REPEAT_LIMIT) return refused({ kind: 'repeated' });
      const spec = o.catalog.require(toolId);
      if (spec.kind === 'remote' && o.approve) {
        const decision = await o.approve({ step, callId: call.id, tool: toolId, arguments: checked.args });
        if (!decision.allow) return refused(decision.refusal);
      }
      const { result, view } = await results.run(toolId, checked.args, turn.signal);
      const ms = Math.round(performance.now() - started);
      const record: EpisodeCall = {
        step,
        tool: toolId,
        arguments: checked.args,
        result,
        ...(view.handle ? { handle: view.handle } : {}),
        shown: view.visible,
        ms,
      };
      calls.push(record);
      const summary = result.ok
        ? `${view.handle}: ${view.shown} of ${view.returned} rows shown${view.returned !== view.totalCount ? ` (${view.totalCount} in all)` : ''}`
        : `${result.error?.kind}: ${result.error?.message}`;
      const preview = result.ok
        ? resultPreview(result.items, result.totalCount, {
            // The days the question asks about come first where the tool has a column per day (a weekend's hours).
            headline: spec.kind === 'remote' ? headlineForQuestion(spec.response.headline ?? [], spec.response.fields, question, o.asOf) : undefined,
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
      turn.onEvent?.({
        kind: 'tool_result',
        step,
        callId: call.id,
        tool: toolId,
        ok: result.ok,
        summary,
        latencyMs: result.latencyMs,
        ...shown,
        ...(preview ? { preview } : {}),
        ...(error ? { error } : {}),
        ...(raw ? { raw } : {}),
      });
      return {
        content: view.text,
        meta: {
          tool: toolId,
          requestHash: result.requestHash,
          ok: result.ok,
          latencyMs: result.latencyMs,
          origins,
          ...(view.handle ? { handle: view.handle } : {}),
          ...(preview ? { preview } : {}),
          ...(error ? { error } : {}),
          ...(raw ? { raw } : {}),
        },
        record,
        ran: true,
      };
    };
    return { run, refuse };
  }
}

/** The agent over catalog tools: the loop's options and the tools' options in one object. */
export type CatalogAgentOptions = Omit<AgentOptions<EpisodeCall>, 'tools'> & CatalogToolsOptions;

export function catalogAgent(options: CatalogAgentOptions): Agent<EpisodeCall> {
  const { catalog, call, tools, queryTool, asOf, view, approve, find, ...loop } = options;
  return new Agent({ ...loop, tools: new CatalogTools({ catalog, call, tools, queryTool, asOf, view, approve, ...(find ? { find } : {}) }) });
}
