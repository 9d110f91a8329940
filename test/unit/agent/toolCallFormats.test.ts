// The canonical tool-call outputs of each family, as the engines that serve them test their parsers: llama.cpp's
// tests/test-chat.cpp (its "special_function" fixtures: {"arg1": 1}) and vLLM's tests/tool_parsers (Llama 3 JSON,
// Mistral, HyperCLOVA X SEED). Each must read into the same calls; a call written inside thinking, finished or not,
// is never one.
import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../../main/core/agent/toolCallParser.ts';

const call = { name: 'special_function', arguments: { arg1: 1 } };
const optional = { name: 'special_function_with_opt', arguments: { arg1: 1, arg2: 2 } };
const names = (output: string, tools?: string[]) =>
  parseToolCalls(output, { tools: tools?.map((name) => ({ name })) }).calls.map((c) => ({ name: c.name, arguments: c.arguments }));

describe('the canonical tool-call outputs of each family', () => {
  it('Qwen2.5, Qwen3 and Hermes: <tool_call> JSON blocks, one or several', () => {
    expect(names('<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>')).toEqual([call]);
    expect(
      names(
        '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>\n<tool_call>\n{"name": "special_function_with_opt", "arguments": {"arg1": 1, "arg2": 2}}\n</tool_call>',
      ),
    ).toEqual([call, optional]);
    // The stop token can end the turn before the closing tag.
    expect(names('<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n')).toEqual([call]);
  });

  it('Qwen3 after thinking: the thought is kept apart, the call read', () => {
    const out = parseToolCalls('<think>\nI\'m\nthinking\n</think>\n\n<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>');
    expect(out.calls.map((c) => c.name)).toEqual(['special_function']);
    expect(out.thinking).toBe("I'm\nthinking");
    expect(out.text).toBe('');
  });

  it('a call inside unfinished thinking is no call, and the turn is marked unfinished', () => {
    const out = parseToolCalls('<think>\nMaybe I should call <tool_call>{"name": "special_function", "arguments": {"arg1": 1}}</tool_call> and then');
    expect(out.calls).toEqual([]);
    expect(out.unfinishedThinking).toBe(true);
    expect(out.text).toBe('');
    // A template that opened the block in the prompt: only the closing tag is in the output.
    expect(parseToolCalls('planning the call</think>\n\n답은 5일입니다.')).toEqual({ calls: [], text: '답은 5일입니다.', thinking: 'planning the call' });
  });

  it('a call mentioned inside finished thinking is not read, the one after it is', () => {
    expect(
      names(
        '<think>Let me think about <tool_call>{"name": "other", "arguments": {}}</tool_call> and more</think><tool_call>{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>',
      ),
    ).toEqual([call]);
  });

  it('Qwen3.5 and Qwen3-Coder: <function=…> with <parameter=…> values', () => {
    expect(names('<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>')).toEqual([call]);
    // Values are text: a string parameter keeps its digits, a number parameter reads them as a number.
    const xml =
      '<tool_call>\n<function=kasi_getRestDeInfo>\n<parameter=solYear>\n2025\n</parameter>\n<parameter=numOfRows>\n10\n</parameter>\n</function>\n</tool_call>';
    const tool = { name: 'kasi_getRestDeInfo', parameters: { properties: { solYear: { type: 'string' }, numOfRows: { type: 'integer' } } } };
    expect(parseToolCalls(xml, { tools: [tool] }).calls[0]!.arguments).toEqual({ solYear: '2025', numOfRows: 10 });
    expect(parseToolCalls(xml).calls[0]!.arguments).toEqual({ solYear: 2025, numOfRows: 10 });
  });

  it('EXAONE 4.0: <tool_call> without line breaks', () => {
    expect(names('<tool_call>{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>')).toEqual([call]);
  });

  it('Llama 3.1/3.2/3.3: JSON with "parameters", with or without <|python_tag|>, several split by ";"', () => {
    expect(names('{"name": "special_function", "parameters": {"arg1": 1}}')).toEqual([call]);
    expect(names('<|python_tag|>{"name": "special_function", "parameters": {"arg1": 1}}')).toEqual([call]);
    expect(
      names('{"name": "special_function", "parameters": {"arg1": 1}}; {"name": "special_function_with_opt", "parameters": {"arg1": 1, "arg2": 2}}'),
    ).toEqual([call, optional]);
    expect(
      names('{"name": "special_function", "parameters": {"arg1": 1}}\n{"name": "special_function_with_opt", "parameters": {"arg1": 1, "arg2": 2}}'),
    ).toEqual([call, optional]);
    // vLLM's nested and bracket-in-string vectors.
    expect(names('{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}')).toEqual([
      { name: 'searchTool', arguments: { query: 'test {value} [complex]', nested: { inner: 'more {brackets}' } } },
    ]);
  });

  it('a JSON object inside prose is a call only when it names an offered tool', () => {
    const prose = '예시 형식은 {"name": "special_function", "parameters": {"arg1": 1}} 입니다.';
    expect(names(prose)).toEqual([]);
    expect(names(prose, ['special_function'])).toEqual([call]);
  });

  it('Mistral v3 (Nemo, 7B v0.3): [TOOL_CALLS] and a JSON array', () => {
    expect(names('[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]')).toEqual([call]);
    expect(names('[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]')).toEqual([
      { name: 'get_current_weather', arguments: { city: 'San Francisco', state: 'CA', unit: 'celsius' } },
    ]);
    const before = parseToolCalls('Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]');
    expect(before.text).toBe('Hello');
    expect(parseToolCalls('[TOOL_CALLS] not json at all').calls).toEqual([]);
  });

  it('Mistral Small 3.2 and later: [TOOL_CALLS]name[ARGS]{…}, parallel, with [CALL_ID], after [THINK]', () => {
    expect(names('[TOOL_CALLS]special_function[ARGS]{"arg1":1}')).toEqual([call]);
    expect(names('[TOOL_CALLS]special_function[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{"arg1": 1, "arg2": 2}')).toEqual([call, optional]);
    expect(
      names(
        '[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{"arg1": 1, "arg2": 2}',
      ),
    ).toEqual([call, optional]);
    const thought = parseToolCalls(
      '[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
    );
    expect(thought.calls.map((c) => c.name)).toEqual(['special_function']);
    expect(thought.thinking).toBe('Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more');
    expect(parseToolCalls('Hello, world!\nWhat\'s up?[TOOL_CALLS]special_function[ARGS]{"arg1": 1}').text).toBe("Hello, world!\nWhat's up?");
    expect(names('[TOOL_CALLS]file_search[ARGS]{"query":"/{.github/copilot-instructions.md,AGENT.md}"}')).toEqual([
      { name: 'file_search', arguments: { query: '/{.github/copilot-instructions.md,AGENT.md}' } },
    ]);
  });

  it('gpt-oss harmony: analysis is thinking, commentary to=functions.NAME a call, final the answer', () => {
    const called = parseToolCalls(
      '<|channel|>analysis<|message|>I\'m\nthinking<|end|><|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}<|call|>',
    );
    expect(called.calls.map((c) => ({ name: c.name, arguments: c.arguments }))).toEqual([call]);
    expect(called.thinking).toBe("I'm\nthinking");
    expect(names('<|channel|>analysis to=functions.special_function<|message|>{"arg1": 1}')).toEqual([call]);
    expect(names('<|start|>assistant to=functions.special_function<|channel|>commentary json<|message|>{"arg1": 1}<|call|>')).toEqual([call]);
    const answered = parseToolCalls("<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello, world!\nWhat's up?");
    expect(answered).toEqual({ calls: [], text: "Hello, world!\nWhat's up?", thinking: "I'm\nthinking" });
    const unfinished = parseToolCalls('<|channel|>analysis<|message|>I could send it to=functions.special_function');
    expect(unfinished.calls).toEqual([]);
    expect(unfinished.unfinishedThinking).toBe(true);
  });

  it('HyperCLOVA X SEED: the "-> tool/function_call" array and the <arg_key> blocks; the abbreviated form is no call', () => {
    expect(names(' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>')).toEqual([
      { name: 'get_weather', arguments: { city: 'Seoul' } },
    ]);
    expect(names(' -> tool/function_call\n[{"name": "a", "arguments": {"x": 1}}, {"name": "b", "arguments": {"y": 2}}]')).toHaveLength(2);
    expect(
      names(
        '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>"Seoul"</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>"celsius"</arg_value>\n</tool_call>',
      ),
    ).toEqual([{ name: 'get_current_weather', arguments: { location: 'Seoul', unit: 'celsius' } }]);
    expect(names('-> tool/get_current_weather\n{"city": "Seoul"}')).toEqual([]);
  });

  it('Gemma: a Python call in a tool_code block', () => {
    expect(names('```tool_code\nspecial_function(arg1=1)\n```')).toEqual([call]);
  });

  it('keeps the arguments as written where they were JSON', () => {
    expect(parseToolCalls('<tool_call>{"name": "f", "arguments": {"x": 15.0}}</tool_call>').calls[0]!.rawArguments).toBe('{"x": 15.0}');
    expect(parseToolCalls('[TOOL_CALLS]f[ARGS]{"x": 15.0}').calls[0]!.rawArguments).toBe('{"x": 15.0}');
  });
});
