// Which names the graph writes, and where: where tools crowd, names written over each other are read as none. The
// most important names are placed first (the agencies' headings, then the focused tools, then the best-linked),
// each below its dot, else above, right or left of it, wherever it covers no dot and no name placed before it; a
// name with no such place is left out, and its tool still says it on hover. Sizes are in the layout's units for the
// current zoom, so zooming in makes room and brings the left-out names back.

export interface LabelCandidate {
  id: string;
  /** The point the name belongs to: a tool's dot, or where an agency's heading is centred. */
  x: number;
  y: number;
  text: string;
  /** Font size, in the layout's units. */
  size: number;
  /** Higher is placed first. */
  priority: number;
  /** The dot's radius: the name goes around it. Absent: the name is centred on the point, or left out. */
  around?: number;
}

/** Where a name is written: its anchor point and which end of the text it is. */
export interface Placement {
  x: number;
  /** The text's baseline. */
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** A dot a name must not cover. */
export interface Obstacle {
  x: number;
  y: number;
  r: number;
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Width of a text in ems: Hangul and other wide script a full em, the rest a little over half. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char) ? 1 : 0.58;
  return width;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The places a name may take, best first, with the box each covers. */
function placesOf(label: LabelCandidate): { placement: Placement; box: Box }[] {
  const width = textWidthEm(label.text) * label.size;
  const height = label.size * 1.2;
  // A little air around each name, so two names never touch.
  const pad = label.size * 0.2;
  const at = (left: number, top: number, placement: Placement) => ({
    placement,
    box: { left: left - pad, right: left + width + pad, top: top - pad, bottom: top + height + pad },
  });
  const { x, y, size } = label;
  if (label.around === undefined) return [at(x - width / 2, y - height, { x, y, anchor: 'middle' })];
  const gap = label.around + size * 0.25;
  return [
    at(x - width / 2, y + gap, { x, y: y + gap + size, anchor: 'middle' }),
    at(x - width / 2, y - gap - height, { x, y: y - gap - height + size, anchor: 'middle' }),
    at(x + gap, y - height / 2, { x: x + gap, y: y - height / 2 + size, anchor: 'start' }),
    at(x - gap - width, y - height / 2, { x: x - gap, y: y - height / 2 + size, anchor: 'end' }),
  ];
}

/** Where each name that fits is written, by id; a name that fits nowhere (or only past `bounds`) is not in the map. */
export function placeLabels(candidates: LabelCandidate[], obstacles: Obstacle[] = [], bounds?: Box): Map<string, Placement> {
  const inside = (box: Box): boolean =>
    !bounds || (box.left >= bounds.left && box.right <= bounds.right && box.top >= bounds.top && box.bottom <= bounds.bottom);
  const taken: Box[] = obstacles.map((o) => ({ left: o.x - o.r, right: o.x + o.r, top: o.y - o.r, bottom: o.y + o.r }));
  const shown = new Map<string, Placement>();
  const ordered = [...candidates].sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
  for (const label of ordered) {
    const free = placesOf(label).find(({ box }) => inside(box) && !taken.some((other) => overlaps(box, other)));
    if (!free) continue;
    taken.push(free.box);
    shown.set(label.id, free.placement);
  }
  return shown;
}
