// The date a chat template writes: an episode's moment as a clock in Korea reads it; without an episode, the
// machine's clock as the machine reads it, which is what node-llama-cpp's family wrappers write when it compares
// them with a template at load.
import { afterEach, describe, expect, it } from 'vitest';
import { strftimeAt } from '../../../main/core/time/templateDate.ts';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('a template date', () => {
  const evening = new Date('2026-12-06T19:50:00Z');

  it('reads an episode in Korea, where an evening in UTC is already the next morning', () => {
    expect(strftimeAt(evening, '%Y-%m-%d %H:%M')).toBe('2026-12-07 04:50');
    expect(strftimeAt(evening, '%d %b %Y')).toBe('07 Dec 2026');
  });

  it("reads the machine's clock in the machine's own zone, as node-llama-cpp's wrappers write it", () => {
    process.env.TZ = 'UTC';
    expect(strftimeAt(evening, '%Y-%m-%d', 'machine')).toBe('2026-12-06');
    process.env.TZ = 'Asia/Seoul';
    expect(strftimeAt(evening, '%Y-%m-%d', 'machine')).toBe('2026-12-07');
    process.env.TZ = 'America/Los_Angeles';
    expect(strftimeAt(evening, '%Y-%m-%d %H:%M', 'machine')).toBe('2026-12-06 11:50');
  });
});
