// The one agent loop, for chat, evaluation, rollouts and BFCL's multi-turn entries. The model is offered what the
// tool box offers, with its system prompt (or the caller's); every call goes through the box's session, which
// runs it or refuses it with a reason the model reads. The loop bounds an episode: a step cap (with, by default, a
// last answer-only turn), caps on calls per turn and per episode, a turn cut off by its token budget asked once
// more and then ended as `truncated`, and abort at any time. The catalog's box is catalogTools.ts; BFCL's is
// core/bfcl/multiTurn/simulatorTools.ts.
//   Where the box offers the answer tool (core/answer/answerTool.ts), an episode ends by committing an answer: a call
// of it (the claim and the message), or a message in words whose last line "정답: …" holds the claim; the last turn
// before the step cap may only call it. A claim that is not one value of one kind goes back to the model, as a
// refused call does. Calls beside the answer in its turn are not run: the answer could not have read them.
import type { AgentEvent, ChatMessage, CutReason, ModelTool, ModelTurn, StopReason, ToolCall, TurnProgress, Usage } from '../../core/agent/types.ts';
import type { ToolBox, ToolSession, ToolTurn } from '../../core/agent/toolBox.ts';
import type { ModelBackend, TurnOptions } from '../models/backend.ts';
import type { Claim } from '../../core/answer/claim.ts';
import { isAnswerCall, readAnswerArguments } from '../../core/answer/answerTool.ts';
import { claimOfText } from '../../core/answer/answerLine.ts';
import { refusalForModel, unreadableArguments, type CallRefusal } from '../../core/agent/callRefusal.ts';

export interface AgentOptions<C> {
  backend: ModelBackend;
  tools: ToolBox<C>;
  /** Model turns before the episode must end. Defaults to 8. */
  maxSteps?: number;
  /**
   * Whether the last of maxSteps turns is answer-only (the model is told to answer and offered no call). Defaults
   * to true; BFCL's protocol has none (its 20th step may call, and the entry then ends).
   */
  answerOnlyLastStep?: boolean;
  /** Tool calls run from one model turn; the rest are refused with a message the model reads. Defaults to 8. */
  maxCallsPerTurn?: number;
  /** Tool calls run (requests made) in the whole episode; at it the episode ends (stoppedBy "callCap"). Defaults to 32. */
  maxCallsPerEpisode?: number;
  /** Replaces the tool box's system prompt (a tiny test model needs a short one). */
  systemPrompt?: string;
  /** "required" makes the first turn a tool call. Defaults to "auto". */
  firstToolChoice?: 'auto' | 'required';
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  /** Notes stored with the question (the tools picked for it). */
  questionMeta?: Record<string, unknown>;
  /** Receives each message as it is added (to store the transcript as it happens). */
  onMessage?: (message: ChatMessage, meta?: Record<string, unknown>) => void;
  onEvent?: (event: AgentEvent) => void;
  signal?: AbortSignal;
}

export interface Episode<C> {
  /** The message for the person that ended the episode (null: it ended without one). */
  answer: string | null;
  /** The committed answer (null: none; always null where the box offers no answer tool). */
  claim: Claim | null;
  stoppedBy: StopReason;
  /** The whole conversation: the system prompt, the history the episode continued, its question and what followed. */
  messages: ChatMessage[];
  calls: C[];
  turns: number;
  usage: Usage;
  ms: number;
  backend: string;
}

/** The token budget of a turn when neither the caller nor the backend gives one. */
const DEFAULT_TURN_TOKENS = 512;

type TurnChoice = NonNullable<TurnOptions['toolChoice']>;

export class Agent<C> {
  constructor(private readonly options: AgentOptions<C>) {}

  /** One question; `history` is the conversation so far (a chat's earlier turns), without a system message. */
  run(question: string, history: ChatMessage[] = []): Promise<Episode<C>> {
    return new EpisodeRun(this.options, question, history).run();
  }
}

/** One episode's state: its transcript, calls, usage and turns, and the steps of the loop over it. */
class EpisodeRun<C> {
  private readonly started = performance.now();
  private readonly messages: ChatMessage[] = [];
  private readonly calls: C[] = [];
  private readonly usage: Usage = { inputTokens: 0, outputTokens: 0 };
  private readonly session: ToolSession<C>;
  private readonly moment: Date | undefined;
  private turns = 0;
  /** Calls run (requests made), against the episode's cap. */
  private ran = 0;

  constructor(
    private readonly o: AgentOptions<C>,
    private readonly question: string,
    history: ChatMessage[],
  ) {
    this.session = o.tools.open(history, question);
    const system = o.systemPrompt ?? o.tools.systemPrompt();
    if (system !== null) this.add({ role: 'system', content: system });
    // Output that never finished is kept to be read, not to be read again by the model.
    this.messages.push(...history.filter((m) => m.role !== 'system' && !(m.role === 'assistant' && m.cut)));
    this.add({ role: 'user', content: question }, o.questionMeta);
    this.moment = o.tools.moment?.();
  }

