// Curves over training time (loss by step, reward by iteration), drawn by React from d3's scales and shapes. Series
// differ in colour (Okabe–Ito), dash and marker, so they stay apart for colour-blind readers and where they cross.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

export interface LineSeries {
  name: string;
  points: { x: number; y: number }[];
}

const W = 520;
const H = 240;
const M = { top: 16, right: 20, bottom: 48, left: 52 };
const COLOURS = ['#0072B2', '#D55E00', '#009E73'] as const;
const DASHES = [undefined, '6 4', '2 3'] as const;

export function LineChart({
  series,
  title,
  xLabel,
  yDomain,
  formatY = (v) => String(Number(v.toFixed(3))),
}: {
  series: LineSeries[];
  title: string;
  xLabel: string;
  /** The y axis's range; defaults to the points' own. */
  yDomain?: [number, number];
  formatY?: (v: number) => string;
}) {
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  const [y0, y1] = yDomain ?? (ys.length ? [Math.min(...ys), Math.max(...ys)] : [0, 1]);
  const x = scaleLinear()
    .domain(x0 === x1 ? [x0 - 1, x1 + 1] : [x0, x1])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain(y0 === y1 ? [y0 - 1, y1 + 1] : [y0, y1])
    .nice()
    .range([H - M.bottom, M.top]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {y.ticks(4).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" className="chart-text">
              {formatY(t)}
            </text>
          </g>
        ))}
        {/* Steps and iterations are counts: no tick between two of them. */}
        {x
          .ticks(6)
          .filter(Number.isInteger)
          .map((t) => (
            <text key={t} x={x(t)} y={H - M.bottom + 16} textAnchor="middle" className="chart-text">
              {t}
            </text>
          ))}
        <text x={W - M.right} y={H - M.bottom + 32} textAnchor="end" className="chart-text">
          {xLabel}
        </text>
        {series.map((s, i) => {
          const colour = COLOURS[i % COLOURS.length]!;
          const path =
            line<{ x: number; y: number }>()
              .x((p) => x(p.x))
              .y((p) => y(p.y))(s.points) ?? '';
          return (
            <g key={s.name}>
              <path d={path} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={DASHES[i % DASHES.length]} />
              {s.points.length === 1 && <circle cx={x(s.points[0]!.x)} cy={y(s.points[0]!.y)} r={4} fill={colour} />}
            </g>
          );
        })}
        {series.map((s, i) => (
          <g key={s.name} transform={`translate(${M.left + i * 150},${H - 8})`}>
            <line x1={0} x2={22} y1={-4} y2={-4} stroke={COLOURS[i % COLOURS.length]} strokeWidth={2} strokeDasharray={DASHES[i % DASHES.length]} />
            <text x={28} y={0} className="chart-text">
              {s.name}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
