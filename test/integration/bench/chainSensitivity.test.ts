// A task whose answer does not need its chain is caught: each link perturbed to a neighbouring value (another row's
// value, the next grid cell) runs the rest of the plan, and a link whose perturbation leaves the answer as it was is
// reported. A plan that reads a grid and then ignores it for an earlier step's value is such a shortcut; one whose
// answer is the forecast of that grid cell is not.
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../main/core/plan/types.ts';
import { chainSensitivity } from '../../../main/engine/bench/chainSensitivity.ts';
import { executePlan } from '../../../main/engine/plan/executePlan.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';

const coordinates = { id: 's1', tool: 'vworld.getCoord', args: { address: { value: '서울특별시 중구 세종대로 110' }, type: { value: 'road' } } };
const grid = { id: 's2', tool: 'local.latLonToKmaGrid', args: { lat: { expr: 's1.items[0].y' }, lon: { expr: 's1.items[0].x' } } };
const weather = {
  id: 's3',
  tool: 'kma.getUltraSrtNcst',
  args: { base_date: { value: '20250302' }, base_time: { value: '1400' }, nx: { expr: 's2.items[0].nx' }, ny: { expr: 's2.items[0].ny' } },
};

describe('chain sensitivity', () => {
  it('reports a link the answer does not need, and passes a chain whose every link changes the answer', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const gateway = engine.gateway();
    const tools = { call: (tool: string, args: Record<string, unknown>) => gateway.call(tool, args), catalog: engine.catalog() };
    const check = async (plan: Plan) => chainSensitivity(plan, await executePlan(plan, tools), tools);

    const needed: Plan = { version: 1, steps: [coordinates, grid, weather], answer: { expr: "s3.items[category='T1H'][0].obsrValue", compare: 'number' } };
    const full = await check(needed);
    expect(full.links).toBe(4);
    expect(full.insensitive).toEqual([]);

    // The grid is fetched and then ignored: the answer is the first step's coordinate, whatever the grid was.
    const shortcut: Plan = { version: 1, steps: [coordinates, grid, weather], answer: { expr: 's1.items[0].y', compare: 'number' } };
    const caught = await check(shortcut);
    expect(caught.insensitive.map((l) => `${l.step}.${l.arg}`)).toEqual(['s2.lat', 's2.lon', 's3.nx', 's3.ny']);
    expect(caught.insensitive.find((l) => l.arg === 'nx')).toMatchObject({ perturbed: (caught.insensitive.find((l) => l.arg === 'nx')!.was as number) + 1 });
  }, 60_000);
});
