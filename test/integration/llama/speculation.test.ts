// Speculative decoding changes the speed, never the output: at temperature 0 a completion and a tool-call turn say
// exactly what they say without it, with prompt lookup (whose guesses are made and checked: the statistics come from
// node-llama-cpp's sequences) or a draft model. A draft that splits text into other tokens is refused.
import { describe, expect, it } from 'vitest';
import type { ModelTool } from '../../../main/core/agent/types.ts';
import { LocalModel, type DraftOptions, type Speculation } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = {
  name: 'find',
  description: 'find',
  parameters: { type: 'object', properties: { code: { type: 'string', maxLength: 12 } }, required: ['code'] },
};
const PROMPT = 'code 11680 code 11680 code 1168';

async function outputs(
  speculation: Speculation,
  draft?: DraftOptions,
): Promise<{ text: string; call: unknown; stats: { validated: number; refuted: number } }> {
  const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 1024, speculation, ...(draft ? { draft } : {}) });
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

  it('with a draft model: the same answers (generation never waits for drafted tokens)', async () => {
    const plain = await outputs('off');
    const draft = `draft:${await writeTinyLlama()}` as const;
    // As a user runs it (drafted tokens are used when ready, never waited for): the same completion and call.
    const drafted = await outputs(draft);
    expect([drafted.text, drafted.call]).toEqual([plain.text, plain.call]);
  }, 180_000);

  it('refuses a draft model whose vocabulary splits text otherwise, before generating', async () => {
    const other = await writeTinyLlama({ name: 'kopa-tiny-other-vocab', words: ['서울', 'tool'] });
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 1024, speculation: `draft:${other}` });
    try {
      await expect(model.complete('code', { maxTokens: 4 })).rejects.toMatchObject({
        code: 'InvalidModelFile',
        message: expect.stringContaining('does not share the vocabulary'),
      });
    } finally {
      await model.dispose();
    }
  }, 180_000);
});
