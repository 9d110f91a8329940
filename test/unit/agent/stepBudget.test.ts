import { describe, expect, it } from 'vitest';
import { stepGrammar } from '../../../main/core/agent/grammarSchema.ts';
import { longestStep, stepBudget } from '../../../main/core/agent/stepBudget.ts';
import type { ModelTool } from '../../../main/core/agent/types.ts';

const DEALS: ModelTool = {
  name: 'molit_getRTMSDataSvcAptTradeDev',
  description: 'apartment deals',
  parameters: {
    type: 'object',
    properties: {
      LAWD_CD: { type: 'string', pattern: '^\\d{5}$' },
      DEAL_YMD: { type: 'string', pattern: '^\\d{6}$' },
      kind: { enum: ['매매', '전월세'] },
      note: { type: 'string', maxLength: 20 },
    },
    required: ['LAWD_CD', 'DEAL_YMD', 'note'],
  },
};

describe('a turn’s token budget', () => {
  it('is the longest call the grammar admits: codes at their length, enums at their longest, text at its cap', () => {
    const text = longestStep(stepGrammar([DEALS], { allowFinal: false }));
    expect(JSON.parse(text)).toEqual({
      tool: DEALS.name,
      arguments: { LAWD_CD: '가'.repeat(5), DEAL_YMD: '가'.repeat(6), kind: '전월세', note: '가'.repeat(20) },
    });
    // Laid out as loosely as the grammar allows: a new line and the nesting's indentation before every element.
    expect(text).toContain('\n        "LAWD_CD": ');
  });

  it('counts a number as the longest one and an array as four items', () => {
    expect(longestStep({ type: 'array', items: { type: 'number' } }).match(/-1\.7976931348623157e\+308/g)).toHaveLength(4);
  });

  it('takes the longest choice, a final answer included when one is allowed', () => {
    const withAnswer = longestStep(stepGrammar([DEALS]));
    expect(JSON.parse(withAnswer)).toEqual({ final_answer: '가'.repeat(1000) });
  });

  it('counts in the model’s tokens, with room to spare', () => {
    const schema = stepGrammar([DEALS], { allowFinal: false });
    const perByte = (text: string): number => Buffer.byteLength(text);
    expect(stepBudget(schema, perByte)).toBeGreaterThan(perByte(longestStep(schema, perByte)));
    expect(stepBudget(schema, perByte)).toBeLessThan(2 * perByte(longestStep(schema, perByte)));
  });
});
