// Turns reuse what a sequence already evaluated: a five-turn episode on the tiny model evaluates about the tokens of
// its final conversation once (not the whole conversation at every turn), from node-llama-cpp's token meter, and says
// exactly what it says without reuse at temperature 0.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelTool, ModelTurn } from '../../../main/core/agent/types.ts';
import { LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = {
  name: 'find',
  description: 'find',
  parameters: { type: 'object', properties: { q: { type: 'string', maxLength: 6 } }, required: ['q'] },
};

/** Five turns, each a forced call answered by a short tool result; the turns as the model gave them. */
async function episode(reuseCache: boolean): Promise<ModelTurn[]> {
  const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 2048, reuseCache });
  try {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Use tools.' },
      { role: 'user', content: 'Seoul?' },
    ];
    const turns: ModelTurn[] = [];
    for (let i = 0; i < 5; i++) {
      const turn = await model.chat(messages, { tools: [TOOL], toolChoice: 'required', maxTokens: 80, temperature: 0 });
      turns.push(turn);
      messages.push({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls });
      for (const call of turn.toolCalls) messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: `{"r":${i}}` });
    }
    return turns;
  } finally {
    await model.dispose();
  }
}

/** The prompt tokens a turn evaluated anew: what it read, less what its cache already held. */
const evaluatedOf = (turn: ModelTurn): number => turn.usage.inputTokens - (turn.usage.cachedInputTokens ?? 0);

describe('cache reuse across turns', () => {
  it('evaluates a five-turn episode about once, and says the same as without reuse', async () => {
    const reused = await episode(true);
    const cleared = await episode(false);
    expect(reused.map((t) => [t.text, t.toolCalls.map((c) => [c.name, c.arguments])])).toEqual(
      cleared.map((t) => [t.text, t.toolCalls.map((c) => [c.name, c.arguments])]),
    );
    const evaluated = reused.reduce((n, t) => n + evaluatedOf(t), 0);
    const finalConversation = cleared[cleared.length - 1]!.usage.inputTokens;
    const withoutReuse = cleared.reduce((n, t) => n + evaluatedOf(t), 0);
    // The same prompts were read either way; only what was evaluated anew differs.
    expect(reused.map((t) => t.usage.inputTokens)).toEqual(cleared.map((t) => t.usage.inputTokens));
    console.log(`five turns: ${evaluated} input tokens evaluated with reuse, ${withoutReuse} without; the final conversation is ${finalConversation}`);
    expect(evaluated).toBeLessThanOrEqual(1.1 * finalConversation);
    expect(withoutReuse).toBeGreaterThan(2 * finalConversation);
  }, 180_000);

  it('evaluates the prefix four attempts of one task share once', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 2048 });
    try {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'Seoul?' },
      ];
      const attempts: ModelTurn[] = [];
      for (let seed = 1; seed <= 4; seed++)
        attempts.push(await model.chat(messages, { tools: [TOOL], toolChoice: 'required', maxTokens: 40, temperature: 0.9, seed }));
      const prompt = evaluatedOf(attempts[0]!);
      const later = attempts.slice(1).map(evaluatedOf);
      console.log(`four attempts: the first evaluated ${prompt} prompt tokens, the others ${later.join(', ')}`);
      expect(attempts.reduce((n, a) => n + evaluatedOf(a), 0)).toBeLessThanOrEqual(1.1 * prompt);
    } finally {
      await model.dispose();
    }
  }, 180_000);
});
