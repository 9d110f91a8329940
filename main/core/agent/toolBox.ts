// What the agent loop needs of the tools it offers, so that one loop (its step cap, call caps, truncation rule and
// abort) drives every kind of tool: the catalog's public APIs through the gateway, and BFCL's simulators. A box
// says what the model is offered and which system prompt comes with it; a session holds one episode's own state
// (the handles of results shown so far, repeated calls) and runs or refuses each call.
import type { CallRefusal } from './callRefusal.ts';
import type { AgentEvent, ChatMessage, ModelTool, ToolCall } from './types.ts';

/** What one call became: the text the model reads as its result, and the call as the episode keeps it. */
export interface ToolOutcome<C> {
  content: string;
  /** Stored with the tool message (a chat's call card reads it). */
  meta?: Record<string, unknown>;
  record: C;
  /** Whether the call ran (a refused call did not); ran calls count against the episode's call cap. */
  ran: boolean;
}

/** Where in the episode a call is made. */
export interface ToolTurn {
  /** The model turn (1-based) that made the call. */
  step: number;
  question: string;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
}

export interface ToolSession<C> {
  run(call: ToolCall, turn: ToolTurn): Promise<ToolOutcome<C>>;
  /** A call the loop does not run (a call cap): the model reads why. */
  refuse(call: ToolCall, turn: ToolTurn, refusal: CallRefusal): ToolOutcome<C>;
}

export interface ToolBox<C> {
  /** The functions offered to the model now; a box may offer more as the conversation goes on (BFCL's held-out functions). */
  offered(): ModelTool[];
  /** The system prompt these tools come with; null for none. */
  systemPrompt(): string | null;
  /** The episode's moment, where its tools have one: the date a model's template writes agrees with the system prompt's. */
  moment?(): Date;
  /** One episode's session; `history` is the conversation before the episode's question. */
  open(history: ChatMessage[], question: string): ToolSession<C>;
}
