// What a model without a tool syntax is told of the tools (grammar mode), and the conversation it reads.
import { describe, expect, it } from 'vitest';
import { grammarMessages } from '../../../main/core/agent/grammarConversation.ts';
import { toolPrompt } from '../../../main/core/agent/toolPrompt.ts';
import type { ModelTool } from '../../../main/core/agent/types.ts';

const holidays: ModelTool = {
  name: 'kasi_getRestDeInfo',
  description: '공휴일 정보 조회: 연도와 월의 관공서 공휴일.',
  parameters: {
    type: 'object',
    properties: {
      solYear: { type: 'string', pattern: '^\\d{4}$', description: '연도 YYYY' },
      solMonth: { type: 'string', pattern: '^\\d{2}$', description: '월 MM' },
      numOfRows: { type: 'integer', minimum: 1, maximum: 9999, default: 10, description: '한 페이지 결과 수' },
      _type: { type: 'string', enum: ['json', 'xml'] },
    },
    required: ['solYear'],
  },
  example: { solYear: '2025', solMonth: '05' },
};

describe('the tools in words', () => {
  it('says what each tool does, each parameter with its type, form, choices, default and whether it is needed, and an example call', () => {
    const text = toolPrompt([holidays]);
    expect(text).toMatch(/^# 도구\n/);
    expect(text).toContain('{"tool": "도구 이름", "arguments": {"인자": 값}}');
    expect(text).toContain('## kasi_getRestDeInfo\n공휴일 정보 조회: 연도와 월의 관공서 공휴일.');
    expect(text).toContain('- solYear (필수, 문자열, 숫자 4자리): 연도 YYYY');
    expect(text).toContain('- solMonth (선택, 안 쓰면 null, 문자열, 숫자 2자리): 월 MM');
    expect(text).toContain('- numOfRows (선택, 안 쓰면 null, 정수, 1–9999): 한 페이지 결과 수; 기본 10');
    expect(text).toContain('- _type (선택, 안 쓰면 null, 문자열): 값 "json" | "xml"');
    // The example is written as the grammar has calls written: every parameter, in order, null where not given.
    expect(text).toContain('예: {"tool":"kasi_getRestDeInfo","arguments":{"solYear":"2025","solMonth":"05","numOfRows":null,"_type":null}}');
  });

  it('speaks English to tools described in English (BFCL), and says nothing when no tool is offered', () => {
    const english: ModelTool = {
      name: 'add',
      description: 'Adds two numbers.',
      parameters: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
    };
    expect(toolPrompt([english])).toContain('# Tools\nYou can call the tools below.');
    expect(toolPrompt([english])).toContain('- a (required, number)');
    expect(toolPrompt([])).toBe('');
  });
});

describe('the conversation in grammar mode', () => {
  it('puts the tools after the system prompt, calls as grammar steps, results and a following nudge in one user turn', () => {
    const messages = grammarMessages(
      [
        { role: 'system', content: '당신은 도우미입니다.' },
        { role: 'user', content: '5월 공휴일?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'kasi_getRestDeInfo', arguments: { solYear: '2025' } }], thinking: '연도만 주자.' },
        { role: 'tool', toolCallId: 'c1', name: 'kasi_getRestDeInfo', content: '{"result":"r1","totalCount":0}' },
        { role: 'user', content: '도구를 더 쓰지 말고 답하세요.' },
        { role: 'assistant', content: '없습니다.' },
      ],
      [holidays],
    );
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.content).toBe(`당신은 도우미입니다.\n\n${toolPrompt([holidays])}`);
    expect(messages[2]!.content).toBe('{"tool":"kasi_getRestDeInfo","arguments":{"solYear":"2025","solMonth":null,"numOfRows":null,"_type":null}}');
    expect(messages[3]!.content).toBe('kasi_getRestDeInfo: {"result":"r1","totalCount":0}\n\n도구를 더 쓰지 말고 답하세요.');
    expect(messages[4]!.content).toBe('{"final_answer":"없습니다."}');
  });
});
