// pass@k and pass^k for k = 1..n with their 95 % intervals as bands, drawn by React from the geometry the run report
// draws too (core/bench/report/passCurve.ts). The two series differ in colour (Okabe–Ito, safe for colour-blind
// readers), line dash and marker shape, so they stay apart where they coincide; one sample is a labelled point.
import { passCurveGeometry, type CurvePoint } from '../../../../main/core/bench/report/passCurve.ts';

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
  const g = passCurveGeometry(series, { width: W, height: H, margin: M });
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {g.yTicks.map((t) => (
          <g key={t.label}>
            <line x1={M.left} x2={W - M.right} y1={t.y} y2={t.y} className="chart-grid" />
            <text x={M.left - 6} y={t.y + 4} textAnchor="end" className="chart-text">
              {t.label}
            </text>
          </g>
        ))}
        {g.xTicks.map((t) => (
          <text key={t.k} x={t.x} y={H - M.bottom + 16} textAnchor="middle" className="chart-text">
            {t.k}
          </text>
        ))}
        <text x={g.kLabel.x} y={g.kLabel.y} textAnchor="end" className="chart-text">
          k
        </text>
        {g.series.map((s, i) => {
          const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
          return (
            <g key={s.name}>
              <path d={s.band} fill={colour} opacity={0.14} />
              {s.whiskers.map((w) => (
                <line key={`w${w.x}`} x1={w.x} x2={w.x} y1={w.y1} y2={w.y2} stroke={colour} strokeWidth={1.5} />
              ))}
              <path d={s.line} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={s.alternate ? '6 4' : undefined} />
              {s.markers.map((m) => (
                <Marker key={m.label} x={m.x} y={m.y} alternate={s.alternate} colour={colour} label={m.label} />
              ))}
              {s.values.map((v) => (
                <text key={v.text} x={v.x} y={v.y} className="chart-text chart-value">
                  {v.text}
                </text>
              ))}
            </g>
          );
        })}
        {g.series.map((s, i) => (
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
