// The report's charts as inline SVG strings (no script, no network): a pass@k / pass^k curve with its interval
// band, bars with interval whiskers, and horizontal bars for the failure taxonomy. d3 computes the scales and
// paths; the markup is written here so the HTML stays one self-contained file. Every chart carries its title; the
// two curves differ in colour, line and marker, so they stay apart where they coincide; a band's bounds are drawn;
// a single k is a labelled point, and a bar at 0 % still shows.
import { scaleBand, scaleLinear } from 'd3-scale';
import { pct } from './reportData.ts';
import { passCurveGeometry, percentTicks, type CurvePoint } from './passCurve.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const W = 520;
const H = 280;
const M = { top: 34, right: 16, bottom: 44, left: 48 };

function heading(title: string): string {
  return `<text x="${M.left}" y="18" class="chart-title">${esc(title)}</text>`;
}

function yAxis(ticks: { y: number; label: string }[]): string {
  return ticks
    .map(
      (t) =>
        `<g><line x1="${M.left}" x2="${W - M.right}" y1="${t.y}" y2="${t.y}" class="grid"/><text x="${M.left - 6}" y="${t.y + 4}" text-anchor="end">${t.label}</text></g>`,
    )
    .join('');
}

function marker(x: number, y: number, square: boolean, cls: string, label: string): string {
  const shape = square
    ? `<rect x="${x - 5}" y="${y - 5}" width="10" height="10" class="${cls} hollow"/>`
    : `<circle cx="${x}" cy="${y}" r="4" class="${cls}"/>`;
  return `<g>${shape}<title>${esc(label)}</title></g>`;
}

export function passCurveChart(series: { name: string; cls: string; points: CurvePoint[] }[], title: string): string {
  const g = passCurveGeometry(series, { width: W, height: H, margin: M });
  const body = g.series
    .map((s, i) => {
      const cls = series[i]!.cls;
      const whiskers = s.whiskers.map((w) => `<line x1="${w.x}" x2="${w.x}" y1="${w.y1}" y2="${w.y2}" class="${cls} bound"/>`).join('');
      const dots = s.markers.map((m) => marker(m.x, m.y, s.alternate, cls, m.label)).join('');
      const values = s.values.map((v) => `<text x="${v.x}" y="${v.y}" class="value">${esc(v.text)}</text>`).join('');
      return `<path d="${s.band}" class="band ${cls}"/><path d="${s.lowEdge}" class="edge ${cls}"/><path d="${s.highEdge}" class="edge ${cls}"/>${whiskers}<path d="${s.line}" class="line ${cls}${s.alternate ? ' dashed' : ''}"/>${dots}${values}`;
    })
    .join('');
  const ticks = g.xTicks.map((t) => `<text x="${t.x}" y="${H - M.bottom + 16}" text-anchor="middle">${t.k}</text>`).join('');
  const legend = g.series
    .map(
      (s, i) =>
        `<g transform="translate(${M.left + i * 110},${H - 14})"><line x1="0" x2="22" y1="-4" y2="-4" class="line ${series[i]!.cls}${s.alternate ? ' dashed' : ''}"/>${marker(11, -4, s.alternate, series[i]!.cls, s.name)}<text x="28" y="0">${esc(s.name)}</text></g>`,
    )
    .join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${heading(title)}${yAxis(g.yTicks)}${body}${ticks}<text x="${g.kLabel.x}" y="${g.kLabel.y}" text-anchor="end">k</text>${legend}</svg>`;
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
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${heading(title)}${yAxis(percentTicks(y))}${body}</svg>`;
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
