// What a turn reports having read is what it evaluated: the tokens of the prompt its template renders, more with each
// tool offered, in grammar mode (the tiny ChatML model) and native mode (Qwen2.5's template and tokenizer). A prompt
// its context cannot hold is refused before generation with the numbers and what to do, never node-llama-cpp's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../main/core/agent/types.ts';
import { isKopaError } from '../../../main/core/errors.ts';
import type { LlamaRuntime, LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { FAMILY_TOOLS } from '../../fixtures/chatTemplates/familyConversations.ts';
import { writeFamilyModel } from '../../fixtures/gguf/familyModel.ts';
import { testEngine } from '../../helpers/engine.ts';
import { testLlama } from '../../helpers/llama.ts';

const QUESTION: ChatMessage[] = [{ role: 'user', content: '2025년 5월 공휴일은 며칠인가요?' }];

describe('a turn’s input tokens', () => {
  let runtime: LlamaRuntime;
  const models: LocalModel[] = [];
  beforeAll(async () => {
    runtime = await testLlama();
    models.push(await runtime.loadModel({ modelPath: await writeTinyLlama(), reuseCache: false }));
    models.push(await runtime.loadModel({ modelPath: await writeFamilyModel('qwen2.5'), reuseCache: false }));
  }, 120_000);
  afterAll(async () => {
    for (const model of models) await model.dispose();
  });

  it('equal the tokens of the prompt it rendered, and grow with each tool offered, in grammar and native mode', async () => {
    expect(models.map((m) => m.toolCallMode())).toEqual(['grammar', 'native']);
    for (const model of models) {
      const counts: number[] = [];
      for (const n of [1, 2, 3]) {
        const tools = FAMILY_TOOLS.slice(0, n);
        const turn = await model.chat(QUESTION, { tools, maxTokens: 2, temperature: 0 });
        expect(turn.usage, `${model.toolCallMode()}, ${n} tools`).toEqual({
          inputTokens: model.promptTokens(QUESTION, { tools }),
          outputTokens: 2,
          cachedInputTokens: 0,
        });
        counts.push(turn.usage.inputTokens);
      }
      expect(counts[1]!).toBeGreaterThan(counts[0]!);
      expect(counts[2]!).toBeGreaterThan(counts[1]!);
    }
  }, 300_000);
});

describe('a prompt the context cannot hold', () => {
  it('is refused before generation, saying how many tokens it needs, what the context holds and what to do', async () => {
    const engine = testEngine();
    const file = await writeTinyLlama();
    const tools = engine
      .catalog()
      .list()
      .map((t) => t.id);
    const error = await engine.call('agent.run', { question: '서울 날씨와 공휴일과 약국을 알려줘', model: file, tools }).catch((e: unknown) => e);
    expect(isKopaError(error, 'InvalidRequest')).toBe(true);
    expect((error as Error).message).toMatch(/needs \d{4,} tokens even with earlier results' rows given up, but its context holds 2048\./);
    expect((error as { hint?: string }).hint).toContain('--context-size');
  }, 300_000);
});
