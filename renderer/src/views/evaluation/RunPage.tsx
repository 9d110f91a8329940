// One run: pass@1 with its interval and n, pass@k and pass^k for k = 1..n, pass@1 by level, ability and agency,
// the failure taxonomy, step metrics, the manifest that reproduces it, the task table, and its report to download.
import { useState } from 'react';
import { Link } from 'wouter';
import { Download } from 'lucide-react';
import type { BenchGroupScore, BenchReportFormat, BenchRunDetail } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { shownError, useEngineMutation, type ShownError } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { download } from '../../download.ts';
import { useLocale } from '../../i18n.tsx';
import { formatDateTime } from '../../format.ts';
import { PassCurve } from '../../components/charts/PassCurve.tsx';
import { curvePoints } from '../../../../main/core/bench/report/passCurve.ts';
import { CountBars, RateBars } from '../../components/charts/Bars.tsx';
import { TaskTable } from './TaskTable.tsx';
import { Fact } from '../../components/Fact.tsx';
import { ProgressGrid } from './ProgressGrid.tsx';
import { pct } from '../../../../main/core/bench/report/reportData.ts';
import { benchTerm } from '../../../../main/core/i18n/strings.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';

const REPORT_TYPES: Record<BenchReportFormat, string> = { html: 'text/html', md: 'text/markdown', csv: 'text/csv', json: 'application/json' };

function groupBars(groups: Record<string, BenchGroupScore>, label: (key: string) => string) {
  return Object.entries(groups)
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([key, g]) => ({ label: label(key), value: g['pass@1'].value, low: g['pass@1'].low, high: g['pass@1'].high, n: g.tasks }));
}

/** Argument values by where they came from, as counts with their share ("12 (67%)"). */
function provenanceShares(counts: Record<'user' | 'tool' | 'invented', number>): Record<'user' | 'tool' | 'invented', string> {
  const total = counts.user + counts.tool + counts.invented;
  const show = (n: number): string => (total === 0 ? '0' : `${n} (${Math.round((n / total) * 100)}%)`);
  return { user: show(counts.user), tool: show(counts.tool), invented: show(counts.invented) };
}

