// A conversation that outgrows the context on the real node-llama-cpp path (tiny model, 768-token context, every
// byte a token): the turn still runs within the context, the oldest results' rows were left out as the policy says,
// and the turn says so; a conversation that fits is untouched. (At 512 tokens even the trimmed prompt does not fit:
// that turn is refused as too long, promptRoom.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ModelTool } from '../../../main/core/agent/types.ts';
import { LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = {
  name: 'find',
  description: 'find',
  parameters: { type: 'object', properties: { q: { type: 'string', maxLength: 6 } }, required: ['q'] },
};
const view = (handle: string): string =>
  JSON.stringify({
    result: handle,
    totalCount: 40,
    fields: ['d'],
    data: Array.from({ length: 40 }, (_, i) => [`2025-05-${String((i % 28) + 1).padStart(2, '0')}`]),
  });

describe('a conversation longer than the context', () => {
  it("leaves out the oldest results' rows, runs the turn, and says what it left out", async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 768 });
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'May?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'find', arguments: { q: 'a' } }] },
        { role: 'tool', toolCallId: 'c1', name: 'find', content: view('r1') },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'find', arguments: { q: 'b' } }] },
        { role: 'tool', toolCallId: 'c2', name: 'find', content: view('r2') },
      ];
      const turn = await model.chat(messages, { tools: [TOOL], mode: 'grammar', toolChoice: 'required', maxTokens: 40, temperature: 0 });
      // The random model may not finish its call in 40 tokens; what matters is that the turn ran, within the context.
      expect(turn.stop).not.toBe('abort');
      expect(turn.usage.inputTokens).toBeGreaterThan(0);
      expect(turn.usage.inputTokens + turn.usage.outputTokens).toBeLessThanOrEqual(768);
      expect(turn.trimmed?.results).toBeGreaterThanOrEqual(1);
      const short = await model.chat(messages.slice(0, 2), { tools: [TOOL], mode: 'grammar', toolChoice: 'required', maxTokens: 40, temperature: 0 });
      expect(short.trimmed).toBeUndefined();
    } finally {
      await model.dispose();
    }
  }, 180_000);

  it('holds a turn to what a context shift can make room for, so an answer that runs on never overflows', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 768 });
    const warn = vi.spyOn(console, 'warn');
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'May?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'find', arguments: { q: 'a' } }] },
        { role: 'tool', toolCallId: 'c1', name: 'find', content: view('r1') },
      ];
      const least = model.promptTokens(messages.slice(0, 2), { tools: [TOOL] });
      const turn = await model.chat(messages, { tools: [TOOL], mode: 'grammar', maxTokens: 700, temperature: 0 });
      // Past the room the prompt leaves: 768 less the 76 tokens a shift frees and the one being evaluated, less the
      // prompt trimmed as far as the policy goes (no smaller than the question alone).
      expect(turn.budget).toBeLessThan(700);
      expect(turn.budget).toBeLessThanOrEqual(768 - 76 - 1 - least);
      expect(turn.usage.outputTokens).toBeLessThanOrEqual(turn.budget ?? 0);
      expect(warn.mock.calls.flat().join(' ')).not.toMatch(/context shift/);
      const roomy = await model.chat(messages.slice(0, 2), { tools: [TOOL], mode: 'grammar', maxTokens: 40, temperature: 0 });
      expect(roomy.budget).toBe(40);
    } finally {
      warn.mockRestore();
      await model.dispose();
    }
  }, 180_000);
});
