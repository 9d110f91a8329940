// The Graph view's first picture, by agency: one arc per pair of agencies with the links it stands for, the links
// inside one agency counted on its row, and every name in a band of its own, wrapped to its column.
import { describe, expect, it } from 'vitest';
import { ARC_GEOMETRY, agencyArcs, wrapName } from '../../../renderer/src/views/graph/agencyArcs.ts';
import { textWidthEm } from '../../../renderer/src/views/graph/labelPlacement.ts';

const AGENCY: Record<string, string> = { 'kma.a': 'KMA', 'kma.b': 'KMA', 'air.a': 'AirKorea', 'tago.a': 'TAGO' };
const agencies = [
  { id: 'KMA', name: 'Korea Meteorological Administration', tools: 2 },
  { id: 'AirKorea', name: 'Korea Environment Corporation (AirKorea)', tools: 1 },
  { id: 'TAGO', name: 'TAGO, the national public transport information center (MOLIT), with a name longer than any column', tools: 1 },
];

describe('the graph by agency', () => {
  const layout = agencyArcs(
    agencies,
    [
      { fromTool: 'kma.a', toTool: 'kma.b', status: 'verified' },
      { fromTool: 'air.a', toTool: 'kma.a', status: 'verified' },
      { fromTool: 'air.a', toTool: 'kma.b', status: 'candidate' },
      { fromTool: 'kma.a', toTool: 'air.a', status: 'verified' },
      { fromTool: 'tago.a', toTool: 'gone.x', status: 'verified' },
    ],
    (tool) => AGENCY[tool],
  );

  it('draws one arc per direction between two agencies, counting its links, and counts the links inside one', () => {
    expect(layout.arcs.map(({ from, to, count, verified }) => ({ from, to, count, verified }))).toEqual([
      { from: 'AirKorea', to: 'KMA', count: 2, verified: 1 },
      { from: 'KMA', to: 'AirKorea', count: 1, verified: 1 },
    ]);
    expect(layout.rows.map((r) => r.inner)).toEqual([1, 0, 0]);
    // The two directions are two arcs that bulge apart, not one drawn twice.
    const bulge = (d: string): number => Number(d.split(' ')[4]);
    expect(bulge(layout.arcs[0]!.d)).toBeLessThan(bulge(layout.arcs[1]!.d));
  });

  it('gives every row a band of its own, each name within its column and its band', () => {
    const g = ARC_GEOMETRY;
    layout.rows.forEach((row, i) => {
      if (i > 0) expect(row.top).toBeGreaterThanOrEqual(layout.rows[i - 1]!.top + layout.rows[i - 1]!.height);
      for (const line of row.lines) {
        expect(textWidthEm(line.text) * g.namePx).toBeLessThanOrEqual(g.labelWidth);
        expect(line.baseline - g.namePx).toBeGreaterThanOrEqual(row.top);
      }
      expect(row.noteBaseline).toBeLessThanOrEqual(row.top + row.height);
    });
    expect(layout.height).toBeGreaterThan(layout.rows.at(-1)!.top + layout.rows.at(-1)!.height);
  });

  it('wraps a long name at its words and cuts what is left past the last line', () => {
    expect(wrapName('Korea Meteorological Administration', 400, 15, 2)).toEqual(['Korea Meteorological Administration']);
    const cut = wrapName(agencies[2]!.name, 200, 15, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(wrapName('국토교통부 TAGO · 서울특별시 버스', 400, 15, 2)).toEqual(['국토교통부 TAGO · 서울특별시 버스']);
  });
});
