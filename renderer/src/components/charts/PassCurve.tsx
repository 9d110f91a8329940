// pass@k and pass^k for k = 1..n with their 95 % intervals as bands, drawn by React from d3's scales and shapes.
// The two series differ in colour (Okabe–Ito, safe for colour-blind readers), line dash and marker shape, so they
// stay apart where they coincide (k = 1, or a model that always or never passes); one sample is a labelled point.
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { BenchEstimate } from '../../../../main/api/contract.ts';
import { pct } from '../../../../main/core/bench/report/reportData.ts';

export interface CurvePoint extends BenchEstimate {
  k: number;
}

export interface CurveSeries {
  name: string;
  points: CurvePoint[];
  /** Drawn with squares and a dashed line instead of circles and a solid one. */
  alternate?: boolean;
}

const W = 520;
const H = 260;
const M = { top: 18, right: 20, bottom: 44, left: 48 };
export const SERIES_COLOURS = ['#0072B2', '#D55E00'] as const;

/** "pass@k" estimates keyed "pass@1", "pass@2"… as points in k order. */
export function curvePoints(estimates: Record<string, BenchEstimate>): CurvePoint[] {
  return Object.entries(estimates)
    .map(([key, e]) => ({ k: Number(key.split(/[@^]/).pop()), ...e }))
    .filter((p) => Number.isFinite(p.k))
    .sort((a, b) => a.k - b.k);
}

function Marker({ x, y, alternate, colour, label }: { x: number; y: number; alternate: boolean; colour: string; label: string }) {
  return alternate ? (
    <rect x={x - 5} y={y - 5} width={10} height={10} fill="none" stroke={colour} strokeWidth={2}>
      <title>{label}</title>
    </rect>
  ) : (
    <circle cx={x} cy={y} r={4} fill={colour}>
      <title>{label}</title>
    </circle>
  );
}

export function PassCurve({ series, title }: { series: CurveSeries[]; title: string }) {
  const ks = series.flatMap((s) => s.points.map((p) => p.k));
  const single = ks.length > 0 && Math.max(...ks) === 1;
  // One sample has one k: the point sits in the middle with its value written beside it.
  const x = scaleLinear()
    .domain(single ? [0.5, 1.5] : [1, Math.max(2, ...ks)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" className="chart-text">
              {Math.round(t * 100)}%
            </text>
          </g>
        ))}
        {[...new Set(ks)].map((k) => (
          <text key={k} x={x(k)} y={H - M.bottom + 16} textAnchor="middle" className="chart-text">
            {k}
          </text>
        ))}
        <text x={W - M.right} y={H - M.bottom + 32} textAnchor="end" className="chart-text">
          k
        </text>
        {series.map((s, i) => {
          const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
          const band =
            area<CurvePoint>()
              .x((p) => x(p.k))
              .y0((p) => y(p.low))
              .y1((p) => y(p.high))(s.points) ?? '';
          const path =
            line<CurvePoint>()
              .x((p) => x(p.k))
              .y((p) => y(p.value))(s.points) ?? '';
          return (
            <g key={s.name}>
              <path d={band} fill={colour} opacity={0.14} />
              {s.points.map((p) => (
                <line
                  key={`w${p.k}`}
                  x1={x(p.k) + (s.alternate ? 3 : -3)}
                  x2={x(p.k) + (s.alternate ? 3 : -3)}
                  y1={y(p.low)}
                  y2={y(p.high)}
                  stroke={colour}
                  strokeWidth={1.5}
                />
              ))}
              <path d={path} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={s.alternate ? '6 4' : undefined} />
              {s.points.map((p) => (
                <Marker
                  key={p.k}
                  x={x(p.k)}
                  y={y(p.value)}
                  alternate={s.alternate ?? false}
                  colour={colour}
                  label={`${s.name} k=${p.k}: ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]`}
                />
              ))}
              {single &&
                s.points.map((p) => (
                  <text key={`l${p.k}`} x={x(p.k) + 10} y={y(p.value) + (s.alternate ? 16 : -10)} className="chart-text chart-value">
                    {`${s.name} ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]`}
                  </text>
                ))}
            </g>
          );
        })}
        {series.map((s, i) => (
          <g key={s.name} transform={`translate(${M.left + i * 110},${H - 12})`}>
            <line
              x1={0}
              x2={22}
              y1={-4}
              y2={-4}
              stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
              strokeWidth={2}
              strokeDasharray={s.alternate ? '6 4' : undefined}
            />
            <text x={28} y={0} className="chart-text">
              {s.name}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
