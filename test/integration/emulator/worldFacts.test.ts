// Values the emulator's world generates must be plausible where they stand, since agents trained and evaluated on
// it learn whatever it says: telephone numbers carry their 시도's area code, addresses lie on roads that run through
// their 읍면동, festivals fit their season and place, and the tax register knows only its own businesses.
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidBusinessNumber } from '../../../main/core/business/businessNumber.ts';
import { areaCode } from '../../../main/engine/emulator/world/telephone.ts';
import { World } from '../../../main/engine/emulator/world/World.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';

let world: World;
beforeAll(() => {
  world = new World(1, defaultResourcesDir());
});

/** A spread of 시군구: Seoul, a metropolitan 구, a city with 일반구, a 군, Jeju, Sejong. */
const SAMPLE = ['11110', '11680', '26350', '41135', '42150', '51150', '47130', '46910', '50110', '36110'];

describe("the emulator's world", () => {
  it('writes every telephone number with the area code of its 시도', () => {
    const wrong: string[] = [];
    for (const code5 of SAMPLE) {
      const sigungu = world.regions.sigungu(code5);
      if (!sigungu) continue;
      const places = world.places.of(sigungu);
      const tels = [...places.facilities.map((f) => f.tel), ...places.tour.map((c) => c.tel).filter((t): t is string => t !== null)];
      for (const tel of tels) if (!tel.startsWith(`${areaCode(sigungu.sido.code2)}-`)) wrong.push(`${sigungu.fullName}: ${tel}`);
      expect(tels.length, sigungu.fullName).toBeGreaterThan(0);
    }
    expect(wrong).toEqual([]);
  });

  it('puts every building on a road that runs through its 읍면동', () => {
    const wrong: string[] = [];
    for (const code5 of SAMPLE) {
      const sigungu = world.regions.sigungu(code5);
      if (!sigungu) continue;
      for (const b of world.places.of(sigungu).buildings) if (!b.road.emds.includes(b.emd.code10)) wrong.push(`${b.emd.name} on ${b.road.name}`);
    }
    expect(wrong).toEqual([]);
  });

  it('holds cherry-blossom festivals in spring, autumn-leaf ones in autumn, and no beach or valley in a city district', () => {
    const tour = SAMPLE.flatMap((code5) => (world.regions.sigungu(code5) ? world.places.of(world.regions.sigungu(code5)!).tour : []));
    const month = (yyyymmdd: string): number => Number(yyyymmdd.slice(4, 6));
    expect(tour.filter((c) => c.title.includes('벚꽃') && (month(c.event!.start) < 3 || month(c.event!.start) > 4)).map((c) => c.title)).toEqual([]);
    expect(tour.filter((c) => c.title.includes('단풍') && month(c.event!.start) < 10).map((c) => c.title)).toEqual([]);
    expect(tour.filter((c) => /해변|바다|계곡/.test(c.title) && c.sigungu.name.endsWith('구')).map((c) => c.title)).toEqual([]);
  });

  it("numbers Seoul's stops as Seoul does: the ARS number begins with the 구's, 01 (종로구) to 25 (강동구)", () => {
    const prefixes = (code5: string): Set<string> =>
      new Set(
        world.places
          .of(world.regions.sigungu(code5)!)
          .stops.filter((s) => s.arsId !== '0')
          .map((s) => s.arsId!.slice(0, 2)),
      );
    expect(prefixes('11110')).toEqual(new Set(['01']));
    expect(prefixes('11680')).toEqual(new Set(['23']));
    expect(prefixes('11740')).toEqual(new Set(['25']));
  });

  it("holds a winter festival in 경주 each December, running into the new year, where the catalog's example looks", () => {
    const festivals = world.places.of(world.regions.sigungu('47130')!).tour.filter((c) => c.event);
    const winter = festivals.filter((c) => c.event!.start.slice(4, 6) === '12');
    expect(winter.map((c) => c.event!.start.slice(0, 4))).toEqual(Array.from({ length: 12 }, (_, i) => String(2024 + i)));
    for (const c of winter) {
      expect(c.title).toMatch(/빛|겨울|눈꽃/);
      // It runs into the new year, and says which year it ends in.
      expect(Number(c.event!.end.slice(0, 4))).toBe(Number(c.event!.start.slice(0, 4)) + 1);
      expect(c.overview).toContain(`${c.event!.end.slice(0, 4)}년 `);
    }
  });

  it('registers only the businesses of its register; any other number, valid check digit or not, is unknown', () => {
    const all = world.businesses.all();
    expect(all).toHaveLength(2000);
    expect(all.every((b) => isValidBusinessNumber(b.bno) && world.businesses.get(b.bno) === b)).toBe(true);
    expect(world.businesses.get('0000000000')).toBeUndefined();
    expect(world.businesses.get('1234567891')).toBeUndefined();
    expect(new Set(all.map((b) => b.status))).toEqual(new Set(['01', '02', '03']));
    // A corporation (middle digits 81, 86, 87, 88) is never a simplified taxpayer.
    expect(all.filter((b) => ['81', '86', '87', '88'].includes(b.bno.slice(3, 5)) && b.taxType.includes('간이')).map((b) => b.bno)).toEqual([]);
  });
});
