// The pass@k / pass^k chart, computed once for both places that draw it: the run report's inline SVG (charts.ts)
// and the window's React chart (PassCurve.tsx). d3 gives the scales and paths; each drawer only writes the marks.
// Two series stay apart where they coincide (k = 1, a model that always or never passes): the second is drawn with
// squares, a dashed line and its whiskers to the other side; a single k is a point with its value written beside it.
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { pct } from './reportData.ts';

export interface CurvePoint {
  k: number;
  value: number;
  low: number;
  high: number;
}

export interface CurveFrame {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface CurveSeriesGeometry {
  name: string;
  /** Squares, a dashed line and whiskers to the right, so it stays apart from the first. */
  alternate: boolean;
  band: string;
  lowEdge: string;
  highEdge: string;
  line: string;
  whiskers: { x: number; y1: number; y2: number }[];
  markers: { x: number; y: number; label: string }[];
  /** Written beside the point where there is only one k. */
  values: { x: number; y: number; text: string }[];
}

export interface CurveGeometry {
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; k: number }[];
  /** Where the axis's "k" is written. */
  kLabel: { x: number; y: number };
  series: CurveSeriesGeometry[];
}

/** The y axis of a share: 0 to 100 % in quarters, where `y` puts each. */
export const percentTicks = (y: (v: number) => number): { y: number; label: string }[] =>
  [0, 0.25, 0.5, 0.75, 1].map((t) => ({ y: y(t), label: `${Math.round(t * 100)}%` }));

/** Estimates keyed "pass@1", "pass^2"… as points in k order. */
export function curvePoints(estimates: Record<string, { value: number; low: number; high: number }>): CurvePoint[] {
  return Object.entries(estimates)
    .map(([key, e]) => ({ k: Number(key.split(/[@^]/).pop()), value: e.value, low: e.low, high: e.high }))
    .filter((p) => Number.isFinite(p.k))
    .sort((a, b) => a.k - b.k);
}

export function passCurveGeometry(series: { name: string; points: CurvePoint[]; alternate?: boolean }[], frame: CurveFrame): CurveGeometry {
  const { width: W, height: H, margin: M } = frame;
  const ks = series.flatMap((s) => s.points.map((p) => p.k));
  const single = ks.length > 0 && Math.max(...ks) === 1;
  const x = scaleLinear()
    .domain(single ? [0.5, 1.5] : [1, Math.max(2, ...ks)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top]);
  const through = (at: (p: CurvePoint) => number) =>
    line<CurvePoint>()
      .x((p) => x(p.k))
      .y((p) => y(at(p)));
  return {
    yTicks: percentTicks(y),
    xTicks: [...new Set(ks)].map((k) => ({ x: x(k), k })),
    kLabel: { x: W - M.right, y: H - M.bottom + 30 },
    series: series.map((s, i) => {
      const alternate = s.alternate ?? i % 2 === 1;
      const offset = alternate ? 3 : -3;
      const label = (p: CurvePoint): string => `${s.name} ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]`;
      return {
        name: s.name,
        alternate,
        band:
          area<CurvePoint>()
            .x((p) => x(p.k))
            .y0((p) => y(p.low))
            .y1((p) => y(p.high))(s.points) ?? '',
        lowEdge: through((p) => p.low)(s.points) ?? '',
        highEdge: through((p) => p.high)(s.points) ?? '',
        line: through((p) => p.value)(s.points) ?? '',
        whiskers: s.points.map((p) => ({ x: x(p.k) + offset, y1: y(p.low), y2: y(p.high) })),
        markers: s.points.map((p) => ({ x: x(p.k), y: y(p.value), label: `${s.name} k=${p.k}: ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]` })),
        values: single ? s.points.map((p) => ({ x: x(p.k) + 10, y: y(p.value) + (alternate ? 16 : -10), text: label(p) })) : [],
      };
    }),
  };
}
