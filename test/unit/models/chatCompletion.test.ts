// Answers as real OpenAI-compatible servers write them, read into one turn: calls split by ids or by whole objects,
// thinking under either name, malformed arguments marked for the loop to refuse, errors wherever a server puts them.
import { describe, expect, it } from 'vitest';
import { CompletionStream, readCompletion, serverFault } from '../../../main/core/models/chatCompletion.ts';
import { checkServerBase } from '../../../main/core/models/serverBase.ts';

const call = (part: Record<string, unknown>) => ({ choices: [{ index: 0, delta: { tool_calls: [part] } }] });

describe('a streamed answer', () => {
  it('joins the pieces of one call, and starts another where the id differs or a name follows a whole object', () => {
    const stream = new CompletionStream();
    for (const chunk of [
      call({ index: 0, id: 'a', function: { name: 'first', arguments: '{"x":' } }),
      call({ index: 0, function: { arguments: '1}' } }),
      call({ index: 0, id: 'b', function: { name: 'second', arguments: '{}' } }),
      // No id and no index: a name after arguments that are already whole is a new call.
      call({ function: { name: 'third', arguments: { y: 2 } } }),
    ])
      stream.push(chunk);
    expect(stream.read().toolCalls).toEqual([
      { id: 'a', name: 'first', arguments: { x: 1 }, rawArguments: '{"x":1}' },
      { id: 'b', name: 'second', arguments: {}, rawArguments: '{}' },
      { id: 'call_3', name: 'third', arguments: { y: 2 }, rawArguments: '{"y":2}' },
    ]);
  });

  it('marks arguments that are not one JSON object instead of guessing', () => {
    const stream = new CompletionStream();
    stream.push(call({ index: 0, id: 'a', function: { name: 'f', arguments: '{"x": 1' } }));
    stream.push(call({ index: 1, id: 'b', function: { name: 'g', arguments: '[1, 2]' } }));
    expect(stream.read().toolCalls).toMatchObject([
      { name: 'f', arguments: {}, unreadableArguments: '{"x": 1' },
      { name: 'g', arguments: {}, unreadableArguments: '[1, 2]' },
    ]);
  });

  it('reads thinking as reasoning or reasoning_content, and gives each piece of text as it comes', () => {
    const stream = new CompletionStream();
    expect(stream.push({ choices: [{ delta: { reasoning: '생각' } }] })).toEqual({ text: '' });
    stream.push({ choices: [{ delta: { reasoning_content: '을 한다' } }] });
    expect(stream.push({ choices: [{ delta: { content: '답' }, finish_reason: 'stop' }] })).toEqual({ text: '답' });
    stream.push({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    expect(stream.read()).toMatchObject({ text: '답', reasoning: '생각을 한다', finish: 'stop', usage: { inputTokens: 5, outputTokens: 2 } });
  });
});

describe("a server's error", () => {
  it('is found inside an error key, as an error object, or as a string, in the server words', () => {
    expect(serverFault({ error: { message: 'out of memory', code: 500 } })).toEqual({ message: 'out of memory', code: '500' });
    expect(serverFault({ object: 'error', message: 'bad', type: 'BadRequestError' })).toEqual({ message: 'bad', code: 'BadRequestError' });
    expect(serverFault({ error: 'model not found' })).toEqual({ message: 'model not found', code: null });
    expect(serverFault({ choices: [] })).toBeUndefined();
    expect(readCompletion({ error: { message: 'x' } })).toEqual({ fault: { message: 'x', code: null } });
  });
});

describe("a model server's address", () => {
  it('may be an IP literal, loopback or a host name, and is written one way', () => {
    expect(checkServerBase('http://10.0.0.5:8000/v1/')).toEqual({ ok: true, base: 'http://10.0.0.5:8000/v1' });
    expect(checkServerBase('http://[::1]:8000/v1')).toEqual({ ok: true, base: 'http://[::1]:8000/v1' });
    expect(checkServerBase('HTTPS://GPU.Agency.local:443/v1')).toEqual({ ok: true, base: 'https://gpu.agency.local/v1' });
  });

  it('carries no password, query, other scheme or spaces', () => {
    expect(checkServerBase('http://u:p@10.0.0.5/v1')).toEqual({ ok: false, reason: 'userInfo' });
    expect(checkServerBase('http://10.0.0.5/v1?key=1')).toEqual({ ok: false, reason: 'queryOrFragment' });
    expect(checkServerBase('file:///etc/passwd')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkServerBase('http://10.0.0.5/v1 ')).toEqual({ ok: false, reason: 'whitespace' });
    expect(checkServerBase('10.0.0.5:8000')).toEqual({ ok: false, reason: 'notUrl' });
    expect(checkServerBase('localhost:8000/v1')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkServerBase('not a url')).toEqual({ ok: false, reason: 'whitespace' });
  });
});
