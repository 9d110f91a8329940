// Prompt-lookup speculative decoding changes the speed, never the output: at temperature 0 a completion and a
// tool-call turn say exactly what they say without it, and guesses are made and checked (the statistics come from
// node-llama-cpp's sequences).
import { describe, expect, it } from 'vitest';
import type { ModelTool } from '../../../main/core/agent/types.ts';
import { LocalModel, type Speculation } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../fixtures/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = { name: 'find', description: 'find', parameters: { type: 'object', properties: { code: { type: 'string', maxLength: 12 } }, required: ['code'] } };
const PROMPT = 'code 11680 code 11680 code 1168';

async function outputs(speculation: Speculation): Promise<{ text: string; call: unknown; stats: { validated: number; refuted: number } }> {
  const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 1024, speculation });
  try {
    const { text } = await model.complete(PROMPT, { maxTokens: 40 });
    const turn = await model.chat([{ role: 'user', content: 'code 11680?' }], { tools: [TOOL], toolChoice: 'required', maxTokens: 40 });
    return { text, call: turn.toolCalls.map((c) => [c.name, c.arguments]), stats: model.predictionStats() };
  } finally {
    await model.dispose();
  }
}

describe('prompt-lookup speculative decoding', () => {
  it('says exactly the same at temperature 0, and its guesses are checked', async () => {
    const plain = await outputs('off');
    const lookup = await outputs('input-lookup');
    expect(plain.stats).toEqual({ validated: 0, refuted: 0 });
    expect([lookup.text, lookup.call]).toEqual([plain.text, plain.call]);
    console.log(`prompt lookup: ${lookup.stats.validated} guessed tokens confirmed, ${lookup.stats.refuted} refuted`);
    expect(lookup.stats.validated + lookup.stats.refuted).toBeGreaterThan(0);
  }, 180_000);
});
