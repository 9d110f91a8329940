// A local turn says where it has got while it runs (prompt tokens read of those it must read, tokens written, time),
// so a window and a terminal can show a slow model working instead of an empty box: on the tiny model, from
// node-llama-cpp's token meter, with what the sequence already held not counted as still to read.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelTool, TurnProgress } from '../../../main/core/agent/types.ts';
import { LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = {
  name: 'find',
  description: 'find',
  parameters: { type: 'object', properties: { q: { type: 'string', maxLength: 6 } }, required: ['q'] },
};

describe("a local turn's progress", () => {
  it('counts the prompt read up to what there was to read, then the tokens written, and reads again only what is new', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 2048 });
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'Seoul?' },
      ];
      const turn = async (): Promise<{ reports: TurnProgress[]; inputTokens: number; outputTokens: number }> => {
        const reports: TurnProgress[] = [];
        const done = await model.chat(messages, { tools: [TOOL], toolChoice: 'required', maxTokens: 40, temperature: 0, onProgress: (p) => reports.push(p) });
        messages.push({ role: 'assistant', content: done.text, toolCalls: done.toolCalls });
        for (const call of done.toolCalls) messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: '{"r":1}' });
        return { reports, inputTokens: done.usage.inputTokens, outputTokens: done.usage.outputTokens };
      };
      const first = await turn();
      // Said as it starts (nothing read yet) and as it ends (all read, every token written counted).
      expect(first.reports.length).toBeGreaterThanOrEqual(2);
      expect(first.reports[0]).toMatchObject({ read: 0, written: 0, writingMs: 0 });
      const end = first.reports.at(-1)!;
      expect(end.toRead).toBe(first.inputTokens);
      expect(end).toMatchObject({ read: end.toRead, written: first.outputTokens });
      for (const [i, r] of first.reports.entries()) if (i > 0) expect(r.elapsedMs).toBeGreaterThanOrEqual(first.reports[i - 1]!.elapsedMs);
      // The next turn continues on the sequence: only the call and its result are new to read.
      const second = await turn();
      const next = second.reports.at(-1)!;
      expect(next.toRead).toBeGreaterThan(0);
      expect(next.toRead).toBeLessThan(second.inputTokens / 2);
      expect(next.read).toBe(next.toRead);
    } finally {
      await model.dispose();
    }
  }, 180_000);
});
