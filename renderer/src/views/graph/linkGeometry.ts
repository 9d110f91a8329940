// Where a link is drawn: straight for the first link between two tools, bowed to alternating sides for the others,
// stopping short of the target's circle so its arrowhead shows. Pure numbers, shared by drawing and hit-testing.
import type { Point } from './graphLayout.ts';

export interface LinkShape {
  from: Point;
  /** The quadratic curve's control point (the midpoint for a straight link). */
  control: Point;
  to: Point;
}

/** Each link's lane among the links joining the same two tools, in the order given. */
export function lanes(links: { id: string; fromTool: string; toTool: string }[]): Map<string, number> {
  const seen = new Map<string, number>();
  const out = new Map<string, number>();
  for (const link of links) {
    const key = link.fromTool < link.toTool ? `${link.fromTool}|${link.toTool}` : `${link.toTool}|${link.fromTool}`;
    const n = seen.get(key) ?? 0;
    out.set(link.id, n);
    seen.set(key, n + 1);
  }
  return out;
}

export function linkShape(a: Point, b: Point, lane: number, targetRadius: number): LinkShape {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const bow = lane === 0 ? 0 : 14 * Math.ceil(lane / 2) * (lane % 2 === 0 ? -1 : 1);
  const control = { x: mx - (dy / length) * bow, y: my + (dx / length) * bow };
  const cx = b.x - control.x;
  const cy = b.y - control.y;
  const toControl = Math.hypot(cx, cy) || 1;
  return { from: a, control, to: { x: b.x - (cx / toControl) * targetRadius, y: b.y - (cy / toControl) * targetRadius } };
}

/** The arrowhead's three corners at the link's end, pointing along its last direction. */
export function arrowHead(shape: LinkShape, size: number): [Point, Point, Point] {
  const dx = shape.to.x - shape.control.x;
  const dy = shape.to.y - shape.control.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const back = { x: shape.to.x - ux * size, y: shape.to.y - uy * size };
  return [shape.to, { x: back.x - uy * size * 0.5, y: back.y + ux * size * 0.5 }, { x: back.x + uy * size * 0.5, y: back.y - ux * size * 0.5 }];
}
