// KOPA-Nano's training text: ChatML turns, the loss on the model's own turns and their end marker only; and the
// compact tool prompt it reads, one line a tool with its parameters (optional ones marked) and what it is.
import { describe, expect, it } from 'vitest';
import { corpusSegments, corpusText } from '../../../main/core/train/nano/nanoCorpus.ts';
import { toolPrompt } from '../../../main/core/agent/toolPrompt.ts';
import { answerTool } from '../../../main/core/answer/answerTool.ts';
import type { ModelTool } from '../../../main/core/agent/types.ts';

describe("KOPA-Nano's corpus", () => {
  it('trains on what the model writes and nothing it reads', () => {
    const segments = corpusSegments([
      { role: 'system', content: '시스템' },
      { role: 'user', content: '질문' },
      { role: 'assistant', content: '{"tool":"a","arguments":{}}' },
      { role: 'user', content: 'a: 결과' },
      { role: 'assistant', content: '{"tool":"final_answer"}' },
    ]);
    expect(segments.filter((s) => s.train).map((s) => s.text)).toEqual(['{"tool":"a","arguments":{}}<|im_end|>', '{"tool":"final_answer"}<|im_end|>']);
    expect(corpusText(segments)).toBe(
      '<|im_start|>system\n시스템<|im_end|>\n<|im_start|>user\n질문<|im_end|>\n<|im_start|>assistant\n{"tool":"a","arguments":{}}<|im_end|>\n<|im_start|>user\na: 결과<|im_end|>\n<|im_start|>assistant\n{"tool":"final_answer"}<|im_end|>\n',
    );
  });

  it('writes the tools one line each in the compact prompt', () => {
    const holidays: ModelTool = {
      name: 'kasi_getRestDeInfo',
      description: '특일 정보: 공휴일을 돌려줍니다.',
      parameters: { type: 'object', properties: { solYear: { type: 'string' }, solMonth: { type: 'string' } }, required: ['solYear'] },
    };
    const lines = toolPrompt([holidays, answerTool], 'compact').split('\n');
    expect(lines.slice(2)).toEqual(['- kasi_getRestDeInfo(solYear, solMonth?): 특일 정보', '- final_answer(answer, message): 답을 확정하고 끝냅니다']);
  });
});
