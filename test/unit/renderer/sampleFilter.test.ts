// The synthesis view's sample browser: which samples a filter keeps, and which steps an argument is carried from.
import { describe, expect, it } from 'vitest';
import type { SampleSummary } from '../../../main/api/contract.ts';
import { ALL_SAMPLES, argumentSources, filterSamples, stepsRead } from '../../../renderer/src/views/synthesis/sampleFilter.ts';

const sample = (ordinal: number, steps: number, tools: string[], alternatives: number, register: string | null): SampleSummary => ({
  ordinal,
  query: `질문 ${ordinal}`,
  steps,
  tools,
  alternatives,
  register,
  intent: null,
});
const samples = [
  sample(1, 2, ['juso.addrLinkApi', 'molit.getRTMSDataSvcAptTradeDev'], 1, 'polite'),
  sample(2, 3, ['vworld.getCoord', 'local.latLonToKmaGrid', 'kma.getUltraSrtNcst'], 0, 'formal'),
  sample(3, 4, ['mois.getStanReginCdList', 'molit.getRTMSDataSvcAptRent'], 2, 'casual'),
];

describe('the sample browser filter', () => {
  it('keeps samples by length, tool, alternatives and register', () => {
    const ordinals = (patch: Partial<typeof ALL_SAMPLES>): number[] => filterSamples(samples, { ...ALL_SAMPLES, ...patch }).map((s) => s.ordinal);
    expect(ordinals({})).toEqual([1, 2, 3]);
    expect(ordinals({ minSteps: 3 })).toEqual([2, 3]);
    expect(ordinals({ maxSteps: 3 })).toEqual([1, 2]);
    expect(ordinals({ tool: 'MOLIT' })).toEqual([1, 3]);
    expect(ordinals({ alternative: 'with' })).toEqual([1, 3]);
    expect(ordinals({ alternative: 'without' })).toEqual([2]);
    expect(ordinals({ register: 'casual' })).toEqual([3]);
  });

  it('names the earlier steps an argument expression reads', () => {
    expect(stepsRead('$substring(s1.items[0].region_cd, 0, 5)')).toEqual(['s1']);
    expect(stepsRead('s2.items[$max(s2.items.dealAmount) = dealAmount][0].aptNm & s1.x & s2.y')).toEqual(['s2', 's1']);
    expect(stepsRead('"202503"')).toEqual([]);
  });

  it("follows a step's let variables to the steps they read", () => {
    const step = { id: 's3', tool: 'kma.getUltraSrtNcst', let: { grid: 's2.items[0]' }, args: { nx: { expr: '$grid.nx' }, base_date: { value: '20250301' } } };
    expect(argumentSources(step, 'nx')).toEqual(['s2']);
    expect(argumentSources(step, 'base_date')).toEqual([]);
  });
});
