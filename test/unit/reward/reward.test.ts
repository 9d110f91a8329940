// Rewards of completions against a two-step reference with one alternative route: the reference and the alternative
// score the maximum under every preset; a wrong tool, a wrong argument, an invented value, a failing call, a wrong
// final answer and a wrong decline each lose in exactly the component the documentation names; nothing is paid for
// an empty completion or a remembered answer; the same inputs give the same reward.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../main/core/agent/types.ts';
import type { MetricContext } from '../../../main/core/bench/stepMetrics.ts';
import type { TraceStep } from '../../../main/core/plan/types.ts';
import { referenceMessages } from '../../../main/core/train/reward/referenceMessages.ts';
import { rewardOf } from '../../../main/core/train/reward/reward.ts';
import { fromTrainerMessages, toTrainerMessages, TrainerMessageError } from '../../../main/core/train/reward/trainerMessages.ts';
import { rewardComponents, rewardPresets, type RewardComponent, type RewardReference } from '../../../main/core/train/reward/types.ts';
import { toolReply } from '../../../main/core/synth/formats.ts';
import { readView, renderResult } from '../../../main/core/resultView/resultView.ts';
import type { Claim } from '../../../main/core/answer/claim.ts';

const step = (id: string, tool: string, args: Record<string, unknown>, items: Record<string, unknown>[], handle: string): TraceStep => ({
  id,
  tool,
  args,
  ok: true,
  items,
  totalCount: items.length,
  resultCode: '00',
  errorKind: null,
  latencyMs: 5,
  handle,
});

const find = step(
  's1',
  'a.find',
  { name: '청운동' },
  [
    { code: '1111010100', name: '청운동' },
    { code: '1111010200', name: '신교동' },
  ],
  'r1',
);
const lookup = step('s1', 'c.lookup', { name: '청운동' }, [{ code: '1111010100' }], 'r1');
const count = step('s2', 'b.count', { code: '1111010100', page: 1 }, [{ count: 7 }], 'r2');

const reference: RewardReference = {
  query: '서울 종로구 청운동의 아파트 거래는 몇 건이에요?',
  offered: ['a.find', 'b.count', 'c.lookup', 'd.other'],
  trajectories: [
    [find, count],
    [lookup, count],
  ],
  answer: { expr: 's2.items[0].count', compare: 'number' },
  expected: 7,
  year: 2025,
  unit: '건',
};

const metric: MetricContext = { query: reference.query, incidental: (_tool, param) => param === 'page', mention: () => undefined };

const MAX = { kopa: 1, toolrl: 4, 'tool-n1': 1, outcome: 1 } as const;

/** A completion from steps (each a call and the view it got) and a final message, its claim on a "정답:" line. */
const completion = (steps: TraceStep[], answer: string): { messages: ChatMessage[] } => ({ messages: referenceMessages(steps, answer) });
/** The same with the claim committed through the answer tool. */
const committed = (steps: TraceStep[], message: string, claim: Claim): { messages: ChatMessage[] } => ({ messages: referenceMessages(steps, message, claim) });

/** The components that are below 1. */
function lost(messages: { messages: ChatMessage[] }, ref = reference): RewardComponent[] {
  const r = rewardOf(messages, ref, metric, { preset: 'kopa' });
  return rewardComponents.filter((c) => r.components[c] < 1);
}

