// A chat as the view draws it: turns of a question, what the agent did (text, call cards) and its answer, built
// from the stored transcript or, while a run streams, from its events.
import type { TranscriptMessage } from '../../../../main/api/contract.ts';
import type { AgentEvent, ShownCallError, CutReason, TurnProgress } from '../../../../main/core/agent/types.ts';
import type { CallRefusal } from '../../../../main/core/agent/callRefusal.ts';
import type { ArgumentOrigin } from '../../../../main/core/agent/argumentOrigins.ts';
import type { ResultPreview } from '../../../../main/core/resultView/resultPreview.ts';
import type { RawBody } from '../../../../main/core/gateway/callResult.ts';
import type { Claim } from '../../../../main/core/answer/claim.ts';
import { isFindToolsCall } from '../../../../main/core/agent/findTools.ts';

export interface CallCardData {
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
  status: 'running' | 'approval' | 'done' | 'failed' | 'refused';
  latencyMs?: number;
  preview?: ResultPreview;
  /** The body the service sent, on demand. */
  raw?: RawBody;
  error?: ShownCallError;
  /** What the model read of a call that was not made, and why it was not (the card says it in the screen's language). */
  refused?: string;
  refusal?: CallRefusal;
  origins?: Record<string, ArgumentOrigin>;
  /** The approval the call waits for. */
  approvalId?: string;
  /** The result as the model read it (the result view), once stored. */
  viewText?: string;
  /** A tool search's finds: the catalog tools it made callable from the next turn. */
  found?: string[];
}

export type TurnItem =
  | { kind: 'text'; text: string }
  | { kind: 'thinking'; text: string }
  | { kind: 'call'; card: CallCardData }
  /** What a turn wrote before it was stopped or cut off: shown, never the answer. */
  | { kind: 'cut'; text: string; cut: CutReason; tokens?: number; ms?: number }
  | { kind: 'trimmed'; results: number; items: number };

export interface Turn {
  /** The question's place in the chat (to edit or regenerate from it); absent while it is being asked. */
  seq?: number;
  question: string;
  /** The tools the model was offered for it, and whether they were picked for the question. */
  offered?: { tools: string[]; picked: boolean };
  items: TurnItem[];
  /** The message that ended the turn. */
  answer: string | null;
  /** What it committed to (the headline above the message); absent or null where it committed to nothing. */
  claim?: Claim | null;
  /** Where the model's current turn has got, while a local model answers. */
  progress?: TurnProgress;
}

/** The call of a turn that waits for the analyst's approval, if one does. */
export function pendingApproval(turn: Turn): CallCardData | undefined {
  for (const item of turn.items) if (item.kind === 'call' && item.card.status === 'approval' && item.card.approvalId) return item.card;
  return undefined;
}

/** Text a model writes as its tool call (grammar mode, native templates) is the call itself, drawn as a card. */
function looksLikeCallText(text: string): boolean {
  return /^\s*(\{|\[|<tool_call>|<\|)/.test(text);
}

function cardFromStored(call: { id: string; name: string; arguments: Record<string, unknown> }, result: TranscriptMessage | undefined): CallCardData {
  const meta = result?.meta ?? {};
  const refused = typeof meta.refused === 'string' ? meta.refused : undefined;
  return {
    callId: call.id,
    tool: typeof meta.tool === 'string' ? meta.tool : call.name,
    arguments: call.arguments,
    status: !result ? 'failed' : refused ? 'refused' : meta.ok === false ? 'failed' : 'done',
    ...(typeof meta.latencyMs === 'number' ? { latencyMs: meta.latencyMs } : {}),
    ...(meta.preview ? { preview: meta.preview as ResultPreview } : {}),
    ...(meta.raw ? { raw: meta.raw as RawBody } : {}),
    ...(meta.error ? { error: meta.error as ShownCallError } : {}),
    ...(meta.origins ? { origins: meta.origins as Record<string, ArgumentOrigin> } : {}),
    ...(refused ? { refused } : {}),
    ...(refused && meta.refusal ? { refusal: meta.refusal as CallRefusal } : {}),
    ...(result ? { viewText: result.content } : {}),
    ...(Array.isArray(meta.found) ? { found: meta.found.filter((id): id is string => typeof id === 'string') } : {}),
  };
}

export function turnsOf(messages: TranscriptMessage[]): Turn[] {
  const results = new Map(messages.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m] as const] : [])));
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      // The engine's own nudge at the step cap is no question of the user's.
      if (message.meta?.kind === 'stepCap') continue;
      const offered = message.meta?.offered as Turn['offered'];
      turns.push({ seq: message.seq, question: message.content, items: [], answer: null, ...(offered ? { offered } : {}) });
      continue;
    }
    const turn = turns.at(-1);
    if (!turn || message.role !== 'assistant') continue;
    const trimmed = message.meta?.trimmed as { results: number; items: number } | undefined;
    if (trimmed) turn.items.push({ kind: 'trimmed', ...trimmed });
    if (message.thinking) turn.items.push({ kind: 'thinking', text: message.thinking });
    if (message.cut) {
      const usage = message.meta?.usage as { outputTokens?: number } | undefined;
      const ms = message.meta?.ms;
      turn.items.push({
        kind: 'cut',
        text: message.content,
        cut: message.cut,
        ...(typeof usage?.outputTokens === 'number' ? { tokens: usage.outputTokens } : {}),
        ...(typeof ms === 'number' ? { ms } : {}),
      });
    } else if (message.toolCalls?.length) {
      if (message.content.trim() && !looksLikeCallText(message.content)) turn.items.push({ kind: 'text', text: message.content });
      for (const call of message.toolCalls) turn.items.push({ kind: 'call', card: cardFromStored(call, results.get(call.id)) });
    } else {
      turn.answer = message.content;
      turn.claim = message.answer ?? null;
    }
  }
  return turns;
}

