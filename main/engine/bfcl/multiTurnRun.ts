// Multi-turn BFCL with a model: each turn's user message, the entry's functions offered (held-out ones from their
// turn on), every call of every step executed on the model's own simulator instances and its result string sent
// back, until the model answers in text or upstream's 20 steps per turn run out (which ends the entry, as
// upstream's inference does, and reads as force_terminated). Scoring replays the stored calls through the ported
// checker.
import type { ChatMessage, ModelTool } from '../../core/agent/types.ts';
import { checkMultiTurn, type MultiTurnVerdict } from '../../core/bfcl/multiTurn/checker.ts';
import { decodeMultiTurnResult, fcCallString } from '../../core/bfcl/multiTurn/decode.ts';
import { createInstances } from '../../core/bfcl/multiTurn/entry.ts';
import { executeCall, InstanceSet } from '../../core/bfcl/multiTurn/executor.ts';
import { toModelTool } from '../../core/bfcl/functionDocs.ts';
import type { ModelBackend } from '../agent/backend.ts';
import type { MultiTurnData, MultiTurnItem } from './multiTurnData.ts';

/** Upstream's MAXIMUM_STEP_LIMIT: model steps in one turn before inference gives up on the entry. */
export const MAX_STEPS_PER_TURN = 20;
const MORE_FUNCTIONS = 'I have updated some more functions you can choose from. What about now?';

export interface MultiTurnRunOptions {
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** A step as stored: the calls ({name: arguments JSON}) or the text the model answered with. */
export type StoredStep = Record<string, string>[] | string;

export async function runMultiTurnEntry(item: MultiTurnItem, data: MultiTurnData, backend: ModelBackend, options: MultiTurnRunOptions): Promise<Record<string, unknown>> {
  const started = performance.now();
  const held = new Set([...item.missed.values()].flat());
  const offered = item.docs.filter((d) => !held.has(d.name));
  const instances = new InstanceSet(createInstances(item.entry, data.constants()), `kopa_${item.entry.id}`);
  const messages: ChatMessage[] = [];
  const turns: StoredStep[][] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  entry: for (const [t, userMessages] of item.question.entries()) {
    const revealed = item.missed.get(t);
    if (revealed) offered.push(...item.docs.filter((d) => revealed.includes(d.name)));
    if (userMessages.length === 0) messages.push({ role: 'user', content: MORE_FUNCTIONS });
    for (const m of userMessages) messages.push(m.role === 'assistant' ? { role: 'assistant', content: m.content } : m.role === 'system' ? { role: 'system', content: m.content } : { role: 'user', content: m.content });
    const tools: ModelTool[] = offered.map((d) => toModelTool(d, 'python'));
    const steps: StoredStep[] = [];
    for (;;) {
      if (steps.length >= MAX_STEPS_PER_TURN) break entry;
      const turn = await backend.turn(messages, tools, { maxTokens: options.maxTokens, temperature: options.temperature, signal: options.signal });
      usage.inputTokens += turn.usage.inputTokens;
      usage.outputTokens += turn.usage.outputTokens;
      if (turn.toolCalls.length === 0) {
        steps.push(turn.text);
        messages.push({ role: 'assistant', content: turn.text });
        break;
      }
      const stored = turn.toolCalls.map((c) => ({ [c.name]: c.rawArguments ?? JSON.stringify(c.arguments) }));
      steps.push(stored);
      messages.push({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls });
      for (const call of turn.toolCalls) {
        let result: string;
        try {
          result = executeCall(fcCallString(call.name, call.rawArguments ?? JSON.stringify(call.arguments)), instances);
        } catch (error) {
          result = `Error during execution: ${(error as Error).message}`;
        }
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result });
      }
    }
    turns.push(steps);
  }
  return { id: item.entry.id, result: turns, input_token_count: usage.inputTokens, output_token_count: usage.outputTokens, latency: Math.round(performance.now() - started) / 1000 };
}

/** The checker's verdict on a stored result; a result that is not a list of turns is an inference error. */
export function scoreMultiTurn(item: MultiTurnItem, data: MultiTurnData, result: unknown): MultiTurnVerdict {
  const output = decodeMultiTurnResult(result);
  if (!output) return { valid: false, errorType: 'multi_turn:inference_error', errorMessage: 'The result is not a list of turns.' };
  return checkMultiTurn(item.entry, output, item.groundTruth ?? [], data.constants());
}

/** A verdict's reason in one line: the turn, and the class with its differing attributes or the missing results. */
export function verdictReason(v: MultiTurnVerdict): string {
  if (v.valid) return '';
  const where = v.turn !== undefined ? `turn ${v.turn}` : '';
  if (v.differingAttributes) return `${where}: ${v.className} differs in ${v.differingAttributes.join(', ')}`;
  if (v.missingItems) return `${where}: missing ${v.missingItems.map((m) => (m.length > 120 ? `${m.slice(0, 117)}…` : m)).join(' | ')}`;
  return [where, v.errorMessage].filter(Boolean).join(': ');
}

