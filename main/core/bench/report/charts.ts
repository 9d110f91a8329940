// The report's charts as inline SVG strings (no script, no network): a pass@k / pass^k curve with its interval
// band, bars with interval whiskers, and horizontal bars for the failure taxonomy. d3 computes the scales and
// paths; the markup is written here so the HTML stays one self-contained file.
import { scaleBand, scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const W = 520;
const H = 260;
const M = { top: 16, right: 16, bottom: 40, left: 48 };

interface Point {
  k: number;
  value: number;
  low: number;
  high: number;
}

function yAxis(y: (v: number) => number): string {
  return [0, 0.25, 0.5, 0.75, 1]
    .map((t) => `<g><line x1="${M.left}" x2="${W - M.right}" y1="${y(t)}" y2="${y(t)}" class="grid"/><text x="${M.left - 6}" y="${y(t) + 4}" text-anchor="end">${Math.round(t * 100)}%</text></g>`)
    .join('');
}

export function passCurveChart(series: { name: string; cls: string; points: Point[] }[], title: string): string {
  const ks = series.flatMap((s) => s.points.map((p) => p.k));
  const x = scaleLinear().domain([Math.min(1, ...ks), Math.max(2, ...ks)]).range([M.left, W - M.right]);
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const body = series
    .map((s) => {
      const band = area<Point>().x((p) => x(p.k)).y0((p) => y(p.low)).y1((p) => y(p.high))(s.points) ?? '';
      const path = line<Point>().x((p) => x(p.k)).y((p) => y(p.value))(s.points) ?? '';
      const dots = s.points.map((p) => `<circle cx="${x(p.k)}" cy="${y(p.value)}" r="3.5" class="${s.cls}"><title>${esc(`${s.name} k=${p.k}: ${(p.value * 100).toFixed(1)}% [${(p.low * 100).toFixed(1)}, ${(p.high * 100).toFixed(1)}]`)}</title></circle>`).join('');
      return `<path d="${band}" class="band ${s.cls}"/><path d="${path}" class="line ${s.cls}"/>${dots}`;
    })
    .join('');
  const ticks = [...new Set(ks)].map((k) => `<text x="${x(k)}" y="${H - M.bottom + 16}" text-anchor="middle">${k}</text>`).join('');
  const legend = series.map((s, i) => `<g transform="translate(${M.left + i * 90},${H - 16})"><rect width="12" height="12" class="${s.cls} swatch"/><text x="16" y="10">${esc(s.name)}</text></g>`).join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${yAxis(y)}${body}${ticks}<text x="${W - M.right}" y="${H - M.bottom + 30}" text-anchor="end">k</text>${legend}</svg>`;
}

export function barChart(bars: { label: string; value: number; low: number; high: number }[], title: string): string {
  const x = scaleBand().domain(bars.map((b) => b.label)).range([M.left, W - M.right]).padding(0.25);
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const body = bars
    .map((b) => {
      const cx = (x(b.label) ?? 0) + x.bandwidth() / 2;
      return `<rect x="${x(b.label)}" y="${y(b.value)}" width="${x.bandwidth()}" height="${y(0) - y(b.value)}" class="bar"><title>${esc(`${b.label}: ${(b.value * 100).toFixed(1)}%`)}</title></rect><line x1="${cx}" x2="${cx}" y1="${y(b.low)}" y2="${y(b.high)}" class="whisker"/><text x="${cx}" y="${H - M.bottom + 16}" text-anchor="middle">${esc(b.label)}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${yAxis(y)}${body}</svg>`;
}

export function horizontalBars(bars: { label: string; count: number }[], title: string): string {
  const rowH = 22;
  const height = M.top + bars.length * rowH + 8;
  const left = 170;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const x = scaleLinear().domain([0, max]).range([left, W - M.right - 30]);
  const body = bars
    .map((b, i) => {
      const top = M.top + i * rowH;
      return `<text x="${left - 8}" y="${top + 14}" text-anchor="end">${esc(b.label)}</text><rect x="${left}" y="${top + 3}" width="${Math.max(0, x(b.count) - left)}" height="${rowH - 6}" class="bar fail"/><text x="${x(b.count) + 4}" y="${top + 14}">${b.count}</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${height}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${body}</svg>`;
}
