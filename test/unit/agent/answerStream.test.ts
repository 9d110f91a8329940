// What a person sees while a grammar-mode model writes its turn: the answer's message as it comes (the answer tool's
// call, or where none is offered {"final_answer": …}), escapes decoded, however the JSON is cut into chunks; nothing
// of another tool's call, nor of the claim before the message.
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

  it("emits the answer tool's message, not its claim, wherever the chunks are cut", () => {
    const raw = '{"tool": "final_answer", "arguments": {"answer": {"kind": "name", "value": "\\"message\\": \\"x"}, "message": "청운동 \\"측정소\\"입니다"}}';
    for (const chunks of cuts(raw)) expect(streamed(chunks), JSON.stringify(chunks)).toBe('청운동 "측정소"입니다');
    expect(streamed(['{"tool": "final_answer", "arguments": {"answer": {"kind": "list", "values": ["a", "message"]}, "message": "두 곳"}}'])).toBe('두 곳');
  });

  it('stops at the closing quote', () => {
    expect(streamed(['{"final_answer": "네"}', ' trailing'])).toBe('네');
  });
});
