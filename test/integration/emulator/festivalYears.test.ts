// The emulator's festivals go on after 2026: a festival of a later year is listed from four months before it starts,
// as an organiser registers it ahead with TourAPI, so a search in 2027 finds 2027's festivals while a question asked
// in 2025 reads the world it always read (KOPA-Bench's answers and the trained model's data among them).
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../helpers/engine.ts';

type Festival = { contentid: string; eventstartdate: string };

async function search(at: string, args: Record<string, unknown>): Promise<Festival[]> {
  const engine = testEngine({ emulator: { now: () => new Date(at) } });
  try {
    const result = await engine.call('gateway.call', { tool: 'tour.searchFestival2', args: { numOfRows: 1000, ...args } });
    expect(result.ok).toBe(true);
    return result.items as Festival[];
  } finally {
    await engine.dispose();
  }
}

describe("the emulator's festivals in the years after 2026", () => {
  it('lists a later festival from four months before it starts, and never earlier', async () => {
    const winter = await search('2027-02-20T01:00:00Z', { eventStartDate: '20270301' });
    expect(winter.length).toBeGreaterThan(50);
    for (const f of winter) expect(f.eventstartdate <= '20270622', f.contentid).toBe(true);
    const summer = await search('2027-08-01T01:00:00Z', { eventStartDate: '20270301' });
    expect(summer.length).toBeGreaterThan(winter.length);
    expect(summer.some((f) => f.eventstartdate >= '20270901')).toBe(true);
    // None of 2027's is announced in 2025 (경주's winter festival of 2026 runs into 2027, as it always did).
    const early = await search('2025-03-02T06:00:00Z', { eventStartDate: '20270101' });
    expect(early.filter((f) => f.eventstartdate >= '20270101')).toEqual([]);
    expect(early.length).toBeGreaterThan(0);
  });

  it("keeps 경주's winter festival every year, so the catalog's example finds one from today", async () => {
    for (const year of [2027, 2030, 2035]) {
      const found = await search(`${year}-12-10T01:00:00Z`, { eventStartDate: `${year}1201`, lDongRegnCd: '47', lDongSignguCd: '130' });
      expect(
        found.some((f) => f.eventstartdate.startsWith(`${year}12`)),
        String(year),
      ).toBe(true);
    }
  });
});
