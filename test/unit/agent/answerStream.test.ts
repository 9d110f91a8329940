// What a person sees while a grammar-mode model writes its turn: the final answer's words as they come, escapes
// decoded, however the JSON is cut into chunks; nothing of a tool call.
import { describe, expect, it } from 'vitest';
import { finalAnswerStream } from '../../../main/core/agent/answerStream.ts';

function streamed(chunks: string[]): string {
  let out = '';
  const feed = finalAnswerStream((t) => (out += t));
  for (const c of chunks) feed(c);
  return out;
}

/** Every way of cutting a text into two or three chunks. */
function cuts(text: string): string[][] {
  const all: string[][] = [[text]];
  for (let i = 1; i < text.length; i++) {
    all.push([text.slice(0, i), text.slice(i)]);
    for (let j = i + 1; j < text.length; j += 3) all.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return all;
}

describe('final answer stream', () => {
  it('emits the answer text, escapes decoded, wherever the chunks are cut', () => {
    const raw = '{ "final_answer" : "서울은 \\"맑음\\", 기온 3.5\\u2103\\n끝" }';
    for (const chunks of cuts(raw)) expect(streamed(chunks), JSON.stringify(chunks)).toBe('서울은 "맑음", 기온 3.5℃\n끝');
  });

  it('emits nothing for a tool call, even one whose arguments hold "final_answer"', () => {
    expect(streamed(['{"tool": "kma_getUltraSrtNcst", "arguments": {"q": "{\\"final_answer\\": \\"x\\"}"}}'])).toBe('');
    expect(streamed(['{"to', 'ol": "a"}'])).toBe('');
  });

  it('stops at the closing quote', () => {
    expect(streamed(['{"final_answer": "네"}', ' trailing'])).toBe('네');
  });
});
