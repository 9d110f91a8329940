// The catalog's tools as the agent offers them: the Korean system prompt with the session's "now", the tools given
// and those find_tools found, the query tool that reaches the rows the view hides, and the answer tool last. Each
// episode's calls are checked, run and shown by its session (catalogSession.ts). Tool output is data: nothing in a
// response changes the tools or where calls may go.
import { functionName, modelTool } from '../../core/catalog/functionSchema.ts';
import { systemPrompt } from '../../core/agent/prompt.ts';
import type { ChatMessage, ModelTool } from '../../core/agent/types.ts';
import type { ToolBox, ToolSession } from '../../core/agent/toolBox.ts';
import { offeredTools } from '../../core/resultView/offer.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import { Agent, type AgentOptions } from './Agent.ts';
import { CatalogSession, type EpisodeCall, type SessionOptions } from './catalogSession.ts';
import { answerTool } from '../../core/answer/answerTool.ts';
import { findTool } from '../../core/agent/findTools.ts';

export interface CatalogToolsOptions extends SessionOptions {
  /** Tool ids the model may use; the query tool is added wherever a remote tool is offered (unless queryTool is false). */
  tools: string[];
  /** Whether to add the query tool where results can exceed the view. Defaults to true. */
  queryTool?: boolean;
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
    this.found = [];
    this.offer();
    return new CatalogSession(
      this.options,
      {
        toolOf: (name) => this.byFunction.get(name),
        inCatalog: (name) => this.inCatalog.get(name),
        offeredFunctions: () => [...this.byFunction.keys()],
        isOffered: (id) => this.offeredIds.includes(id),
        addFound: (ids) => {
          this.found.push(...ids);
          this.offer();
        },
      },
      history,
      question,
    );
  }
}

/** The agent over catalog tools: the loop's options and the tools' options in one object. */
export type CatalogAgentOptions = Omit<AgentOptions<EpisodeCall>, 'tools'> & CatalogToolsOptions;

export function catalogAgent(options: CatalogAgentOptions): Agent<EpisodeCall> {
  const { catalog, call, tools, queryTool, asOf, view, approve, find, ...loop } = options;
  return new Agent({ ...loop, tools: new CatalogTools({ catalog, call, tools, queryTool, asOf, view, approve, ...(find ? { find } : {}) }) });
}
