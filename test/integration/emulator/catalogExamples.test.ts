// Every example the catalog documents answers with data in emulator mode, as a person trying a tool in the window
// asks it (scheduled services for their latest issue as of now): the services' own ids (경복궁's contentId 126508, a
// Seoul stop's ARS number, a ykiho, a PNU) name places the emulator's world holds.
import { describe, expect, it } from 'vitest';
import { isRemote } from '../../../main/core/catalog/types.ts';
import { timelyArgs } from '../../../main/core/time/issueTimes.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';

describe("the catalog's examples", () => {
  for (const now of [TEST_NOW, new Date('2026-12-04T03:07:00Z')])
    it(`each answer with data on the emulator as of ${now.toISOString()}`, async () => {
      const engine = testEngine({ emulator: { now: () => now } });
      const empty: string[] = [];
      let asked = 0;
      for (const spec of bundledCatalog().list().filter(isRemote))
        for (const example of spec.examples) {
          const args = timelyArgs(spec, example.args, now);
          const result = await engine.call('gateway.call', { tool: spec.id, args });
          asked++;
          if (!result.ok || result.items.length === 0) empty.push(`${spec.id} ${JSON.stringify(args)}`);
        }
      expect(empty).toEqual([]);
      expect(asked).toBeGreaterThan(50);
      await engine.dispose();
    }, 300_000);

  it('find 경복궁 as TourAPI gives it, its hours and rest days included', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const common = await engine.call('gateway.call', { tool: 'tour.detailCommon2', args: { contentId: '126508' } });
    expect(common.items[0]).toMatchObject({
      title: '경복궁',
      addr1: '서울특별시 종로구 사직로 161',
      zipcode: '03045',
      lDongRegnCd: '11',
      lDongSignguCd: '110',
    });
    const intro = await engine.call('gateway.call', { tool: 'tour.detailIntro2', args: { contentId: '126508', contentTypeId: '12' } });
    expect(intro.items[0]).toMatchObject({ infocenter: '02-3700-3900', restdate: expect.stringMatching(/^매주 화요일/) });
    // A search of 종로구's sights finds it beside the world's own.
    const keyword = await engine.call('gateway.call', { tool: 'tour.searchKeyword2', args: { keyword: '경복궁', lDongRegnCd: '11', lDongSignguCd: '110' } });
    expect(keyword.items.map((i) => i.contentid)).toContain('126508');
    await engine.dispose();
  });
});
