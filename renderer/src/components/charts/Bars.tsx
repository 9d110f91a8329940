// Bars of a rate with its 95 % interval as a whisker (pass@1 by level, ability or agency), each labelled with its
// value and n (in rows, labels beside them, when there are too many to stand side by side); and bars of counts (the
// failure taxonomy), each labelled with its count.
import { scaleBand, scaleLinear } from 'd3-scale';
import { SERIES_COLOURS } from './PassCurve.tsx';
import { percent as pct } from '../../../../main/core/text/percent.ts';

export interface RateBar {
  label: string;
  value: number;
  low: number;
  high: number;
  n: number;
}

const W = 520;
const M = { top: 18, right: 16, bottom: 48, left: 48 };
/** A long label ("temporal reasoning") on lines of its own words, so neighbouring labels do not run together. */
const linesOf = (label: string): string[] => (label.length > 10 ? label.split(' ') : [label]);

/** More bars than this stand in rows, their labels beside them: side by side, 15 agencies' names run together. */
const MAX_COLUMNS = 6;

function RateRows({ bars, title, nLabel }: { bars: RateBar[]; title: string; nLabel: (n: number) => string }) {
  const row = 24;
  const labelWidth = 150;
  const H = M.top + bars.length * row + 8;
  const x = scaleLinear()
    .domain([0, 1])
    .range([labelWidth, W - 110]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {bars.map((b, i) => {
          const mid = row / 2;
          return (
            <g key={b.label} transform={`translate(0,${M.top + i * row})`}>
              <text x={labelWidth - 8} y={mid + 4} textAnchor="end" className="chart-text">
                {b.label}
              </text>
              <rect x={labelWidth} y={4} width={Math.max(1, x(b.value) - labelWidth)} height={row - 8} fill={SERIES_COLOURS[0]} opacity={0.85}>
                <title>{`${b.label}: ${pct(b.value)} [${pct(b.low)}, ${pct(b.high)}], ${nLabel(b.n)}`}</title>
              </rect>
              <line x1={x(b.low)} x2={x(b.high)} y1={mid} y2={mid} className="chart-whisker" />
              <line x1={x(b.low)} x2={x(b.low)} y1={mid - 5} y2={mid + 5} className="chart-whisker" />
              <line x1={x(b.high)} x2={x(b.high)} y1={mid - 5} y2={mid + 5} className="chart-whisker" />
              <text x={W - 104} y={mid + 4} className="chart-text chart-value">
                {pct(b.value)} <tspan className="chart-n">{nLabel(b.n)}</tspan>
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function RateBars({ bars, title, nLabel }: { bars: RateBar[]; title: string; nLabel: (n: number) => string }) {
  if (bars.length > MAX_COLUMNS) return <RateRows bars={bars} title={title} nLabel={nLabel} />;
  const H = 240;
  const x = scaleBand()
    .domain(bars.map((b) => b.label))
    .range([M.left, W - M.right])
    .padding(0.3);
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {[0, 0.5, 1].map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" className="chart-text">
              {pct(t)}
            </text>
          </g>
        ))}
        {bars.map((b) => {
          const left = x(b.label) ?? 0;
          const mid = left + x.bandwidth() / 2;
          return (
            <g key={b.label}>
              <rect x={left} y={y(b.value)} width={x.bandwidth()} height={Math.max(1, y(0) - y(b.value))} fill={SERIES_COLOURS[0]} opacity={0.85}>
                <title>{`${b.label}: ${pct(b.value)} [${pct(b.low)}, ${pct(b.high)}], ${nLabel(b.n)}`}</title>
              </rect>
              <line x1={mid} x2={mid} y1={y(b.low)} y2={y(b.high)} className="chart-whisker" />
              <line x1={mid - 5} x2={mid + 5} y1={y(b.low)} y2={y(b.low)} className="chart-whisker" />
              <line x1={mid - 5} x2={mid + 5} y1={y(b.high)} y2={y(b.high)} className="chart-whisker" />
              <text x={mid} y={y(b.high) - 5} textAnchor="middle" className="chart-text chart-value">
                {pct(b.value)}
              </text>
              <text x={mid} y={H - M.bottom + 14} textAnchor="middle" className="chart-text">
                {linesOf(b.label).map((word, i) => (
                  <tspan key={i} x={mid} dy={i === 0 ? 0 : 11}>
                    {word}
                  </tspan>
                ))}
              </text>
              <text x={mid} y={H - M.bottom + 14 + 11 * linesOf(b.label).length} textAnchor="middle" className="chart-text chart-n">
                {nLabel(b.n)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function CountBars({ bars, title }: { bars: { label: string; count: number }[]; title: string }) {
  const row = 22;
  const H = M.top + bars.length * row + 8;
  const labelWidth = 170;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const x = scaleLinear()
    .domain([0, max])
    .range([labelWidth, W - 50]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {bars.map((b, i) => (
          <g key={b.label} transform={`translate(0,${M.top + i * row})`}>
            <text x={labelWidth - 8} y={row / 2 + 4} textAnchor="end" className="chart-text">
              {b.label}
            </text>
            <rect x={labelWidth} y={3} width={Math.max(1, x(b.count) - labelWidth)} height={row - 6} fill={SERIES_COLOURS[1]} opacity={0.85} />
            <text x={x(b.count) + 6} y={row / 2 + 4} className="chart-text">
              {b.count}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
