// The run report as one self-contained HTML file (styles and SVG charts inline, no script, nothing fetched):
// it opens on an air-gapped machine and can be mailed as it is, in Korean or English.
import { FAILURE_KINDS } from '../types.ts';
import { barChart, horizontalBars, passCurveChart } from './charts.ts';
import { curvePoints } from './passCurve.ts';
import { callLine, claimLine, groupName, interval, pct, planLine, protocolLine, taskFailures, type ReportData } from './reportData.ts';
import { reportText, type ReportLang } from './reportText.ts';
import { benchTerm, modeLabel, sayRecorded } from '../../i18n/strings.ts';
import { sayRefused } from '../../agent/callRefusal.ts';

/** The report is a file that is opened anywhere: it runs no script and loads nothing but its own styles and embedded font. */
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; base-uri 'none'; form-action 'none'";

const esc = (v: unknown): string =>
  String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const STYLE = `
body{font-family:"Pretendard",system-ui,"Noto Sans KR","Malgun Gothic",sans-serif;margin:2rem auto;max-width:1100px;color:#1d2330;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #dde2ea;padding-bottom:.3rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid #e6e9ef;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f6fa}td:first-child{white-space:nowrap}.num{text-align:right;font-variant-numeric:tabular-nums}.pass{color:#17803d}.fail{color:#b42318}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:1rem}
svg{width:100%;height:auto;font-size:11px;fill:#3b4252}.grid{stroke:#e6e9ef}.chart-title{font-size:13px;font-weight:700;fill:#1d2330}.value{fill:#1d2330;font-weight:600}
.at{stroke:#0072B2;fill:#0072B2}.hat{stroke:#D55E00;fill:#D55E00}.hollow{fill:none;stroke-width:2}path.line,line.line{fill:none;stroke-width:2}.dashed{stroke-dasharray:6 4}
path.band{opacity:.15;stroke:none}path.edge{fill:none;stroke-width:1;opacity:.6}line.bound{stroke-width:1.5;opacity:.8}
.bar{fill:#0072B2}.bar.fail{fill:#D55E00}.whisker{stroke:#1d2330;stroke-width:1.5}
code{font-family:ui-monospace,Menlo,Consolas,"Pretendard",monospace;font-size:.82rem;background:#f4f6fa;padding:.05rem .25rem;border-radius:3px}details{margin:.2rem 0}
.meta{color:#4b5565;font-size:.9rem}ol{margin:.2rem 0 .4rem 1.2rem;padding:0}
`;

export interface HtmlReportOptions {
  /** A Korean WOFF2 font (base64) to embed, so the report reads right on a machine without one. */
  fontWoff2Base64?: string;
  /** The report's language. Defaults to Korean. */
  lang?: ReportLang;
}

