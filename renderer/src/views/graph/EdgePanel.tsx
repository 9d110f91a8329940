// Why a link exists: which field of which tool feeds which parameter, through what transform, whether it is a real
// dependency or only a format match, on what evidence it was proposed, and each trial that executed it in words
// (what was carried and what the next tool returned), with the reason for a rejection; it can be verified again.
import { useState } from 'react';
import { Link } from 'wouter';
import { RefreshCw, X } from 'lucide-react';
import { useStartJob } from '../../api/useStartJob.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { repeatableBackend, useBackend } from '../../state/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { modeLabel } from '../../../../main/core/i18n/strings.ts';
import { trialSentence, type LinkWords } from '../../../../main/core/edges/linkWords.ts';
import type { Edge, EdgeTrial } from '../../../../main/core/edges/types.ts';
import { STATUS_COLOURS } from './GraphCanvas.tsx';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { viewLink } from '../../app/viewPaths.ts';

/** The link's status and why, its basis and score, what it carries, its trials' count, and its id. */
function EdgeFacts({ edge, words }: { edge: Edge; words: LinkWords }) {
  const { t, locale } = useLocale();
  return (
    <dl className="fields">
      <div className="field">
        <dt>{t('graph.status')}</dt>
        <dd>
          <span className="status-dot" style={{ background: STATUS_COLOURS[edge.status] }} aria-hidden="true" />{' '}
          <span data-testid="edge-status">{t(`edge.status.${edge.status}`)}</span>
          {edge.reason && (
            <span className="muted" data-testid="edge-reason">
              {' '}
              ·{' '}
              {
                // The verifier writes its reason in English (logs, `kopa edges list`); another screen says it from the counts.
                locale === 'en'
                  ? edge.reason
                  : edge.trialsTotal === 0
                    ? t('graph.reason.notTried')
                    : t('graph.reason.trialsFailed', { failed: edge.trialsTotal - edge.trialsOk, total: edge.trialsTotal })
              }
            </span>
          )}
        </dd>
      </div>
      <div className="field">
        <dt>{t('graph.kind')}</dt>
        <dd>
          {t(`graph.kind.${edge.basis}`)} · {t('graph.score', { score: edge.score.toFixed(2) })}
        </dd>
      </div>
      <div className="field">
        <dt>{t('graph.carried')}</dt>
        <dd>
          {words.carried[locale]}{' '}
          <span className="muted">
            (<code>{edge.fromFields.join(' + ')}</code> → <code>{edge.toParams.join(' + ')}</code>)
          </span>
        </dd>
      </div>
      <div className="field">
        <dt>{t('graph.trials')}</dt>
        <dd>{t('graph.trialsValue', { ok: edge.trialsOk, total: edge.trialsTotal, version: edge.graphVersion ?? '—' })}</dd>
      </div>
      <div className="field">
        <dt>id</dt>
        <dd>
          <code>{edge.id}</code>
        </dd>
      </div>
    </dl>
  );
}

/** Each trial that executed the link, newest first, said in words. */
function Trials({ trials, words }: { trials: EdgeTrial[]; words: LinkWords }) {
  const { t, locale } = useLocale();
  return (
    <>
      <h3>{t('graph.trialList', { n: trials.length })}</h3>
      {trials.length === 0 ? (
        <p className="muted">{t('graph.noTrials')}</p>
      ) : (
        <ol className="trials" data-testid="edge-trials">
          {trials.map((trial, i) => (
            <li key={i} className={trial.ok ? 'ok-line' : 'bad-line'}>
              <strong>{trial.ok ? t('graph.trialOk') : t('graph.trialFailed')}</strong>{' '}
              <span className="muted">
                {t('graph.trialMeta', {
                  at: formatDateTime(trial.at, locale),
                  backend: modeLabel(locale, trial.backend),
                  version: trial.graphVersion ?? '—',
                  ms: formatCount(Math.round(trial.latencyMs), locale),
                })}
              </span>
              <div data-testid="trial-words">{trialSentence(locale, words, trial)}</div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function EdgePanel({ edgeId, onClose }: { edgeId: string; onClose: () => void }) {
  const { t, locale } = useLocale();
  const job = useStartJob();
  const { backend } = useBackend();
  const detail = useEngineQuery('edges.show', { id: edgeId });
  const [started, setStarted] = useState(false);
  const reverify = (): void => {
    setStarted(true);
    void job.start('edges.verify', { edges: [edgeId], ...repeatableBackend(backend) }).then(setStarted);
  };
  const edge = detail.data?.edge;
  const words = detail.data?.words;
  return (
    <aside className="card edge-panel" aria-label={t('graph.evidence')} data-testid="edge-panel">
      <header className="card-head">
        <h3>{t('graph.evidence')}</h3>
        <button type="button" className="icon" onClick={onClose} aria-label={t('graph.close')}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <QueryStatus query={detail} rows={5} />
      {edge && words && (
        <>
          <p className="edge-ends">
            <Link href={viewLink('catalog', edge.fromTool)} title={edge.fromTool}>
              {words.from[locale]}
            </Link>{' '}
            →{' '}
            <Link href={viewLink('catalog', edge.toTool)} title={edge.toTool}>
              {words.to[locale]}
            </Link>
          </p>
          <p className={`edge-kind edge-kind-${edge.kind}`} data-testid="edge-kind">
            <strong>{t(`graph.linkKind.${edge.kind}`)}</strong> · {t(`graph.linkKind.${edge.kind}.why`)}
          </p>
          <EdgeFacts edge={edge} words={words} />
          <div className="row">
            <button type="button" onClick={reverify} disabled={started} data-testid="edge-reverify">
              <RefreshCw size={16} aria-hidden="true" /> {t('graph.reverify')}
            </button>
            {started && <span className="muted">{t('graph.reverifyStarted')}</span>}
          </div>
          <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
          <Trials trials={detail.data!.trials} words={words} />
        </>
      )}
    </aside>
  );
}
