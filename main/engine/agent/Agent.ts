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
import type { AgentEvent, ChatMessage, CutReason, ModelTurn, StopReason, TurnProgress, Usage } from '../../core/agent/types.ts';
import type { ToolBox, ToolTurn } from '../../core/agent/toolBox.ts';
import type { ModelBackend } from '../models/backend.ts';
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

export class Agent<C> {
  constructor(private readonly options: AgentOptions<C>) {}

  /** One question; `history` is the conversation so far (a chat's earlier turns), without a system message. */
  async run(question: string, history: ChatMessage[] = []): Promise<Episode<C>> {
    const started = performance.now();
    const o = this.options;
    const messages: ChatMessage[] = [];
    const calls: C[] = [];
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    const session = o.tools.open(history, question);
    const add = (m: ChatMessage, meta?: Record<string, unknown>): void => {
      messages.push(m);
      o.onMessage?.(m, meta);
    };
    const system = o.systemPrompt ?? o.tools.systemPrompt();
    if (system !== null) add({ role: 'system', content: system });
    // Output that never finished is kept to be read, not to be read again by the model.
    messages.push(...history.filter((m) => m.role !== 'system' && !(m.role === 'assistant' && m.cut)));
    add({ role: 'user', content: question }, o.questionMeta);
    const maxSteps = o.maxSteps ?? 8;
    const moment = o.tools.moment?.();
    const answerOnlyLast = o.answerOnlyLastStep ?? true;
    const perTurn = o.maxCallsPerTurn ?? 8;
    const perEpisode = o.maxCallsPerEpisode ?? 32;
    let ran = 0;
    let turns = 0;
    const end = (answer: string | null, stoppedBy: StopReason, claim: Claim | null = null): Episode<C> => {
      const episode = { answer, claim, stoppedBy, messages, calls, turns, usage, ms: Math.round(performance.now() - started), backend: o.backend.id };
      if (answer !== null) o.onEvent?.({ kind: 'final', answer, claim, steps: calls.length, usage, ms: episode.ms });
      return episode;
    };
    /** What a turn that did not finish wrote, kept in the transcript (a stopped stream, a cut-off turn) when it wrote anything. */
    const keepCut = (turn: ModelTurn, cut: CutReason, since: number): void => {
      // What was reached is said with it, even where nothing was written yet (a stop while the prompt was read): the
      // tokens written and the time it ran. Later turns never read it.
      add(
        { role: 'assistant', content: turn.text, cut, ...(turn.thinking ? { thinking: turn.thinking } : {}) },
        { usage: turn.usage, ms: Math.round(performance.now() - since) },
      );
    };
    const count = (turn: ModelTurn): void => {
      usage.inputTokens += turn.usage.inputTokens;
      if (turn.usage.cachedInputTokens !== undefined) usage.cachedInputTokens = (usage.cachedInputTokens ?? 0) + turn.usage.cachedInputTokens;
      usage.outputTokens += turn.usage.outputTokens;
    };
    while (turns < maxSteps) {
      if (o.signal?.aborted) return end(null, 'abort');
      const last = answerOnlyLast && turns === maxSteps - 1;
      const offered = o.tools.offered();
      const commits = offered.some((t) => isAnswerCall(t.name));
      // The last turn may only answer: with the answer tool where it is offered, else in words. A first turn that
      // must call (firstToolChoice "required") must call a tool that asks something, not commit an answer.
      const toolChoice = last ? (commits ? 'required' : 'none') : turns === 0 ? (o.firstToolChoice ?? 'auto') : 'auto';
      const tools =
        last && commits ? offered.filter((t) => isAnswerCall(t.name)) : toolChoice === 'required' ? offered.filter((t) => !isAnswerCall(t.name)) : offered;
      if (last && turns > 0) add({ role: 'user', content: '도구를 더 쓰지 말고, 지금까지의 결과로 최종 답변을 하세요.' }, { kind: 'stepCap' });
      const ask = (maxTokens: number | undefined): Promise<ModelTurn> =>
        o.backend.turn(messages, tools, {
          toolChoice,
          maxTokens,
          temperature: o.temperature,
          seed: o.seed,
          signal: o.signal,
          onToken: (text) => o.onEvent?.({ kind: 'token', text }),
          // Watching costs a tokenization and a timer a turn: only where someone watches.
          ...(o.onEvent ? { onProgress: (p: TurnProgress) => o.onEvent?.({ kind: 'turn_progress', step: turns + 1, ...p }) } : {}),
          ...(moment ? { now: moment } : {}),
        });
      const asked = performance.now();
      let turn = await ask(o.maxTokens);
      // A turn the token budget cut off is no answer and no call: it is asked once more with twice the budget, and
      // an episode cut again ends as truncated.
      if (turn.stop === 'maxTokens' && turn.toolCalls.length === 0) {
        count(turn);
        const doubled = 2 * (turn.budget ?? o.maxTokens ?? DEFAULT_TURN_TOKENS);
        turn = await ask(doubled);
        if (turn.stop === 'maxTokens' && turn.toolCalls.length === 0) {
          turns++;
          count(turn);
          keepCut(turn, 'truncated', asked);
          o.onEvent?.({ kind: 'error', message: `the model's turn was cut off by its token budget twice (${doubled} tokens)` });
          return end(null, 'truncated');
        }
      }
      turns++;
      count(turn);
      if (turn.trimmed) o.onEvent?.({ kind: 'context_trimmed', step: turns, ...turn.trimmed });
      if (turn.thinking) o.onEvent?.({ kind: 'thinking', step: turns, text: turn.thinking });
      if (turn.stop === 'abort') {
        keepCut(turn, 'stopped', asked);
        return end(null, 'abort');
      }
      const meta = { usage: turn.usage, ...(turn.trimmed ? { trimmed: turn.trimmed } : {}) };
      // The thinking goes with the turn (the transcript keeps it, the template decides whether later turns read it);
      // the answer is the text alone.
      const thinking = turn.thinking ? { thinking: turn.thinking } : {};
      if (turn.toolCalls.length === 0) {
        const claim = commits ? claimOfText(turn.text) : null;
        add({ role: 'assistant', content: turn.text, ...thinking, ...(claim ? { answer: claim } : {}) }, meta);
        return end(turn.text, 'final', claim);
      }
      const answer = commits ? turn.toolCalls.find((c) => isAnswerCall(c.name)) : undefined;
      if (answer) {
        const read = answer.unreadableArguments === undefined ? readAnswerArguments(answer.arguments) : undefined;
        if (read?.ok) {
          const unrun = turn.toolCalls.filter((c) => c !== answer).map((c) => c.name);
          add({ role: 'assistant', content: read.message, answer: read.claim, ...thinking }, { ...meta, ...(unrun.length ? { notRun: unrun } : {}) });
          return end(read.message, 'final', read.claim);
        }
        add({ role: 'assistant', content: turn.text, toolCalls: [answer], ...thinking }, meta);
        const refusal: CallRefusal = read ? { kind: 'invalidAnswer', problem: read.problem } : unreadableArguments(answer.unreadableArguments ?? '');
        const said = refusalForModel(refusal);
        o.onEvent?.({ kind: 'tool_result', step: turns, callId: answer.id, tool: answer.name, ok: false, summary: said, refusal, latencyMs: 0 });
        add(
          { role: 'tool', toolCallId: answer.id, name: answer.name, content: JSON.stringify({ ok: false, error: 'Refused', message: said }) },
          { refused: said, refusal },
        );
        if (last) return end(null, 'maxSteps');
        continue;
      }
      if (last) {
        // Told to answer, the model called again: its calls are not run, and the episode ends at the cap.
        add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...thinking }, { usage: turn.usage, notRun: true });
        return end(null, 'maxSteps');
      }
      add({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...thinking }, meta);
      const at: ToolTurn = { step: turns, question, signal: o.signal, onEvent: o.onEvent };
      for (const [i, call] of turn.toolCalls.entries()) {
        // A model (or what it read) asking for hundreds of calls in one turn gets a bounded answer, not hundreds of
        // requests; arguments a server could not give as one object go back to be written again, as any refusal does.
        const outcome =
          i >= perTurn
            ? session.refuse(call, at, { kind: 'turnCap', limit: perTurn })
            : ran >= perEpisode
              ? session.refuse(call, at, { kind: 'episodeCap', limit: perEpisode })
              : call.unreadableArguments !== undefined
                ? session.refuse(call, at, unreadableArguments(call.unreadableArguments))
                : await session.run(call, at);
        if (outcome.ran) ran++;
        calls.push(outcome.record);
        add({ role: 'tool', toolCallId: call.id, name: call.name, content: outcome.content }, outcome.meta);
      }
      if (ran >= perEpisode) return end(null, 'callCap');
    }
    return end(null, 'maxSteps');
  }
}
