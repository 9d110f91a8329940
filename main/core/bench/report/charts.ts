// The report's charts as inline SVG strings (no script, no network): a pass@k / pass^k curve with its interval
// band, bars with interval whiskers, and horizontal bars for the failure taxonomy. d3 computes the scales and
// paths; the markup is written here so the HTML stays one self-contained file. Every chart carries its title; the
// two curves differ in colour, line and marker, so they stay apart where they coincide; a band's bounds are drawn;
// a single k is a labelled point, and a bar at 0 % still shows.
import { scaleBand, scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { pct } from './reportData.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const W = 520;
const H = 280;
const M = { top: 34, right: 16, bottom: 44, left: 48 };

interface Point {
  k: number;
  value: number;
  low: number;
  high: number;
}

function heading(title: string): string {
  return `<text x="${M.left}" y="18" class="chart-title">${esc(title)}</text>`;
}

function yAxis(y: (v: number) => number): string {
  return [0, 0.25, 0.5, 0.75, 1]
    .map(
      (t) =>
        `<g><line x1="${M.left}" x2="${W - M.right}" y1="${y(t)}" y2="${y(t)}" class="grid"/><text x="${M.left - 6}" y="${y(t) + 4}" text-anchor="end">${Math.round(t * 100)}%</text></g>`,
    )
    .join('');
}

function marker(x: number, y: number, square: boolean, cls: string, label: string): string {
  const shape = square
    ? `<rect x="${x - 5}" y="${y - 5}" width="10" height="10" class="${cls} hollow"/>`
    : `<circle cx="${x}" cy="${y}" r="4" class="${cls}"/>`;
  return `<g>${shape}<title>${esc(label)}</title></g>`;
}

export function passCurveChart(series: { name: string; cls: string; points: Point[] }[], title: string): string {
  const ks = series.flatMap((s) => s.points.map((p) => p.k));
  const single = ks.length > 0 && Math.max(...ks) === 1;
  const x = scaleLinear()
    .domain(single ? [0.5, 1.5] : [1, Math.max(2, ...ks)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top]);
  const body = series
    .map((s, i) => {
      const square = i % 2 === 1;
      const band =
        area<Point>()
          .x((p) => x(p.k))
          .y0((p) => y(p.low))
          .y1((p) => y(p.high))(s.points) ?? '';
      const lowEdge =
        line<Point>()
          .x((p) => x(p.k))
          .y((p) => y(p.low))(s.points) ?? '';
      const highEdge =
        line<Point>()
          .x((p) => x(p.k))
          .y((p) => y(p.high))(s.points) ?? '';
      const path =
        line<Point>()
          .x((p) => x(p.k))
          .y((p) => y(p.value))(s.points) ?? '';
      const offset = square ? 3 : -3;
      const whiskers = s.points
        .map((p) => `<line x1="${x(p.k) + offset}" x2="${x(p.k) + offset}" y1="${y(p.low)}" y2="${y(p.high)}" class="${s.cls} bound"/>`)
        .join('');
      const dots = s.points
        .map((p) => marker(x(p.k), y(p.value), square, s.cls, `${s.name} k=${p.k}: ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]`))
        .join('');
      const labels = single
        ? s.points
            .map(
              (p) =>
                `<text x="${x(p.k) + 10}" y="${y(p.value) + (square ? 16 : -8)}" class="value">${esc(`${s.name} ${pct(p.value)} [${pct(p.low)}, ${pct(p.high)}]`)}</text>`,
            )
            .join('')
        : '';
      return `<path d="${band}" class="band ${s.cls}"/><path d="${lowEdge}" class="edge ${s.cls}"/><path d="${highEdge}" class="edge ${s.cls}"/>${whiskers}<path d="${path}" class="line ${s.cls}${square ? ' dashed' : ''}"/>${dots}${labels}`;
    })
    .join('');
  const ticks = [...new Set(ks)].map((k) => `<text x="${x(k)}" y="${H - M.bottom + 16}" text-anchor="middle">${k}</text>`).join('');
  const legend = series
    .map(
      (s, i) =>
        `<g transform="translate(${M.left + i * 110},${H - 14})"><line x1="0" x2="22" y1="-4" y2="-4" class="line ${s.cls}${i % 2 === 1 ? ' dashed' : ''}"/>${marker(11, -4, i % 2 === 1, s.cls, s.name)}<text x="28" y="0">${esc(s.name)}</text></g>`,
    )
    .join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${heading(title)}${yAxis(y)}${body}${ticks}<text x="${W - M.right}" y="${H - M.bottom + 30}" text-anchor="end">k</text>${legend}</svg>`;
}

export function barChart(bars: { label: string; value: number; low: number; high: number; n?: number }[], title: string): string {
  const x = scaleBand()
    .domain(bars.map((b) => b.label))
    .range([M.left, W - M.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top]);
  const body = bars
    .map((b) => {
      const cx = (x(b.label) ?? 0) + x.bandwidth() / 2;
      const top = Math.min(y(b.value), y(0) - 2);
      return `<rect x="${x(b.label)}" y="${top}" width="${x.bandwidth()}" height="${y(0) - top}" class="bar"><title>${esc(`${b.label}: ${pct(b.value)} [${pct(b.low)}, ${pct(b.high)}]`)}</title></rect><line x1="${cx}" x2="${cx}" y1="${y(b.low)}" y2="${y(b.high)}" class="whisker"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.low)}" y2="${y(b.low)}" class="whisker"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.high)}" y2="${y(b.high)}" class="whisker"/><text x="${cx}" y="${y(b.high) - 5}" text-anchor="middle" class="value">${pct(b.value)}</text><text x="${cx}" y="${H - M.bottom + 16}" text-anchor="middle">${esc(b.label)}</text>${b.n !== undefined ? `<text x="${cx}" y="${H - M.bottom + 30}" text-anchor="middle">n = ${b.n}</text>` : ''}`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${heading(title)}${yAxis(y)}${body}</svg>`;
}

export function horizontalBars(bars: { label: string; count: number }[], title: string): string {
  const rowH = 22;
  const height = M.top + bars.length * rowH + 8;
  const left = 170;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const x = scaleLinear()
    .domain([0, max])
    .range([left, W - M.right - 30]);
  const body = bars
    .map((b, i) => {
      const top = M.top + i * rowH;
      return `<text x="${left - 8}" y="${top + 14}" text-anchor="end">${esc(b.label)}</text><rect x="${left}" y="${top + 3}" width="${Math.max(0, x(b.count) - left)}" height="${rowH - 6}" class="bar fail"/><text x="${x(b.count) + 4}" y="${top + 14}">${b.count}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${height}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${heading(title)}${body}</svg>`;
}
