// The graph view's layout and filters: the same graph always lays out the same way, positions a user has seen stay
// put, and the filters keep exactly the links asked for.
import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../main/core/edges/types.ts';
import { layoutGraph } from '../../../renderer/src/views/graph/graphLayout.ts';
import { DEFAULT_FILTER, visibleGraph } from '../../../renderer/src/views/graph/graphFilter.ts';
import { placeLabels, textWidthEm, type LabelCandidate } from '../../../renderer/src/views/graph/labelPlacement.ts';

const tools = [
  { id: 'juso.addrLinkApi', agency: 'juso' },
  { id: 'molit.getRTMSDataSvcAptTradeDev', agency: 'MOLIT' },
  { id: 'molit.getBrTitleInfo', agency: 'MOLIT' },
  { id: 'kma.getUltraSrtNcst', agency: 'KMA' },
];
const links = [
  { from: 'juso.addrLinkApi', to: 'molit.getRTMSDataSvcAptTradeDev' },
  { from: 'molit.getRTMSDataSvcAptTradeDev', to: 'molit.getBrTitleInfo' },
];

const edge = (id: string, fromTool: string, toTool: string, status: Edge['status'], basis: Edge['basis'], kind: Edge['kind'] = 'dependency'): Edge => ({
  id,
  fromTool,
  toTool,
  kind,
  fromFields: ['f'],
  toParams: ['p'],
  transform: 'identity',
  basis,
  score: 0.5,
  status,
  reason: null,
  trialsOk: 0,
  trialsTotal: 0,
  graphVersion: null,
  checkedAt: null,
  createdAt: '2026-12-01T00:00:00Z',
});

describe('the graph layout', () => {
  it('places the same graph the same way every time, inside the canvas', () => {
    const a = layoutGraph({ tools, links, width: 1200, height: 760 });
    expect(layoutGraph({ tools, links, width: 1200, height: 760 })).toEqual(a);
    for (const p of Object.values(a)) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(1200);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(760);
    }
  });

  it('keeps the positions a user has seen and places only a new tool', () => {
    const seen = layoutGraph({ tools: tools.slice(0, 3), links, width: 1200, height: 760 });
    const next = layoutGraph({ tools, links, saved: seen, width: 1200, height: 760 });
    for (const id of Object.keys(seen)) expect(next[id]).toEqual(seen[id]);
    expect(next['kma.getUltraSrtNcst']).toBeDefined();
  });
});

describe('the graph filters', () => {
  const edges = [
    edge('e1', 'juso.addrLinkApi', 'molit.getRTMSDataSvcAptTradeDev', 'verified', 'transform'),
    edge('e2', 'molit.getRTMSDataSvcAptTradeDev', 'molit.getBrTitleInfo', 'rejected', 'semantic'),
    edge('e3', 'kma.getUltraSrtNcst', 'molit.getBrTitleInfo', 'candidate', 'lexical'),
  ];
  const agencyOf = (id: string): string | undefined => tools.find((t) => t.id === id)?.agency;

  it('leaves rejected links out by default and keeps them when asked', () => {
    expect(visibleGraph(edges, agencyOf, DEFAULT_FILTER).edges.map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(visibleGraph(edges, agencyOf, { ...DEFAULT_FILTER, statuses: ['rejected'] }).edges.map((e) => e.id)).toEqual(['e2']);
  });

  it('keeps links by kind and agency, and a focused tool with its neighbours lit', () => {
    expect(visibleGraph(edges, agencyOf, { ...DEFAULT_FILTER, kinds: ['lexical'] }).edges.map((e) => e.id)).toEqual(['e3']);
    expect(visibleGraph(edges, agencyOf, { ...DEFAULT_FILTER, agency: 'juso' }).edges.map((e) => e.id)).toEqual(['e1']);
    const focused = visibleGraph(edges, agencyOf, { ...DEFAULT_FILTER, focus: 'molit.getBrTitleInfo' });
    expect(focused.edges.map((e) => e.id)).toEqual(['e3']);
    expect([...focused.lit].sort()).toEqual(['kma.getUltraSrtNcst', 'molit.getBrTitleInfo']);
  });

  it('leaves format-only links out by default and shows them when asked', () => {
    const withFormat = [...edges, edge('e4', 'kma.getUltraSrtNcst', 'molit.getRTMSDataSvcAptTradeDev', 'verified', 'transform', 'format')];
    expect(visibleGraph(withFormat, agencyOf, DEFAULT_FILTER).edges.map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(visibleGraph(withFormat, agencyOf, { ...DEFAULT_FILTER, links: ['format'] }).edges.map((e) => e.id)).toEqual(['e4']);
  });
});

describe('names on the graph', () => {
  const crowd = (size: number): LabelCandidate[] =>
    Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, x: 100 + i * 6, y: 100, text: `도구 이름 ${i}`, size, priority: i, around: 2 }));

  it('writes no name over another, the most important first', () => {
    const shown = placeLabels(crowd(10));
    // The best-linked name is written below its dot; a neighbour six units away goes above its own; the rest of the
    // row has no free place left.
    expect(shown.get('t11')?.anchor).toBe('middle');
    expect(shown.get('t10')!.y).toBeLessThan(shown.get('t11')!.y);
    expect(shown.size).toBeLessThan(6);
    const far = placeLabels([
      { id: 'a', x: 0, y: 0, text: 'Seoul', size: 10, priority: 1, around: 8 },
      { id: 'b', x: 200, y: 0, text: 'Busan', size: 10, priority: 0, around: 8 },
    ]);
    expect([...far.keys()].sort()).toEqual(['a', 'b']);
  });

  it('brings left-out names back as the drawing zooms in (names keep their size on screen)', () => {
    expect(placeLabels(crowd(1)).size).toBeGreaterThan(placeLabels(crowd(10)).size);
    expect(placeLabels(crowd(0.1)).size).toBe(12);
  });

  it('writes no name over another tool’s dot', () => {
    // A heading (no dot of its own) is written where it is asked for, or not at all.
    const heading = { id: 'a', x: 0, y: 20, text: 'Seoul', size: 10, priority: 1 };
    expect(placeLabels([heading], [{ x: 0, y: 14, r: 8 }]).size).toBe(0);
    expect(placeLabels([heading], [{ x: 0, y: -30, r: 8 }]).size).toBe(1);
    // A tool's name goes around the dot in its way: above it, when below is taken.
    const name = { id: 'b', x: 0, y: 0, text: 'Busan', size: 10, priority: 1, around: 8 };
    expect(placeLabels([name], [{ x: 0, y: 20, r: 8 }]).get('b')!.y).toBeLessThan(0);
  });

  it('measures Hangul wider than Latin letters', () => {
    expect(textWidthEm('도구')).toBeGreaterThan(textWidthEm('ab'));
  });
});
