// Whether a right value was obtained in the attempt: a looked-up value must sit in the attempt's own result where the
// reference read it; a computed one (a difference, a count) needs the reference's evidence fetched, even when some
// row of a field the answer reads happens to hold the same number.
import { describe, expect, it } from 'vitest';
import type { AttemptCall } from '../../../main/core/bench/attempt.ts';
import { isGrounded } from '../../../main/core/bench/grounding.ts';
import type { TraceStep } from '../../../main/core/plan/types.ts';

const seoul = [{ pm10Value: 31 }, { pm10Value: 19 }];
const busan = [{ pm10Value: 12 }];
const step = (id: string, stationName: string, items: Record<string, unknown>[]): TraceStep => ({
  id,
  tool: 'airkorea.getMsrstnAcctoRltmMesureDnsty',
  args: { stationName },
  ok: true,
  items,
  totalCount: items.length,
  resultCode: '00',
  errorKind: null,
  latencyMs: 1,
});
const call = (stationName: string, items: Record<string, unknown>[]): AttemptCall => ({
  tool: 'airkorea.getMsrstnAcctoRltmMesureDnsty',
  arguments: { stationName },
  ok: true,
  errorKind: null,
  items,
});
const reference = [step('s1', '종로구', seoul), step('s2', '연산동(부산)', busan)];

describe('grounding', () => {
  it('supports a looked-up value only where the attempt read it, and a computed one only with the evidence fetched', () => {
    const lookedUp = { expected: 31, trajectories: [reference], declining: false, expr: 's1.items[0].pm10Value' };
    expect(isGrounded({ ...lookedUp, calls: [call('종로구', seoul)], reproduced: false })).toBe(true);
    expect(isGrounded({ ...lookedUp, calls: [call('연산동(부산)', busan)], reproduced: false })).toBe(false);

    // 31 − 12 = 19, which the Seoul station also read an hour earlier (a row the attempt was not shown): still a
    // difference, supported by the two readings the attempt fetched.
    const difference = { expected: 19, trajectories: [reference], declining: false, expr: 's1.items[0].pm10Value - s2.items[0].pm10Value' };
    expect(isGrounded({ ...difference, calls: [call('종로구', seoul.slice(0, 1)), call('연산동(부산)', busan)], reproduced: true })).toBe(true);
    expect(isGrounded({ ...difference, calls: [call('연산동(부산)', busan)], reproduced: false })).toBe(false);
  });
});
