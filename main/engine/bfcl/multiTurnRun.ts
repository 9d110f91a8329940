// Multi-turn BFCL with a model, through the one agent loop (engine/agent/Agent.ts): each turn of the entry is an
// episode whose question is the turn's user message and whose history is the entry's conversation so far; the
// entry's functions are offered (held-out ones from their turn on) by SimulatorTools, which executes every call on
// the model's own simulator instances and sends back upstream's result string. A turn ends when the model answers
// in text; a turn whose steps keep calling past upstream's MAXIMUM_STEP_LIMIT (20: the 21st step that calls is the
// last) ends the whole entry, with that turn's steps kept (upstream's force_quit in base_handler.py). The loop's policies that
// BFCL's protocol does not have are off: no answer-only last step, no call caps; SimulatorTools refuses nothing.
// Scoring replays the stored calls through the ported checker.
import type { ChatMessage } from '../../core/agent/types.ts';
import { checkMultiTurn, type MultiTurnVerdict } from '../../core/bfcl/multiTurn/checker.ts';
import { decodeMultiTurnResult } from '../../core/bfcl/multiTurn/decode.ts';
import { createInstances } from '../../core/bfcl/multiTurn/entry.ts';
import { InstanceSet } from '../../core/bfcl/multiTurn/executor.ts';
import { SimulatorTools } from '../../core/bfcl/multiTurn/simulatorTools.ts';
import { Agent } from '../agent/Agent.ts';
import type { ModelBackend } from '../models/backend.ts';
import type { MultiTurnData, MultiTurnItem } from './multiTurnData.ts';

/** Upstream's MAXIMUM_STEP_LIMIT: a turn whose step count (steps that called) passes it ends the entry. */
export const MAX_STEPS_PER_TURN = 20;
const MORE_FUNCTIONS = 'I have updated some more functions you can choose from. What about now?';

export interface MultiTurnRunOptions {
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** A step as stored: the calls ({name: arguments JSON}) or the text the model answered with. */
export type StoredStep = Record<string, string>[] | string;

function storedStep(message: Extract<ChatMessage, { role: 'assistant' }>): StoredStep {
  return message.toolCalls?.length ? message.toolCalls.map((c) => ({ [c.name]: c.rawArguments ?? JSON.stringify(c.arguments) })) : message.content;
}

/** A turn's messages as the conversation takes them: all but the last go before it, the last is the episode's question. */
function turnMessages(userMessages: { role: string; content: string }[]): { before: ChatMessage[]; question: string } {
  if (userMessages.length === 0) return { before: [], question: MORE_FUNCTIONS };
  const before = userMessages
    .slice(0, -1)
    .map(
      (m): ChatMessage =>
        m.role === 'assistant'
          ? { role: 'assistant', content: m.content }
          : m.role === 'system'
            ? { role: 'system', content: m.content }
            : { role: 'user', content: m.content },
    );
  return { before, question: userMessages.at(-1)!.content };
}

export async function runMultiTurnEntry(
  item: MultiTurnItem,
  data: MultiTurnData,
  backend: ModelBackend,
  options: MultiTurnRunOptions,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const instances = new InstanceSet(createInstances(item.entry, data.constants()), `kopa_${item.entry.id}`);
  const tools = new SimulatorTools(item.docs, instances, new Set([...item.missed.values()].flat()), () => performance.now());
  let steps: StoredStep[] = [];
  const agent = new Agent({
    backend,
    tools,
    maxSteps: MAX_STEPS_PER_TURN + 1,
    answerOnlyLastStep: false,
    maxCallsPerTurn: Infinity,
    maxCallsPerEpisode: Infinity,
    maxTokens: options.maxTokens,
    temperature: options.temperature,
    signal: options.signal,
    // Output that never finished is no step of the model's result (BFCL records decoded turns).
    onMessage: (m) => (m.role === 'assistant' && !m.cut ? steps.push(storedStep(m)) : undefined),
  });
  let history: ChatMessage[] = [];
  const turns: StoredStep[][] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const [t, userMessages] of item.question.entries()) {
    const revealed = item.missed.get(t);
    if (revealed) tools.reveal(revealed);
    const { before, question } = turnMessages(userMessages);
    steps = [];
    const episode = await agent.run(question, [...history, ...before]);
    usage.inputTokens += episode.usage.inputTokens;
    usage.outputTokens += episode.usage.outputTokens;
    if (episode.stoppedBy === 'abort') throw new DOMException('The BFCL run was stopped.', 'AbortError');
    turns.push(steps);
    // Upstream's force termination: the turn is kept and the entry ends (the checker then finds turns missing).
    if (episode.stoppedBy === 'maxSteps') break;
    history = episode.messages;
  }
  return {
    id: item.entry.id,
    result: turns,
    input_token_count: usage.inputTokens,
    output_token_count: usage.outputTokens,
    latency: Math.round(performance.now() - started) / 1000,
  };
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