/** A cut turn that wrote nothing, not even thought: stopped while it read its prompt. */
export function nothingWritten(item: { text: string; tokens?: number }): boolean {
  return item.text.trim() === '' && !item.tokens;
}

/** The turn being asked, one event at a time. */
export function applyEvent(turn: Turn, event: AgentEvent): Turn {
  const items = [...turn.items];
  const last = items.at(-1);
  const settled: Turn = { ...turn };
  const updateCard = (callId: string, change: (card: CallCardData) => CallCardData): Turn => ({
    ...turn,
    items: items.map((item) => (item.kind === 'call' && item.card.callId === callId ? { kind: 'call', card: change(item.card) } : item)),
  });
  switch (event.kind) {
    case 'turn_progress': {
      const { kind: _kind, step: _step, ...progress } = event;
      return { ...turn, progress };
    }
    case 'token':
      if (last?.kind === 'text') items[items.length - 1] = { kind: 'text', text: last.text + event.text };
      else items.push({ kind: 'text', text: event.text });
      return { ...turn, items };
    case 'tool_call': {
      if (last?.kind === 'text' && (last.text.trim() === '' || looksLikeCallText(last.text))) items.pop();
      if (items.some((i) => i.kind === 'call' && i.card.callId === event.call.id)) return { ...turn, items };
      // The model's turn is over: what runs now is the call.
      delete settled.progress;
      items.push({
        kind: 'call',
        card: {
          callId: event.call.id,
          tool: event.tool,
          arguments: event.call.arguments,
          status: 'running',
          ...(event.origins ? { origins: event.origins } : {}),
        },
      });
      return { ...settled, items };
    }
    case 'approval':
      return updateCard(event.callId, (card) => ({ ...card, arguments: event.arguments, status: 'approval', approvalId: event.id }));
    case 'tool_result': {
      const known = items.some((i) => i.kind === 'call' && i.card.callId === event.callId);
      const status: CallCardData['status'] = event.ok ? 'done' : event.error ? 'failed' : 'refused';
      const result = (card: CallCardData): CallCardData => {
        const { approvalId: _answered, ...rest } = card;
        return {
          ...rest,
          // The engine names the catalog tool a refused call meant (kma_getMidLandFcst → kma.getMidLandFcst).
          tool: event.tool,
          status,
          latencyMs: event.latencyMs,
          ...(event.preview ? { preview: event.preview } : {}),
          ...(event.raw ? { raw: event.raw } : {}),
          ...(event.error ? { error: event.error } : {}),
          ...(status === 'refused' ? { refused: event.summary, ...(event.refusal ? { refusal: event.refusal } : {}) } : {}),
          // The search says its finds in its summary (ids, or — for none).
          ...(isFindToolsCall(event.tool) && event.ok ? { found: event.summary === '—' ? [] : event.summary.split(', ') } : {}),
        };
      };
      if (known) return updateCard(event.callId, result);
      // A call refused before it was announced (an unknown tool, over the per-turn cap).
      if (last?.kind === 'text' && looksLikeCallText(last.text)) items.pop();
      items.push({ kind: 'call', card: result({ callId: event.callId, tool: event.tool, arguments: {}, status }) });
      return { ...turn, items };
    }
    case 'context_trimmed':
      items.push({ kind: 'trimmed', results: event.results, items: event.items });
      return { ...turn, items };
    case 'tools_offered':
      return { ...turn, offered: { tools: event.tools, picked: event.picked } };
    case 'thinking':
      // The thought comes with the turn it preceded: before that turn's streamed words, if any.
      if (last?.kind === 'text') items.splice(items.length - 1, 0, { kind: 'thinking', text: event.text });
      else items.push({ kind: 'thinking', text: event.text });
      return { ...turn, items };
    case 'final':
      if (last?.kind === 'text') items.pop();
      delete settled.progress;
      return { ...settled, items, answer: event.answer, claim: event.claim };
    case 'error':
      return turn;
  }
}
