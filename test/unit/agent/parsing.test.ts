// Reading tool calls out of model text, in every style servers and templates produce; the grammar an agent
// step runs under.
import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../../main/core/agent/toolCallParser.ts';
import { givenArguments, grammarArguments, stepGrammar } from '../../../main/core/agent/grammarSchema.ts';
import type { ModelTool } from '../../../main/core/agent/types.ts';

/** The calls without the arguments' text as written (rawArguments), which the format tests check. */
const bare = (output: string) => parseToolCalls(output).calls.map(({ name, arguments: args }) => ({ name, arguments: args }));

describe('tool-call parser', () => {
  it('reads Hermes <tool_call> blocks and keeps the text around them', () => {
    const output =
      '지금 찾아볼게요.\n<tool_call>\n{"name": "kma_getUltraSrtNcst", "arguments": {"nx": 60, "ny": 127}}\n</tool_call>\n<tool_call>{"name": "kasi_getRestDeInfo", "arguments": "{\\"solYear\\": \\"2025\\"}"}</tool_call>';
    const out = parseToolCalls(output);
    expect(bare(output)).toEqual([
      { name: 'kma_getUltraSrtNcst', arguments: { nx: 60, ny: 127 } },
      { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025' } },
    ]);
    expect(out.text).toBe('지금 찾아볼게요.');
  });

  it('reads Mistral [TOOL_CALLS], bare JSON, the grammar form and final answers', () => {
    expect(bare('[TOOL_CALLS][{"name": "a_b", "arguments": {"x": 1}}]')).toEqual([{ name: 'a_b', arguments: { x: 1 } }]);
    expect(bare('{"name": "a_b", "parameters": {"x": 1}}')).toEqual([{ name: 'a_b', arguments: { x: 1 } }]);
    expect(parseToolCalls('[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"y": true}}]').calls).toHaveLength(2);
    expect(bare('{"tool": "a_b", "arguments": {"x": "서울"}}')).toEqual([{ name: 'a_b', arguments: { x: '서울' } }]);
    expect(parseToolCalls('{"final_answer": "기온은 12도입니다."}')).toEqual({ calls: [], text: '기온은 12도입니다.' });
  });

  it('reads Python-call style, and leaves prose with parentheses alone', () => {
    expect(parseToolCalls("[kma_getUltraSrtNcst(nx=60, ny=127, base_time='1400'), kasi_getRestDeInfo(solYear='2025', flag=True, extra=None)]").calls).toEqual([
      { name: 'kma_getUltraSrtNcst', arguments: { nx: 60, ny: 127, base_time: '1400' } },
      { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', flag: true, extra: null } },
    ]);
    expect(parseToolCalls("search(q='a, b', filters={'k': [1, 2]})").calls).toEqual([{ name: 'search', arguments: { q: 'a, b', filters: { k: [1, 2] } } }]);
    const prose = '가장 가까운 측정소(종로구)의 미세먼지는 보통입니다.';
    expect(parseToolCalls(prose)).toEqual({ calls: [], text: prose });
  });

  it('treats broken JSON as text rather than inventing a call', () => {
    expect(parseToolCalls('{"name": "a_b", "arguments": {"x": ')).toEqual({ calls: [], text: '{"name": "a_b", "arguments": {"x":' });
  });
});

describe('step grammar', () => {
  const tool: ModelTool = {
    name: 'kma_getUltraSrtNcst',
    description: '',
    parameters: {
      type: 'object',
      properties: {
        nx: { type: 'integer', minimum: 1 },
        base_time: { type: 'string', pattern: '^\\d{4}$' },
        dataType: { type: 'string', enum: ['JSON', 'XML'] },
        pageNo: { type: 'integer' },
        note: { type: 'string' },
      },
      required: ['nx', 'base_time'],
    },
  };

  it('allows a call writing every parameter (an optional one may be null), or a final answer', () => {
    const g = stepGrammar([tool]) as { oneOf: { properties: Record<string, unknown> }[] };
    expect(g.oneOf).toHaveLength(2);
    expect(g.oneOf[0]!.properties).toEqual({
      tool: { const: 'kma_getUltraSrtNcst' },
      arguments: {
        type: 'object',
        properties: {
          nx: { type: 'integer' },
          base_time: { type: 'string', minLength: 4, maxLength: 4 },
          dataType: { oneOf: [{ enum: ['JSON', 'XML'] }, { type: 'null' }] },
          pageNo: { oneOf: [{ type: 'integer' }, { type: 'null' }] },
          note: { oneOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] },
        },
        required: ['nx', 'base_time', 'dataType', 'pageNo', 'note'],
        additionalProperties: false,
      },
    });
    expect(g.oneOf[1]!.properties).toEqual({ final_answer: { type: 'string', maxLength: 1000 } });
    expect(stepGrammar([tool], { allowFinal: false })).toMatchObject({ type: 'object', properties: { tool: { const: 'kma_getUltraSrtNcst' } } });
  });

  it('drops the optional parameters a model left null, and writes a call back in the grammar form', () => {
    expect(givenArguments(tool, { nx: 60, base_time: '1400', dataType: null, pageNo: 2, note: null })).toEqual({ nx: 60, base_time: '1400', pageNo: 2 });
    expect(grammarArguments(tool, { base_time: '1400', nx: 60 })).toEqual({ nx: 60, base_time: '1400', dataType: null, pageNo: null, note: null });
    expect(Object.keys(grammarArguments(tool, { base_time: '1400', nx: 60 }))).toEqual(['nx', 'base_time', 'dataType', 'pageNo', 'note']);
  });
});
