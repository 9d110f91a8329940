// A model that copies commits to an answer the results it read hold, in the form the answer tool asks: a count a
// service reported, a value of a row, a date or a time written as the tool wants it. Before any result, and for a yes
// or no or a refusal, it stays free.
import { describe, expect, it } from 'vitest';
import { answerChoices } from '../../../main/core/agent/answerChoices.ts';
import { copyChoices } from '../../../main/core/agent/copyChoices.ts';
import { stepGrammar } from '../../../main/core/agent/grammarSchema.ts';
import type { ChatMessage } from '../../../main/core/agent/types.ts';
import { answerTool } from '../../../main/core/answer/answerTool.ts';
import { renderResult } from '../../../main/core/resultView/resultView.ts';

const question: ChatMessage = { role: 'user', content: '오늘 서울 해 몇 시에 져?' };
const shown = (items: Record<string, unknown>[], totalCount: number, handle: string): ChatMessage => ({
  role: 'tool',
  toolCallId: handle,
  name: 'kasi_getLCRiseSetInfo',
  content: renderResult({ ok: true, items, totalCount, error: null }, handle).text,
});

describe('answer choices', () => {
  it('holds each kind to what the results showed, converted to the form the answer tool asks', () => {
    const after = [question, shown([{ locdate: '20261205', sunset: '1715', location: '서울', dealAmount: '120,000' }], 1, 'r1')];
    const choices = answerChoices(after);
    expect(choices['answer.time']).toContain('17:15');
    expect(choices['answer.date']).toContain('2026-12-05');
    expect(choices['answer.name']).toContain('서울');
    expect(choices['answer.number']).toEqual(expect.arrayContaining([1, 120000, 1715]));
    expect(choices['answer.number']).not.toContain(49);
    // In the grammar: the time shape's value is held, the yes-or-no and the refusal are not.
    const grammar = JSON.stringify(stepGrammar([answerTool], { choices: { [answerTool.name]: copyChoices(answerTool, after) } }));
    expect(grammar).toContain('"kind":{"const":"time"},"value":{"enum":["17:15"]}');
    expect(grammar).toContain('"kind":{"const":"yesno"},"value":{"type":"boolean"}');
    expect(grammar).toContain('"kind":{"const":"decline"},"reason":{"type":"string"');
  });

  it('leaves the answer free before any result, and after a failed one', () => {
    expect(answerChoices([question])).toEqual({});
    const failed: ChatMessage = { role: 'tool', toolCallId: 'c1', name: 'x', content: JSON.stringify({ ok: false, error: '인증 키 오류' }) };
    expect(answerChoices([question, failed])).toEqual({});
  });
});
