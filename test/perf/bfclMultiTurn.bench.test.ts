// Throughput of the BFCL multi-turn simulators and checker: every ground-truth entry of the four multi-turn
// categories checked against itself (both sides executed turn by turn, states compared, responses matched), in
// entries per second. On the real BFCL data beside the repository (800 entries) when it is there, else on the
// test fixtures. Prints what it measured.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { MULTI_TURN_CATEGORIES } from '../../main/core/bfcl/categories.ts';
import { checkMultiTurn } from '../../main/core/bfcl/multiTurn/checker.ts';
import { MultiTurnData } from '../../main/engine/bfcl/multiTurnData.ts';
import { sized } from './smoke.ts';

const SHARED = path.resolve('..', 'shared', 'bfcl', 'data');
const DATA = existsSync(path.join(SHARED, 'BFCL_v4_multi_turn_base.json')) ? SHARED : path.resolve('test', 'fixtures', 'bfcl', 'data');

describe('BFCL multi-turn simulators and checker', () => {
  it('checks every ground-truth entry against itself', () => {
    const data = new MultiTurnData(DATA);
    const items = MULTI_TURN_CATEGORIES.filter((c) => existsSync(path.join(DATA, `BFCL_v4_${c}.json`))).flatMap((c) => data.items(c));
    const constants = data.constants();
    const rounds = sized(3, 1);
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      for (const item of items) {
        const truth = item.groundTruth ?? [];
        expect(
          checkMultiTurn(
            item.entry,
            truth.map((calls) => (calls.length ? [calls] : [])),
            truth,
            constants,
          ).valid,
        ).toBe(true);
      }
      times.push(performance.now() - t);
    }
    const best = Math.min(...times);
    console.log(
      `bfcl multi-turn: ${items.length} ground-truth entries checked in ${(best / 1000).toFixed(2)} s (best of ${rounds}) = ${Math.round((items.length / best) * 1000)} entries/s, ${DATA === SHARED ? 'BFCL data' : 'test fixtures'}`,
    );
  });
});