  async run(): Promise<Episode<C>> {
    const o = this.o;
    const maxSteps = o.maxSteps ?? 8;
    while (this.turns < maxSteps) {
      if (o.signal?.aborted) return this.end(null, 'abort');
      const last = (o.answerOnlyLastStep ?? true) && this.turns === maxSteps - 1;
      const { toolChoice, tools, commits } = this.offer(last);
      if (last && this.turns > 0) this.add({ role: 'user', content: '도구를 더 쓰지 말고, 지금까지의 결과로 최종 답변을 하세요.' }, { kind: 'stepCap' });
      const asked = performance.now();
      const got = await this.askWithinBudget(tools, toolChoice, asked);
      if ('ended' in got) return got.ended;
      const turn = got.turn;
      this.turns++;
      this.count(turn);
      if (turn.trimmed) o.onEvent?.({ kind: 'context_trimmed', step: this.turns, ...turn.trimmed });
      if (turn.thinking) o.onEvent?.({ kind: 'thinking', step: this.turns, text: turn.thinking });
      if (turn.stop === 'abort') {
        this.keepCut(turn, 'stopped', asked);
        return this.end(null, 'abort');
      }
      const meta = { usage: turn.usage, ...(turn.trimmed ? { trimmed: turn.trimmed } : {}) };
      // The thinking goes with the turn (the transcript keeps it, the template decides whether later turns read it);
      // the answer is the text alone.
      const thinking = turn.thinking ? { thinking: turn.thinking } : {};
      if (turn.toolCalls.length === 0) {
        const claim = commits ? claimOfText(turn.text) : null;
        this.add({ role: 'assistant', content: turn.text, ...thinking, ...(claim ? { answer: claim } : {}) }, meta);
        return this.end(turn.text, 'final', claim);
      }
      const answer = commits ? turn.toolCalls.find((c) => isAnswerCall(c.name)) : undefined;
      if (answer) {
        const ended = this.answerCall(turn, answer, meta, last);
        if (ended) return ended;
        continue;
      }
      if (last) {
        // Told to answer, the model called again: its calls are not run, and the episode ends at the cap.
        this.add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...thinking }, { usage: turn.usage, notRun: true });
        return this.end(null, 'maxSteps');
      }
      this.add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...thinking }, meta);
      await this.runCalls(turn);
      if (this.ran >= (o.maxCallsPerEpisode ?? 32)) return this.end(null, 'callCap');
    }
    return this.end(null, 'maxSteps');
  }

  /**
   * What a turn is offered. The last turn may only answer: with the answer tool where it is offered, else in words. A
   * first turn that must call (firstToolChoice "required") must call a tool that asks something, not commit an answer.
   */
  private offer(last: boolean): { toolChoice: TurnChoice; tools: ModelTool[]; commits: boolean } {
    const offered = this.o.tools.offered();
    const commits = offered.some((t) => isAnswerCall(t.name));
    const toolChoice: TurnChoice = last ? (commits ? 'required' : 'none') : this.turns === 0 ? (this.o.firstToolChoice ?? 'auto') : 'auto';
    const tools =
      last && commits ? offered.filter((t) => isAnswerCall(t.name)) : toolChoice === 'required' ? offered.filter((t) => !isAnswerCall(t.name)) : offered;
    return { toolChoice, tools, commits };
  }

  private ask(tools: ModelTool[], toolChoice: TurnChoice, maxTokens: number | undefined): Promise<ModelTurn> {
    const o = this.o;
    return o.backend.turn(this.messages, tools, {
      toolChoice,
      maxTokens,
      temperature: o.temperature,
      seed: o.seed,
      signal: o.signal,
      onToken: (text) => o.onEvent?.({ kind: 'token', text }),
      // Watching costs a tokenization and a timer a turn: only where someone watches.
      ...(o.onEvent ? { onProgress: (p: TurnProgress) => o.onEvent?.({ kind: 'turn_progress', step: this.turns + 1, ...p }) } : {}),
      ...(this.moment ? { now: this.moment } : {}),
    });
  }

  /**
   * A turn the token budget cut off is no answer and no call: it is asked once more with twice the budget, and an
   * episode cut again ends as truncated.
   */
  private async askWithinBudget(tools: ModelTool[], toolChoice: TurnChoice, asked: number): Promise<{ turn: ModelTurn } | { ended: Episode<C> }> {
    const turn = await this.ask(tools, toolChoice, this.o.maxTokens);
    if (turn.stop !== 'maxTokens' || turn.toolCalls.length > 0) return { turn };
    this.count(turn);
    const doubled = 2 * (turn.budget ?? this.o.maxTokens ?? DEFAULT_TURN_TOKENS);
    const again = await this.ask(tools, toolChoice, doubled);
    if (again.stop !== 'maxTokens' || again.toolCalls.length > 0) return { turn: again };
    this.turns++;
    this.count(again);
    this.keepCut(again, 'truncated', asked);
    this.o.onEvent?.({ kind: 'error', message: `the model's turn was cut off by its token budget twice (${doubled} tokens)` });
    return { ended: this.end(null, 'truncated') };
  }

  /** A call of the answer tool: the episode ends with its claim, or the claim goes back to the model as a refused call. */
  private answerCall(turn: ModelTurn, answer: ToolCall, meta: Record<string, unknown>, last: boolean): Episode<C> | undefined {
    const thinking = turn.thinking ? { thinking: turn.thinking } : {};
    const read = answer.unreadableArguments === undefined ? readAnswerArguments(answer.arguments) : undefined;
    if (read?.ok) {
      const unrun = turn.toolCalls.filter((c) => c !== answer).map((c) => c.name);
      this.add({ role: 'assistant', content: read.message, answer: read.claim, ...thinking }, { ...meta, ...(unrun.length ? { notRun: unrun } : {}) });
      return this.end(read.message, 'final', read.claim);
    }
    this.add({ role: 'assistant', content: turn.text, toolCalls: [answer], ...thinking }, meta);
    const refusal: CallRefusal = read ? { kind: 'invalidAnswer', problem: read.problem } : unreadableArguments(answer.unreadableArguments ?? '');
    const said = refusalForModel(refusal);
    this.o.onEvent?.({ kind: 'tool_result', step: this.turns, callId: answer.id, tool: answer.name, ok: false, summary: said, refusal, latencyMs: 0 });
    this.add(
      { role: 'tool', toolCallId: answer.id, name: answer.name, content: JSON.stringify({ ok: false, error: 'Refused', message: said }) },
      { refused: said, refusal },
    );
    return last ? this.end(null, 'maxSteps') : undefined;
  }

  /**
   * Runs a turn's calls through the session. A model (or what it read) asking for hundreds of calls in one turn gets a
   * bounded answer, not hundreds of requests; arguments a server could not give as one object go back to be written
   * again, as any refusal does.
   */
  private async runCalls(turn: ModelTurn): Promise<void> {
    const perTurn = this.o.maxCallsPerTurn ?? 8;
    const perEpisode = this.o.maxCallsPerEpisode ?? 32;
    const at: ToolTurn = { step: this.turns, question: this.question, signal: this.o.signal, onEvent: this.o.onEvent };
    for (const [i, call] of turn.toolCalls.entries()) {
      const outcome =
        i >= perTurn
          ? this.session.refuse(call, at, { kind: 'turnCap', limit: perTurn })
          : this.ran >= perEpisode
            ? this.session.refuse(call, at, { kind: 'episodeCap', limit: perEpisode })
            : call.unreadableArguments !== undefined
              ? this.session.refuse(call, at, unreadableArguments(call.unreadableArguments))
              : await this.session.run(call, at);
      if (outcome.ran) this.ran++;
      this.calls.push(outcome.record);
      this.add({ role: 'tool', toolCallId: call.id, name: call.name, content: outcome.content }, outcome.meta);
    }
  }

  private add(m: ChatMessage, meta?: Record<string, unknown>): void {
    this.messages.push(m);
    this.o.onMessage?.(m, meta);
  }

  private end(answer: string | null, stoppedBy: StopReason, claim: Claim | null = null): Episode<C> {
    const { messages, calls, turns, usage } = this;
    const episode = { answer, claim, stoppedBy, messages, calls, turns, usage, ms: Math.round(performance.now() - this.started), backend: this.o.backend.id };
    if (answer !== null) this.o.onEvent?.({ kind: 'final', answer, claim, steps: calls.length, usage, ms: episode.ms });
    return episode;
  }

  /**
   * What a turn that did not finish wrote, kept in the transcript (a stopped stream, a cut-off turn). What was reached is
   * said with it, even where nothing was written yet (a stop while the prompt was read): the tokens written and the
   * time it ran. Later turns never read it.
   */
  private keepCut(turn: ModelTurn, cut: CutReason, since: number): void {
    this.add(
      { role: 'assistant', content: turn.text, cut, ...(turn.thinking ? { thinking: turn.thinking } : {}) },
      { usage: turn.usage, ms: Math.round(performance.now() - since) },
    );
  }

  private count(turn: ModelTurn): void {
    this.usage.inputTokens += turn.usage.inputTokens;
    if (turn.usage.cachedInputTokens !== undefined) this.usage.cachedInputTokens = (this.usage.cachedInputTokens ?? 0) + turn.usage.cachedInputTokens;
    this.usage.outputTokens += turn.usage.outputTokens;
  }
}
