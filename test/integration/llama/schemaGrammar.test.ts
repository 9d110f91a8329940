// A step grammar built from the whole parameter schema, checked with node-llama-cpp's own grammar on the tiny model:
// a 5-digit code and a 6-digit month are exactly that long, an enum admits only its values; and a weak model
// decoding under it writes a call that fits, never a code of hundreds of characters, within a turn budget sized to
// the longest call.
import { describe, expect, it } from 'vitest';
import type { GbnfJsonSchema } from 'node-llama-cpp';
import { paramsGrammar, stepGrammar } from '../../../main/core/agent/grammarSchema.ts';
import { stepBudget } from '../../../main/core/agent/stepBudget.ts';
import type { ModelTool } from '../../../main/core/agent/types.ts';
import { LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testLlama } from '../../helpers/llama.ts';

const TOOL: ModelTool = {
  name: 'molit_deals',
  description: 'apartment deals',
  parameters: {
    type: 'object',
    properties: {
      LAWD_CD: { type: 'string', pattern: '^\\d{5}$' },
      DEAL_YMD: { type: 'string', pattern: '^\\d{6}$' },
      kind: { type: 'string', enum: ['trade', 'rent'] },
    },
    required: ['LAWD_CD', 'DEAL_YMD', 'kind'],
  },
};

describe('grammar from the parameter schema', () => {
  it('admits codes of their exact length and enum values only', async () => {
    const llama = (await testLlama()).llama;
    const grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(paramsGrammar(TOOL) as GbnfJsonSchema);
    expect(() => grammar.parse('{"LAWD_CD": "11680", "DEAL_YMD": "202501", "kind": "trade"}')).not.toThrow();
    for (const bad of [
      '{"LAWD_CD": "1168", "DEAL_YMD": "202501", "kind": "trade"}',
      '{"LAWD_CD": "116800", "DEAL_YMD": "202501", "kind": "trade"}',
      '{"LAWD_CD": "11680", "DEAL_YMD": "2025", "kind": "trade"}',
      '{"LAWD_CD": "11680", "DEAL_YMD": "202501", "kind": "sale"}',
    ]) {
      expect(() => grammar.parse(bad), bad).toThrow();
    }
  }, 120_000);

  it('makes a weak model write a call that fits', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 512 });
    try {
      const out = await model.complete('{', { jsonSchema: paramsGrammar(TOOL) as GbnfJsonSchema, maxTokens: 120, temperature: 0.8, seed: 3 });
      const json = out.json as { LAWD_CD: string; DEAL_YMD: string; kind: string };
      expect(json.LAWD_CD).toHaveLength(5);
      expect(json.DEAL_YMD).toHaveLength(6);
      expect(['trade', 'rent']).toContain(json.kind);
    } finally {
      await model.dispose();
    }
  }, 120_000);

  it('gives a call turn the budget of the longest call, so a weak model’s call is never cut', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 1024 });
    try {
      const budget = stepBudget(stepGrammar([TOOL], { allowFinal: false }), (text) => model.model.tokenize(text).length);
      for (const seed of [1, 2, 3, 4]) {
        const turn = await model.chat([{ role: 'user', content: 'deals?' }], { tools: [TOOL], toolChoice: 'required', temperature: 1, seed });
        expect(turn.budget).toBe(budget);
        expect(turn.stop).toBe('toolCalls');
        expect(turn.usage.outputTokens).toBeLessThanOrEqual(budget);
      }
    } finally {
      await model.dispose();
    }
  }, 120_000);
});
