// Where each tool sits in the graph view: agencies on a ring, each tool pulled to its agency's place, linked tools
// drawn together, nodes kept apart. Positions a user has seen are kept (the caller stores them), so the picture is
// the same between visits and only tools new to the catalog are placed; starting points come from the tool's id,
// never from Math.random, so the same graph always lays out the same way.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import { fnv1a } from '../../../../main/core/random.ts';

export interface Point {
  x: number;
  y: number;
}

export interface LayoutInput {
  tools: { id: string; agency: string }[];
  links: { from: string; to: string }[];
  /** Positions kept from an earlier layout, by tool id. */
  saved?: Record<string, Point>;
  width: number;
  height: number;
  /** Simulation steps when some tool has no kept position. Defaults to 300. */
  ticks?: number;
}

interface Node extends SimulationNodeDatum {
  id: string;
  agency: string;
}

/** Each agency's place on an ellipse filling the canvas, in name order. */
export function agencyCentres(agencies: string[], width: number, height: number): Map<string, Point> {
  const sorted = [...new Set(agencies)].sort();
  return new Map(
    sorted.map((agency, i) => {
      const angle = (2 * Math.PI * i) / sorted.length - Math.PI / 2;
      return [agency, { x: width / 2 + width * 0.4 * Math.cos(angle), y: height / 2 + height * 0.38 * Math.sin(angle) }];
    }),
  );
}

export function layoutGraph(input: LayoutInput): Record<string, Point> {
  const saved = input.saved ?? {};
  const centres = agencyCentres(
    input.tools.map((t) => t.agency),
    input.width,
    input.height,
  );
  const nodes: Node[] = input.tools.map((tool) => {
    const kept = saved[tool.id];
    if (kept) return { id: tool.id, agency: tool.agency, x: kept.x, y: kept.y };
    const centre = centres.get(tool.agency)!;
    const h = fnv1a(tool.id);
    return { id: tool.id, agency: tool.agency, x: centre.x + ((h % 41) - 20), y: centre.y + (((h >>> 8) % 41) - 20) };
  });
  if (nodes.every((n) => saved[n.id] !== undefined)) return Object.fromEntries(nodes.map((n) => [n.id, { x: n.x!, y: n.y! }]));
  const ids = new Set(nodes.map((n) => n.id));
  const pairs = new Map<string, { source: string; target: string }>();
  for (const link of input.links) {
    if (link.from === link.to || !ids.has(link.from) || !ids.has(link.to)) continue;
    pairs.set(`${link.from}|${link.to}`, { source: link.from, target: link.to });
  }
  // Kept nodes stay where the user saw them; only new ones move.
  for (const n of nodes) {
    if (saved[n.id]) {
      n.fx = n.x;
      n.fy = n.y;
    }
  }
  const simulation = forceSimulation(nodes)
    .force(
      'link',
      forceLink<Node, { source: string; target: string }>([...pairs.values()])
        .id((d) => d.id)
        .distance(70)
        .strength(0.03),
    )
    .force('charge', forceManyBody().strength(-90))
    .force('x', forceX<Node>((d) => centres.get(d.agency)!.x).strength(0.18))
    .force('y', forceY<Node>((d) => centres.get(d.agency)!.y).strength(0.18))
    .force('collide', forceCollide(16))
    .stop();
  simulation.tick(input.ticks ?? 300);
  return Object.fromEntries(nodes.map((n) => [n.id, { x: Math.round(n.x! * 10) / 10, y: Math.round(n.y! * 10) / 10 }]));
}