export function htmlReport(data: ReportData, options: HtmlReportOptions = {}): string {
  const lang = options.lang ?? 'ko';
  const w = reportText(lang);
  const { run, summary: s } = data;
  const m = run.manifest;
  const failed = s.attempts - s.passed;
  const charts = [
    passCurveChart(
      [
        { name: 'pass@k', cls: 'at', points: curvePoints(s['pass@k']) },
        { name: 'pass^k', cls: 'hat', points: curvePoints(s['pass^k']) },
      ],
      w.curveTitle(s.tasks),
    ),
    barChart(
      Object.entries(s.byLevel).map(([level, g]) => ({ label: w.levelLabel(level), n: g.tasks, ...g['pass@1'] })),
      w.levelTitle,
    ),
    horizontalBars(
      FAILURE_KINDS.map((k) => ({ label: benchTerm(lang, 'failure', k), count: s.failures[k] ?? 0 })),
      w.failureTitle(failed),
    ),
  ];
  const group = (key: 'level' | 'ability' | 'agency', groups: typeof s.byLevel): string =>
    `<h2>${esc(w.by[key])}</h2><table><tr><th></th><th class="num">${esc(w.groupColumns[0])}</th><th class="num">${esc(w.groupColumns[1])}</th><th class="num">${esc(w.groupColumns[2])}</th><th>${esc(w.groupColumns[3])}</th></tr>${Object.entries(
      groups,
    )
      .map(
        ([k, g]) =>
          `<tr><td>${esc(groupName(key, k, lang))}</td><td class="num">${g.tasks}</td><td class="num">${g.attempts}</td><td class="num">${g.passed}</td><td>${interval(g['pass@1'])}</td></tr>`,
      )
      .join('')}</table>`;
  const taskRows = data.tasks
    .map((t) => {
      const a = t.attempts.find((x) => x.verdict !== 'pass') ?? t.attempts[0]!;
      const reference = (t.task?.plan.steps ?? []).map((step) => `<li><code>${esc(planLine(step))}</code></li>`).join('');
      const agent = a.calls
        .map(
          (c) =>
            `<li><code>${esc(callLine(c.tool, c.arguments))}</code> ${c.ok ? '<span class="pass">✓</span>' : `<span class="fail">✗ ${esc(sayRefused(lang, c) ?? c.errorKind ?? '')}${c.injected ? ` (${esc(w.injected(c.injected))})` : ''}</span>`}</li>`,
        )
        .join('');
      const failures = taskFailures(t.attempts, lang);
      return `<tr><td>${esc(t.id)}</td><td class="num">${t.task?.level ?? ''}</td><td class="num ${t.c === t.n ? 'pass' : 'fail'}">${t.c}/${t.n}</td><td>${esc(failures)}</td><td>${esc(t.task?.query_ko ?? '')}<details><summary>${esc(w.trajectory(a.sample))}</summary><b>${esc(w.reference)}</b><ol>${reference}</ol><b>${esc(w.agent)}</b><ol>${agent || `<li>${esc(w.noCalls)}</li>`}</ol>${claimLine(a, lang) ? `<div class="claim">${esc(claimLine(a, lang))}</div>` : ''}<div>${esc(w.answer)}: ${esc(a.answer ?? w.noAnswer)}</div><div>${esc(w.expected)}: <code>${esc(JSON.stringify(a.expected))}</code> · ${esc(sayRecorded(lang, a.detailSaid, a.detail))}</div></details></td></tr>`;
    })
    .join('');
  const st = s.steps;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>KOPA-Bench ${esc(run.id)}</title><style>${options.fontWoff2Base64 ? `@font-face{font-family:"Pretendard";src:url(data:font/woff2;base64,${options.fontWoff2Base64}) format("woff2");font-weight:100 900}` : ''}${STYLE}</style></head><body>
<h1>KOPA-Bench · ${esc(run.id)}</h1>
${data.suiteChanged ? `<p class="fail">${esc(w.suiteChanged)}</p>` : ''}${s.failures['backend error'] ? `<p class="fail">${esc(w.backendErrors(s.failures['backend error']))}</p>` : ''}
<p class="meta">${esc(m.suite.name)} (${esc(w.tasks(m.suite.tasks))}, sha256 ${esc(m.suite.hash.slice(0, 12))}) · ${esc(m.model.ref)} (${esc(m.model.backend)}${m.model.sha256 ? `, sha256 ${esc(m.model.sha256.slice(0, 12))}` : ''}${m.model.quantization ? `, ${esc(m.model.quantization)}` : ''}${m.model.chatTemplate ? `, ${esc(m.model.chatTemplate)}` : ''}) · ${esc(w.samples(m.sampling.samples))}, ${esc(w.temperatureSeed(m.sampling.temperature, m.sampling.seed))} · ${esc(modeLabel(lang, m.backend.mode))}${m.backend.snapshot ? ` ${esc(w.md.snapshot)} ${esc(m.backend.snapshot)}` : ''} · KOPA Studio ${esc(m.app.version)} · ${esc(w.status[s.status])}</p>
<p class="meta">${esc(protocolLine(m, lang))}</p>
<h2>${esc(w.summary)}</h2>
<table><tr><th>${esc(w.k)}</th><th>pass@k [${esc(w.interval)}]</th><th>pass^k [${esc(w.interval)}]</th></tr>${Object.keys(s['pass@k'])
    .map((key) => {
      const k = key.slice('pass@'.length);
      return `<tr><td>${k}</td><td>${interval(s['pass@k'][key]!)}</td><td>${interval(s['pass^k'][`pass^${k}`]!)}</td></tr>`;
    })
    .join('')}</table>
<div class="charts">${charts.join('')}</div>
<h2>${esc(w.steps)}</h2>
<table><tr>${w.stepColumns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>
<tr><td>${pct(st.toolPrecision)}</td><td>${pct(st.toolRecall)}</td><td>${pct(st.toolF1)}</td><td>${pct(st.argumentAccuracy)}</td><td>${st.provenance.user} / ${st.provenance.tool} / ${st.provenance.invented}</td><td>${st.stepsUsed.toFixed(1)} / ${st.stepsNeeded.toFixed(1)}</td><td>${st.faultsMet} / ${st.faultsRecovered}</td></tr></table>
${group('level', s.byLevel)}${group('ability', s.byAbility)}${group('agency', s.byAgency)}
<h2>${esc(w.taskList)}</h2>
<table><tr>${w.taskColumns.map((c, i) => `<th${i === 1 || i === 2 ? ' class="num"' : ''}>${esc(c)}</th>`).join('')}</tr>${taskRows}</table>
</body></html>
`;
}
