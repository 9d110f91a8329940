// The graph's first view, by agency: one row per agency (its name, its tools, the links among its own tools), and an
// arc for each pair of agencies one of whose tools feeds the other's, as wide as the links it stands for. A row is a
// band of its own, so no two names can cover each other at any width; a long name wraps within its column.
import { textWidthEm } from './labelPlacement.ts';

export interface AgencyRowInput {
  id: string;
  name: string;
  tools: number;
}

export interface ArcLink {
  fromTool: string;
  toTool: string;
  status: string;
}

export interface AgencyRow extends AgencyRowInput {
  /** The row's band: its top and height. */
  top: number;
  height: number;
  /** The row's centre line, where its dot sits. */
  y: number;
  /** The name in lines that fit the label column, each with its baseline. */
  lines: { text: string; baseline: number }[];
  /** The baseline of the note under the name. */
  noteBaseline: number;
  /** Links from one of its tools to another of its own. */
  inner: number;
}

export interface AgencyArc {
  from: string;
  to: string;
  /** Links from a tool of `from` to a tool of `to`. */
  count: number;
  verified: number;
  /** The arc's SVG path, from the row of `from` to the row of `to`, bulging right. */
  d: string;
}

export interface AgencyArcLayout {
  rows: AgencyRow[];
  arcs: AgencyArc[];
  /** The drawing's extent: as wide as its widest arc reaches, so it scales to the window no smaller than it must. */
  width: number;
  height: number;
}

/** Sizes in the drawing's own units (its viewBox), which scales to the window as a whole. */
export const ARC_GEOMETRY = {
  /** The least width, for a graph with few or short arcs. */
  minWidth: 720,
  top: 20,
  /** Air above and below a row's words. */
  pad: 7,
  /** The label column ends here, right-aligned; the dots stand just right of it. */
  labelRight: 440,
  labelWidth: 400,
  dotX: 462,
  namePx: 15,
  notePx: 12,
  /** Lines a name may take. */
  maxLines: 2,
} as const;

/** Words of `text` in lines no wider than `width` at `px`; a last line that does not fit is cut with an ellipsis. */
export function wrapName(text: string, width: number, px: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidthEm(next) * px > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
  while (textWidthEm(`${last}…`) * px > width && last.length > 1) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

export function agencyArcs(agencies: AgencyRowInput[], links: ArcLink[], agencyOf: (tool: string) => string | undefined): AgencyArcLayout {
  const g = ARC_GEOMETRY;
  const inner = new Map<string, number>();
  const pairs = new Map<string, { from: string; to: string; count: number; verified: number }>();
  for (const link of links) {
    const from = agencyOf(link.fromTool);
    const to = agencyOf(link.toTool);
    if (!from || !to) continue;
    if (from === to) {
      inner.set(from, (inner.get(from) ?? 0) + 1);
      continue;
    }
    const key = `${from}|${to}`;
    const pair = pairs.get(key) ?? { from, to, count: 0, verified: 0 };
    pair.count++;
    if (link.status === 'verified') pair.verified++;
    pairs.set(key, pair);
  }
  let top = g.top;
  const rows: AgencyRow[] = agencies.map((agency) => {
    const lines = wrapName(agency.name, g.labelWidth, g.namePx, g.maxLines).map((text, i) => ({ text, baseline: top + g.pad + g.namePx * (1 + 1.2 * i) }));
    const noteBaseline = lines.at(-1)!.baseline + g.notePx * 1.4;
    const height = noteBaseline + g.notePx * 0.4 + g.pad - top;
    const row = { ...agency, top, height, y: top + height / 2, lines, noteBaseline, inner: inner.get(agency.id) ?? 0 };
    top += height;
    return row;
  });
  const yOf = new Map(rows.map((r) => [r.id, r.y]));
  let reach = 0;
  const arcs = [...pairs.values()]
    .filter((p) => yOf.has(p.from) && yOf.has(p.to))
    .map((p) => {
      const y1 = yOf.get(p.from)!;
      const y2 = yOf.get(p.to)!;
      // Downward links bulge further than upward ones, so A → B and B → A are two arcs, not one drawn twice.
      const rx = (Math.abs(y2 - y1) / 2) * (y2 > y1 ? 1 : 0.7);
      const ry = Math.abs(y2 - y1) / 2;
      const sweep = y2 > y1 ? 1 : 0;
      reach = Math.max(reach, rx);
      return { ...p, d: `M ${g.dotX} ${y1} A ${rx.toFixed(1)} ${ry.toFixed(1)} 0 0 ${sweep} ${g.dotX} ${y2}` };
    })
    // The widest drawn first, so thin arcs stay on top and can be pointed at.
    .sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { rows, arcs, width: Math.max(g.minWidth, Math.ceil(g.dotX + reach + 24)), height: Math.ceil(top + g.top) };
}