describe('rewards', () => {
  it('gives the reference and the alternative the maximum under every preset', () => {
    for (const steps of reference.trajectories) {
      for (const preset of rewardPresets) {
        const r = rewardOf(completion(steps, '7건입니다.\n정답: 7건'), reference, metric, { preset });
        expect(r.reward, `${preset} ${steps[0]!.tool}`).toBeCloseTo(MAX[preset], 12);
        expect(r.notes).toEqual([]);
      }
    }
  });

  it('judges the committed answer alone: the answer tool\'s claim and a "정답:" line alike, and nothing for a right value only in the message', () => {
    for (const preset of rewardPresets) {
      const r = rewardOf(committed([find, count], '청운동은 7건입니다.', { kind: 'number', value: 7, unit: '건' }), reference, metric, { preset });
      expect(r.reward, preset).toBeCloseTo(MAX[preset], 12);
    }
    expect(lost(completion([find, count], '모두 7건입니다.'))).toEqual(['outcome']);
    expect(lost(committed([find, count], '7건입니다.', { kind: 'list', values: [7, 9] }))).toEqual(['outcome']);
    expect(lost(committed([find, count], '7건입니다.', { kind: 'text', value: '7건에서 9건 사이' }))).toEqual(['outcome']);
    expect(lost(committed([find, count], '아마 7건', { kind: 'number', value: 7, unit: '%' }))).toEqual(['outcome']);
  });

  it('takes points for a wrong tool from toolChoice alone', () => {
    const other = step('s0', 'd.other', { name: '청운동' }, [{ note: 'x' }], 'r3');
    expect(lost(completion([find, count, other], '7건입니다.\n정답: 7건'))).toEqual(['toolChoice']);
  });

  it('takes points for a wrong argument (a value the model read, but not the right one) from arguments alone', () => {
    const wrong = { ...count, args: { code: '1111010200', page: 1 } };
    expect(lost(completion([find, wrong], '7건입니다.\n정답: 7건'))).toEqual(['arguments']);
    expect(rewardOf(completion([find, wrong], '7건입니다.\n정답: 7건'), reference, metric, { preset: 'tool-n1' }).reward).toBe(0);
    expect(rewardOf(completion([find, wrong], '7건입니다.\n정답: 7건'), reference, metric, { preset: 'toolrl' }).reward).toBeLessThan(4);
  });

  it('takes points for an invented value from provenance alone', () => {
    const invented = { ...count, args: { code: '1111010100', page: 1, since: '20240101' } };
    expect(lost(completion([find, invented], '7건입니다.\n정답: 7건'))).toEqual(['provenance']);
  });

  it('reads results written as named rows as it reads columns: the same maximum, the same wrong argument and invented value', () => {
    const named = (c: { messages: ChatMessage[] }): { messages: ChatMessage[] } => ({
      messages: c.messages.map((m) => {
        if (m.role !== 'tool') return m;
        const view = readView(m.content);
        return { ...m, content: renderResult({ ok: true, items: view.rows, totalCount: view.totalCount, error: null }, view.handle, { rows: 'named' }).text };
      }),
    });
    const right = completion([find, count], '7건입니다.\n정답: 7건');
    expect(named(right).messages.find((m) => m.role === 'tool')!.content).toContain('"data":[{"code":"1111010100"');
    expect(rewardOf(named(right), reference, metric, { preset: 'kopa' }).reward).toBeCloseTo(MAX.kopa, 12);
    expect(lost(named(completion([find, { ...count, args: { code: '1111010200', page: 1 } }], '7건입니다.\n정답: 7건')))).toEqual(['arguments']);
    expect(lost(named(completion([find, { ...count, args: { code: '1111010100', page: 1, since: '20240101' } }], '7건입니다.\n정답: 7건')))).toEqual([
      'provenance',
    ]);
  });

  it('takes points for a failing call from execution alone', () => {
    const failed: TraceStep = { ...find, ok: false, items: [], totalCount: null, errorKind: 'Upstream', handle: undefined };
    expect(lost(completion([failed, find, count], '7건입니다.\n정답: 7건'))).toEqual(['execution']);
  });

  it('takes points for a wrong answer or a wrong decline from outcome alone', () => {
    expect(lost(completion([find, count], '9건입니다.\n정답: 9건'))).toEqual(['outcome']);
    expect(lost(completion([find, count], '그 정보는 찾을 수 없습니다.\n정답: 확인 불가'))).toEqual(['outcome']);
    const decline: RewardReference = { ...reference, trajectories: [[]], answer: { expr: 'true', compare: 'decline' }, expected: true };
    expect(lost(completion([], '제공되지 않는 정보라 답할 수 없습니다.\n정답: 답할 수 없음'), decline)).toEqual([]);
    expect(lost(completion([], '7건입니다.\n정답: 7건'), decline)).toEqual(['outcome']);
    expect(rewardOf(completion([find, count], '9건입니다.\n정답: 9건'), reference, metric, { preset: 'outcome' }).reward).toBe(0);
  });

  it('gives format 0 to a call left unparsed in the text, or to a tool that was not offered', () => {
    const unparsed: ChatMessage[] = [{ role: 'assistant', content: '<tool_call>{"name": "a_find", "arguments": {"name": "청운동"}}</tool_call>' }];
    const r = rewardOf({ messages: unparsed }, reference, metric, { preset: 'toolrl' });
    expect(r.components.format).toBe(0);
    expect(r.reward).toBe(-3);
    const unknown: ChatMessage[] = [
      { role: 'assistant', content: '', toolCalls: [{ id: 'x', name: 'e_secret', arguments: {} }] },
      { role: 'tool', toolCallId: 'x', name: 'e_secret', content: toolReply(find) },
      { role: 'assistant', content: '7건입니다.\n정답: 7건' },
    ];
    expect(rewardOf({ messages: unknown }, reference, metric, { preset: 'tool-n1' }).components.format).toBe(0);
  });

  it('rewards nothing that was not done: an empty completion, or a right answer no call of its own supports', () => {
    const empty = { messages: [] as ChatMessage[] };
    expect(rewardOf(empty, reference, metric, { preset: 'kopa' }).reward).toBe(0);
    expect(rewardOf(empty, reference, metric, { preset: 'toolrl' }).reward).toBe(-3);
    const remembered = completion([], '7건입니다.\n정답: 7건');
    for (const preset of rewardPresets)
      expect(rewardOf(remembered, reference, metric, { preset }).reward, preset).toBeLessThanOrEqual(preset === 'toolrl' ? -2 : 0);
    expect(rewardOf(remembered, reference, metric, { preset: 'kopa' }).notes.join(' ')).toMatch(/invented/);
    // The right value fetched from another route's result is still the completion's own.
    expect(rewardOf(completion([lookup, count], '7건입니다.\n정답: 7건'), reference, metric, { preset: 'outcome' }).reward).toBe(1);
  });

  it('pays the golden calls with a wrong answer at most a quarter under kopa, and below the midpoint under toolrl', () => {
    const wrong = completion([find, count], '9건입니다.\n정답: 9건');
    expect(rewardOf(wrong, reference, metric, { preset: 'kopa' }).reward).toBeCloseTo(0.25, 12);
    expect(rewardOf(wrong, reference, metric, { preset: 'toolrl' }).reward).toBeLessThan(0.5);
    expect(rewardOf(wrong, reference, metric, { preset: 'tool-n1' }).reward).toBe(0);
  });

  it('pays a right answer less for each call past the trajectory and two spare ones, down to almost nothing for a thousand', () => {
    const outcome = (steps: TraceStep[]): number => rewardOf(completion(steps, '7건입니다.\n정답: 7건'), reference, metric, { preset: 'outcome' }).reward;
    // Two spare calls (a look at hidden rows, a corrected retry) are free.
    expect(outcome([find, find, find, count])).toBe(1);
    expect(outcome([find, find, find, find, find, find, count])).toBeCloseTo(4 / 7, 12);
    const thousand = completion([...Array.from({ length: 998 }, () => find), count], '7건입니다.\n정답: 7건');
    for (const preset of rewardPresets) {
      const r = rewardOf(thousand, reference, metric, { preset });
      expect(r.reward, preset).toBeLessThan(preset === 'toolrl' ? 0.5 : 0.3);
    }
    expect(rewardOf(thousand, reference, metric, { preset: 'kopa' }).notes.join(' ')).toMatch(/999 calls where the trajectory makes 2/);
  });

  it('gives identical results for identical inputs, and records the weights it used', () => {
    const c = completion([find, { ...count, args: { code: '1111010200', page: 1 } }], '9건입니다.\n정답: 9건');
    const a = rewardOf(c, reference, metric, { preset: 'kopa', weights: { outcome: 1 } });
    expect(rewardOf(c, reference, metric, { preset: 'kopa', weights: { outcome: 1 } })).toEqual(a);
    expect(a.weights).toMatchObject({ outcome: 1, format: 0.05 });
  });
});

