// A trajectory written as the completion a perfect policy would produce: one assistant call per step, each followed
// by the result view the agent loop shows, then the answer: the message with the claim it commits to (absent for a
// completion that commits to nothing). Rewards are checked against it (the reference and every alternative must
// score the maximum), and the reward service scores it for a trainer that asks.
import type { ChatMessage } from '../../agent/types.ts';
import { functionName } from '../../catalog/functionSchema.ts';
import type { TraceStep } from '../../plan/types.ts';
import type { Claim } from '../../answer/claim.ts';
import { toolReply } from '../../synth/formats.ts';

export function referenceMessages(steps: TraceStep[], answer: string, claim?: Claim | null): ChatMessage[] {
  const messages: ChatMessage[] = [];
  steps.forEach((step, i) => {
    const id = `call_${i + 1}`;
    messages.push({ role: 'assistant', content: '', toolCalls: [{ id, name: functionName(step.tool), arguments: step.args }] });
    messages.push({ role: 'tool', toolCallId: id, name: functionName(step.tool), content: toolReply(step) });
  });
  messages.push({ role: 'assistant', content: answer, ...(claim ? { answer: claim } : {}) });
  return messages;
}
