// A completion read the way a reward needs it: its calls in order (tool id, arguments, whether the result view said
// ok, the rows the view showed and its handle), its final message and the answer it committed to: the answer tool's
// call (core/answer/answerTool.ts), or the last line "정답: …" of a message in words; and whether every call was
// well-formed, that is, parsed in the model's own syntax into a call of an offered tool. A call left as text in an
// assistant message (a <tool_call> block, a JSON object with a name, a Python-style call) is one the trainer's parser
// could not read; an answer tool call whose claim is not one value of one kind is malformed too.
import { parseToolCalls } from '../../agent/toolCallParser.ts';
import type { ChatMessage } from '../../agent/types.ts';
import type { AttemptCall, AttemptRecord } from '../../bench/attempt.ts';
import { functionName } from '../../catalog/functionSchema.ts';
import { readView } from '../../resultView/resultView.ts';
import type { Claim } from '../../answer/claim.ts';
import { isAnswerCall, readAnswerArguments } from '../../answer/answerTool.ts';
import { claimOfText } from '../../answer/answerLine.ts';

export interface CompletionCalls {
  attempt: AttemptRecord;
  /** Why a turn was not well-formed, one entry per problem; empty when every call was. */
  malformed: string[];
}

/** Markers a chat template writes around a call; text holding one carries a call the parser did not read. */
const CALL_MARKERS = /<tool_call>|<\/tool_call>|\[TOOL_CALLS\]|<\|python_tag\|>|<\|tool_call_start\|>|<function=/;

/** The calls and answer of a completion, against the tools it was offered (catalog ids). */
export function completionCalls(messages: ChatMessage[], offered: string[]): CompletionCalls {
  const byFunction = new Map(offered.map((id) => [functionName(id), id]));
  const malformed: string[] = [];
  const calls: AttemptCall[] = [];
  const pending = new Map<string, AttemptCall>();
  let answer: string | null = null;
  let claim: Claim | null = null;
  for (const message of messages) {
    // Output that never finished (a stopped or cut-off turn) is neither a call nor an answer.
    if (message.role === 'assistant' && message.cut) continue;
    if (message.role === 'assistant') {
      const text = message.content ?? '';
      // Thinking (<think>…</think> a trainer's parser left in the text) is neither a call nor the answer.
      const read = parseToolCalls(text);
      const spoken = read.text;
      if ((message.toolCalls?.length ?? 0) === 0 && (read.calls.length > 0 || CALL_MARKERS.test(spoken)))
        malformed.push(`a call left unparsed in the text: ${text.slice(0, 60)}`);
      if (message.answer) {
        answer = message.content;
        claim = message.answer;
        continue;
      }
      for (const call of message.toolCalls ?? []) {
        if (isAnswerCall(call.name)) {
          const read = readAnswerArguments(call.arguments ?? {});
          if (!read.ok) malformed.push(`${call.name}: ${read.problem}`);
          else [answer, claim] = [read.message, read.claim];
          continue;
        }
        // Calls after an answer: the episode went on, and what it committed before is no longer its answer.
        [answer, claim] = [null, null];
        const tool = byFunction.get(call.name) ?? (offered.includes(call.name) ? call.name : undefined);
        if (!tool) malformed.push(`${call.name} is not an offered tool`);
        if (!call.arguments || typeof call.arguments !== 'object' || Array.isArray(call.arguments) || '__unparsed' in call.arguments)
          malformed.push(`${call.name}: arguments are not a JSON object`);
        const record: AttemptCall = { tool: tool ?? call.name, arguments: call.arguments ?? {}, ok: false, errorKind: 'NoResult', items: [] };
        calls.push(record);
        pending.set(call.id, record);
      }
      if ((message.toolCalls?.length ?? 0) === 0 && spoken.trim() !== '') [answer, claim] = [spoken, claimOfText(spoken)];
    } else if (message.role === 'tool') {
      const record = pending.get(message.toolCallId);
      if (!record) continue;
      pending.delete(message.toolCallId);
      try {
        const view = readView(message.content);
        record.ok = view.error === undefined;
        record.errorKind = view.error ?? null;
        record.items = view.rows;
        record.totalCount = view.totalCount;
        record.shown = view.rows;
        if (view.handle) record.handle = view.handle;
      } catch {
        record.ok = false;
        record.errorKind = 'Unreadable';
      }
    }
  }
  const ended = answer !== null || claim !== null;
  return { attempt: { answer, claim, stoppedBy: ended ? 'final' : 'maxSteps', calls }, malformed };
}