describe('completions in trainer form', () => {
  it('pairs TRL tool messages (name only) with their calls, and scores them as our own messages', () => {
    const ours = completion([find, count], '7건입니다.\n정답: 7건').messages;
    const trl = toTrainerMessages(ours).map((m) => {
      const { tool_call_id: _id, ...rest } = m as Record<string, unknown>;
      return rest;
    });
    expect(rewardOf({ messages: fromTrainerMessages(trl) }, reference, metric, { preset: 'tool-n1' }).reward).toBe(1);
  });

  it('gives format 0 to arguments that are not JSON, and refuses a tool result that answers no call', () => {
    const broken = [
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'a_find', arguments: '{"name": 청운동' } }] },
    ];
    expect(rewardOf({ messages: fromTrainerMessages(broken) }, reference, metric, { preset: 'kopa' }).components.format).toBe(0);
    expect(() => fromTrainerMessages([{ role: 'tool', name: 'a_find', content: '{}' }])).toThrow(TrainerMessageError);
  });

  it('pairs each tool result with its call by id in any order, else with the earliest unanswered call of its name', () => {
    const calls = Array.from({ length: 20_000 }, (_, i) => ({
      id: `c${i}`,
      type: 'function',
      function: { name: i % 2 ? 'a_find' : 'b_get', arguments: '{}' },
    }));
    const backwards = [...calls].reverse().map((c) => ({ role: 'tool', tool_call_id: c.id, content: c.id }));
    const read = fromTrainerMessages([{ role: 'assistant', content: '', tool_calls: calls }, ...backwards]);
    // Each answer names its own call, in the order the results came.
    expect(read.slice(1).every((m) => m.role === 'tool' && m.toolCallId === m.content)).toBe(true);
    const mixed = fromTrainerMessages([
      { role: 'assistant', content: '', tool_calls: calls.slice(0, 4) },
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
      { role: 'tool', name: 'a_find', content: 'y' },
      { role: 'tool', tool_call_id: 'c2', content: 'z' },
      { role: 'tool', tool_call_id: 'unknown', name: 'b_get', content: 'w' },
    ]);
    expect(mixed.slice(1).map((m) => (m.role === 'tool' ? m.toolCallId : ''))).toEqual(['c1', 'c3', 'c2', 'c0']);
    // A second answer to a call already answered answers nothing.
    expect(() =>
      fromTrainerMessages([
        { role: 'assistant', content: '', tool_calls: calls.slice(0, 1) },
        { role: 'tool', tool_call_id: 'c0', content: '' },
        { role: 'tool', tool_call_id: 'c0', content: '' },
      ]),
    ).toThrow(TrainerMessageError);
  });
});
