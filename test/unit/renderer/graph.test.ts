// The graph view's layout and filters: the same graph always lays out the same way, positions a user has seen stay
// put, and the filters keep exactly the links asked for.
import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../main/core/edge/types.ts';
import { layoutGraph } from '../../../renderer/src/views/graph/graphLayout.ts';
import { DEFAULT_FILTER, visibleGraph } from '../../../renderer/src/views/graph/graphFilter.ts';

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
