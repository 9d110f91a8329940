import { describe, expect, it } from 'vitest';
import { WrittenCalls, writtenArguments } from '../../../main/core/agent/writtenArguments.ts';

describe('arguments as the model wrote them', () => {
  it('keeps 15.0 apart from 15 and drops the layout', () => {
    expect(writtenArguments('{ "a": 15.0, "b": 15, "c": [1.50, "x"] }')).toBe('{"a":15.0,"b":15,"c":[1.50,"x"]}');
  });

  it('is nothing for text that is not an arguments object', () => {
    expect(writtenArguments('[1, 2]')).toBeUndefined();
    expect(writtenArguments('{"a": ')).toBeUndefined();
  });

  it('joins streamed chunks call by call', () => {
    const calls = new WrittenCalls();
    for (const [callIndex, paramsChunk] of [
      [0, '{"x": 1'],
      [1, '{"y"'],
      [0, '.0}'],
      [1, ': 2}'],
    ] as const)
      calls.add({ callIndex, paramsChunk });
    expect([calls.arguments(0), calls.arguments(1), calls.arguments(2)]).toEqual(['{"x":1.0}', '{"y":2}', undefined]);
  });
});
