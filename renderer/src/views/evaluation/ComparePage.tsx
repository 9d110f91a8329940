// Two runs on the same suite, paired task by task (base vs tuned is the usual pair): each run's pass@1, the
// difference B − A with its interval and p-value, how many tasks each run did better on, and the tasks that
// flipped each way, each opening that task in either run.
import { Link } from 'wouter';
import type { BenchComparison } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale, type StringKey } from '../../i18n.tsx';
import { pct } from '../../../../main/core/bench/report/reportData.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';

const METHOD_WORDS: Record<BenchComparison['method'], StringKey> = {
  'exact sign-flip': 'compare.method.exact-sign-flip',
  'monte-carlo sign-flip': 'compare.method.monte-carlo-sign-flip',
};

function Flips({ title, rows, comparison, testId }: { title: string; rows: BenchComparison['changed']; comparison: BenchComparison; testId: string }) {
  const { t } = useLocale();
  return (
    <section className="card" data-testid={testId}>
      <h3>
        {title} <span className="muted">({rows.length})</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">{t('compare.none')}</p>
      ) : (
        <table className="spec-table">
          <thead>
            <tr>
              <th scope="col">{t('eval.task')}</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.taskId}>
                <th scope="row">
                  <code>{row.taskId}</code>
                </th>
                <td>
                  <Link href={`/run/${encodeURIComponent(comparison.a)}/task/${encodeURIComponent(row.taskId)}`}>{pct(row.a)}</Link>
                </td>
                <td>
                  <Link href={`/run/${encodeURIComponent(comparison.b)}/task/${encodeURIComponent(row.taskId)}`}>{pct(row.b)}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ComparePage({ a, b }: { a: string; b: string }) {
  const { t } = useLocale();
  const comparison = useEngineQuery('bench.compare', { a, b });
  const c = comparison.data;
  return (
    <>
      <p>
        <Link href="/">{t('eval.backToRuns')}</Link>
      </p>
      <QueryStatus query={comparison} rows={6} />
      {c && (
        <>
          <section className="card" data-testid="comparison">
            <header className="card-head">
              <h3>{t('compare.title')}</h3>
              <Link href={`/compare/${encodeURIComponent(c.b)}/${encodeURIComponent(c.a)}`} data-testid="compare-swap">
                {t('compare.swap')}
              </Link>
            </header>
            <dl className="fields">
              <div className="field">
                <dt>A</dt>
                <dd>
                  <Link href={`/run/${encodeURIComponent(c.a)}`}>
                    <code>{c.a}</code>
                  </Link>{' '}
                  · pass@1 {pct(c.aPass1)}
                </dd>
              </div>
              <div className="field">
                <dt>B</dt>
                <dd>
                  <Link href={`/run/${encodeURIComponent(c.b)}`}>
                    <code>{c.b}</code>
                  </Link>{' '}
                  · pass@1 {pct(c.bPass1)}
                </dd>
              </div>
            </dl>
            <div className="figures">
              <div className="figure" data-testid="compare-difference">
                <span className="figure-value">
                  {c.difference.value >= 0 ? '+' : ''}
                  {(c.difference.value * 100).toFixed(1)}
                  {t('compare.points')}
                </span>
                <span className="figure-label">{t('compare.difference')}</span>
                <span className="muted">
                  {t('compare.interval', { low: (c.difference.low * 100).toFixed(1), high: (c.difference.high * 100).toFixed(1), n: c.tasks })}
                </span>
              </div>
              <div className="figure">
                <span className="figure-value">{c.pValue < 0.001 ? '< 0.001' : c.pValue.toFixed(3)}</span>
                <span className="figure-label">{t('compare.pValue')}</span>
                <span className="muted">{t(METHOD_WORDS[c.method])}</span>
              </div>
              <div className="figure">
                <span className="figure-value">
                  {c.bBetter} / {c.aBetter} / {c.ties}
                </span>
                <span className="figure-label">{t('compare.counts')}</span>
              </div>
            </div>
            {c.unpaired.length > 0 && <p className="muted">{t('compare.unpaired', { n: c.unpaired.length })}</p>}
          </section>
          <div className="settings-grid">
            <Flips title={t('compare.better')} rows={c.changed.filter((r) => r.b > r.a)} comparison={c} testId="flips-better" />
            <Flips title={t('compare.worse')} rows={c.changed.filter((r) => r.b < r.a)} comparison={c} testId="flips-worse" />
          </div>
        </>
      )}
    </>
  );
}