function ReportDownload({ runId }: { runId: string }) {
  const { t, locale } = useLocale();
  const [format, setFormat] = useState<BenchReportFormat>('html');
  const report = useEngineMutation('bench.report');
  const [dialogError, setDialogError] = useState<ShownError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const desktop = window.kopaDesktop;
  const saveReport = (): void => {
    setDialogError(null);
    setSaved(null);
    // The desktop asks where to save and the engine writes the file; a browser downloads it.
    if (desktop?.choosePath) {
      void desktop
        .choosePath({ action: 'save', kind: 'report', title: t('eval.report'), suggestedName: `${runId}.${format}` })
        .then(async (out) => {
          if (!out) return;
          const written = await report.run({ run: runId, format, lang: locale, out });
          if (written) setSaved(written.file ?? out);
        })
        .catch((e: unknown) => setDialogError(shownError(e)));
      return;
    }
    void report
      .run({ run: runId, format, lang: locale })
      .then((made) => made && download(`${runId}.${format}`, made.content, `${REPORT_TYPES[format]};charset=utf-8`));
  };
  return (
    <div className="row">
      <label className="row">
        <span>{t('eval.reportFormat')}</span>
        <select value={format} onChange={(e) => setFormat(e.target.value as BenchReportFormat)}>
          {(Object.keys(REPORT_TYPES) as BenchReportFormat[]).map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="ghost" onClick={saveReport} disabled={report.pending} data-testid="report-download">
        <Download size={16} aria-hidden="true" /> {t('eval.report')}
      </button>
      {saved && (
        <span className="ok" role="status" data-testid="report-saved">
          {t('eval.reportSaved', { file: saved })}
        </span>
      )}
      <ErrorNote
        error={report.error ?? dialogError}
        onRetry={report.error ? report.retry : undefined}
        onDismiss={report.error ? report.dismiss : () => setDialogError(null)}
      />
    </div>
  );
}

/** How the attempts went step by step: tool choice, arguments, where values came from, steps, faults. */
function StepMetrics({ steps }: { steps: BenchRunDetail['summary']['steps'] }) {
  const { t } = useLocale();
  return (
    <section className="card">
      <h3>{t('eval.stepMetrics')}</h3>
      <dl className="facts">
        <Fact label={t('eval.toolPR')}>{`${pct(steps.toolPrecision)} / ${pct(steps.toolRecall)} / ${pct(steps.toolF1)}`}</Fact>
        <Fact label={t('eval.argAccuracy')}>{pct(steps.argumentAccuracy)}</Fact>
        <Fact label={t('eval.provenance')}>{t('eval.provenanceValue', provenanceShares(steps.provenance))}</Fact>
        <Fact label={t('eval.stepsUsed')}>{`${steps.stepsUsed.toFixed(1)} / ${steps.stepsNeeded.toFixed(1)}`}</Fact>
        <Fact label={t('eval.faults')}>{t('eval.faultsValue', { met: steps.faultsMet, recovered: steps.faultsRecovered })}</Fact>
      </dl>
    </section>
  );
}

/** What the run was: model and its hash, adapters, template, sampling, backend, suite, result view, app. */
function Manifest({ manifest: m }: { manifest: BenchRunDetail['run']['manifest'] }) {
  const { t } = useLocale();
  return (
    <section className="card" data-testid="manifest">
      <h3>{t('eval.manifest')}</h3>
      <dl className="facts">
        <Fact label={t('eval.model')}>
          <code>{m.model.ref}</code> <span className="muted">{m.model.backend}</span>
        </Fact>
        <Fact label="SHA-256">
          <code title={m.model.sha256 ?? ''}>{m.model.sha256 ? `${m.model.sha256.slice(0, 16)}…` : '—'}</code>
        </Fact>
        <Fact label="LoRA">{m.model.lora.length > 0 ? `${m.model.lora.join(', ')} × ${m.model.loraScale ?? 1}` : '—'}</Fact>
        <Fact label={t('eval.template')}>{m.model.chatTemplate ?? '—'}</Fact>
        <Fact label={t('eval.sampling')}>
          {t('eval.samplingValue', { samples: m.sampling.samples, temperature: m.sampling.temperature, seed: m.sampling.seed, steps: m.sampling.maxSteps })}
        </Fact>
        <Fact label={t('eval.backend')}>
          {t(`mode.${m.backend.mode}`)}
          {m.backend.snapshot && ` · ${m.backend.snapshot}`}
        </Fact>
        <Fact label={t('eval.suite')}>
          {m.suite.name} {m.suite.version && `v${m.suite.version}`} <code title={m.suite.hash}>{m.suite.hash.slice(0, 12)}</code>
        </Fact>
        <Fact label={t('eval.view')}>{t('eval.viewValue', { tokens: m.view.resultTokens, query: m.view.queryTool ? t('eval.yes') : t('eval.no') })}</Fact>
        <Fact label={t('eval.app')}>{`${m.app.version} · Node ${m.app.node} · ${m.app.platform}`}</Fact>
      </dl>
    </section>
  );
}

function Summary({ detail }: { detail: BenchRunDetail }) {
  const { t, locale } = useLocale();
  const { run, summary } = detail;
  const pass1 = summary['pass@k']['pass@1'];
  const nLabel = (n: number): string => t('eval.nTasks', { n });
  const catalog = useEngineQuery('catalog.list', {});
  // In Korean an agency by its name (cut to fit the chart's label column); in English by its short form, which is English.
  const agencyName = (id: string): string => {
    const name = locale === 'ko' ? catalog.data?.agencies.find((a) => a.id === id)?.name.ko : undefined;
    return !name ? id : name.length > 12 ? `${name.slice(0, 11)}…` : name;
  };
  const failures = Object.entries(summary.failures)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => ({ label: benchTerm(locale, 'failure', kind), count }));
  return (
    <>
      <section className="card">
        <header className="card-head">
          <div>
            <h3>
              <code>{run.id}</code>
            </h3>
            <p className="muted">
              {t(`eval.runStatus.${run.status}`)} · {formatDateTime(run.createdAt, locale)}
              {detail.suiteChanged && ` · ${t('eval.suiteChanged')}`}
            </p>
          </div>
          <ReportDownload runId={run.id} />
        </header>
        <div className="figures">
          <div className="figure" data-testid="run-pass-at-1">
            <span className="figure-value">{pass1 ? pct(pass1.value) : '—'}</span>
            <span className="figure-label">pass@1</span>
            <span className="muted">{pass1 ? t('eval.intervalN', { low: pct(pass1.low), high: pct(pass1.high), n: summary.tasks }) : ''}</span>
          </div>
          <div className="figure">
            <span className="figure-value">
              {summary.passed}/{summary.attempts}
            </span>
            <span className="figure-label">{t('eval.attemptsPassed')}</span>
            <span className="muted">{t('eval.tasksBySamples', { tasks: summary.tasks, samples: summary.samples })}</span>
          </div>
          <div className="figure">
            <span className="figure-value">{summary.errors.length}</span>
            <span className="figure-label">{t('eval.errors')}</span>
            <span className="muted">{t('eval.errorsHint')}</span>
          </div>
        </div>
      </section>
      <div className="chart-grid">
        <PassCurve
          title={t('eval.curveTitle', { n: summary.tasks })}
          series={[
            { name: 'pass@k', points: curvePoints(summary['pass@k']) },
            { name: 'pass^k', points: curvePoints(summary['pass^k']), alternate: true },
          ]}
        />
        <RateBars title={t('eval.byLevel')} bars={groupBars(summary.byLevel, (k) => t('eval.levelN', { n: k }))} nLabel={nLabel} />
        <RateBars title={t('eval.byAbility')} bars={groupBars(summary.byAbility, (k) => benchTerm(locale, 'ability', k))} nLabel={nLabel} />
        <RateBars title={t('eval.byAgency')} bars={groupBars(summary.byAgency, agencyName)} nLabel={nLabel} />
        {failures.length > 0 ? (
          <CountBars title={t('eval.failures', { n: summary.attempts - summary.passed })} bars={failures} />
        ) : (
          <p className="muted chart">{t('eval.noFailures')}</p>
        )}
      </div>
      <div className="settings-grid">
        <StepMetrics steps={summary.steps} />
        <Manifest manifest={run.manifest} />
      </div>
    </>
  );
}

export function RunPage({ runId }: { runId: string }) {
  const { t } = useLocale();
  const detail = useEngineQuery('bench.show', { run: runId });
  return (
    <>
      <p>
        <Link href="/">{t('eval.backToRuns')}</Link>
      </p>
      <QueryStatus query={detail} rows={8} />
      {detail.data && (
        <>
          {detail.data.run.status === 'running' && <ProgressGrid detail={detail.data} />}
          <Summary detail={detail.data} />
          <TaskTable runId={runId} tasks={detail.data.tasks} />
        </>
      )}
    </>
  );
}
