// The catalog's examples of scheduled APIs (KMA's forecasts and observations keep only recent issues) are dated
// for the day they were written: asked as written a year later they find nothing, as the real service would answer.
// The window's "try it" asks them for the latest issue as of now (timelyArgs): each then finds data.
import { describe, expect, it } from 'vitest';
import { isRemote } from '../../../main/core/catalog/types.ts';
import { latestIssue, timelyArgs } from '../../../main/core/time/issueTimes.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';

const NOW = new Date('2026-12-04T03:07:00Z');

describe('examples of scheduled APIs', () => {
  it('find data when asked for the latest issue as of now, and nothing as written a year and more later', async () => {
    const engine = testEngine({ emulator: { now: () => NOW } });
    const scheduled = bundledCatalog()
      .list()
      .filter((spec) => isRemote(spec) && latestIssue(spec.id, NOW) && spec.examples.length > 0);
    expect(scheduled.map((s) => s.id).sort()).toEqual([
      'kma.getMidLandFcst',
      'kma.getMidTa',
      'kma.getUltraSrtFcst',
      'kma.getUltraSrtNcst',
      'kma.getVilageFcst',
    ]);
    for (const spec of scheduled) {
      for (const example of spec.examples) {
        const timely = await engine.call('gateway.call', { tool: spec.id, args: timelyArgs(spec, example.args, NOW) });
        expect(timely.ok, `${spec.id} ${JSON.stringify(timelyArgs(spec, example.args, NOW))}`).toBe(true);
        expect(timely.items.length, spec.id).toBeGreaterThan(0);
        const frozen = await engine.call('gateway.call', { tool: spec.id, args: example.args });
        expect(frozen.ok, `${spec.id} as written`).toBe(false);
      }
    }
    await engine.dispose();
  });
});
