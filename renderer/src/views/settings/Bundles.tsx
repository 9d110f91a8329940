// Recorded responses carried between machines: export a snapshot to a bundle file (its SHA-256 printed for the
// receiving side), import one (its checksum and every entry verified before anything is kept).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import type { BundleSummary, Progress } from '../../../../main/api/contract.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';
import { PathField } from '../../components/PathField.tsx';

type Outcome = { kind: 'done'; summary: BundleSummary; imported: boolean } | { kind: 'failed'; message: string } | null;

export function Bundles() {
  const { t } = useLocale();
  const api = useEngine();
  const queryClient = useQueryClient();
  const snapshots = useEngineQuery('snapshots.list', {});
  const [snapshot, setSnapshot] = useState('');
  const [out, setOut] = useState('');
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const chosen = snapshot || snapshots.data?.[0]?.name || '';
  const run = (work: Promise<BundleSummary>, imported: boolean): void => {
    setOutcome(null);
    work.then(
      (summary) => {
        setProgress(null);
        setOutcome({ kind: 'done', summary, imported });
        void queryClient.invalidateQueries({ queryKey: ['snapshots.list'] });
      },
      (e: unknown) => {
        setProgress(null);
        setOutcome({ kind: 'failed', message: (e as Error).message });
      },
    );
  };
  const busy = progress !== null;
  const fraction = progress?.total ? (progress.done ?? 0) / progress.total : undefined;
  return (
    <section className="card" aria-labelledby="bundles">
      <h3 id="bundles">
        <Package size={18} aria-hidden="true" /> {t('bundles.title')}
      </h3>
      <p className="muted">{t('bundles.hint')}</p>
      <form
        className="form-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!api || !chosen || !out.trim()) return;
          setProgress({ stage: 'export' });
          run(api.call('bundle.export', { snapshot: chosen, file: out.trim() }, { onProgress: setProgress }), false);
        }}
      >
        <label>
          {t('settings.snapshot')}
          <select value={chosen} onChange={(e) => setSnapshot(e.target.value)} disabled={!snapshots.data?.length}>
            {snapshots.data?.map((s) => (
              <option key={s.id} value={s.name}>
                {s.name} · {t('settings.recordings', { n: s.recordings })}
              </option>
            ))}
          </select>
        </label>
        <PathField
          label={t('bundles.out')}
          value={out}
          onChange={setOut}
          request={{ action: 'save', kind: 'bundle', title: t('bundles.out'), ...(chosen ? { suggestedName: `${chosen}.kopa-bundle` } : {}) }}
          placeholder="/media/usb/kopa-replay.kopa-bundle"
          testId="bundle-out"
        />
        <button type="submit" disabled={busy || !chosen || !out.trim()} data-testid="bundle-export">
          {t('bundles.export')}
        </button>
      </form>
      <form
        className="form-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!api || !source.trim()) return;
          setProgress({ stage: 'import' });
          run(api.call('bundle.import', { file: source.trim(), ...(name.trim() ? { as: name.trim() } : {}) }, { onProgress: setProgress }), true);
        }}
      >
        <PathField
          label={t('bundles.file')}
          value={source}
          onChange={setSource}
          request={{ action: 'open', kind: 'bundle', title: t('bundles.file') }}
          testId="bundle-file"
        />
        <label>
          {t('bundles.as')}
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('models.nameOptional')} />
        </label>
        <button type="submit" disabled={busy || !source.trim()} data-testid="bundle-import">
          {t('bundles.import')}
        </button>
      </form>
      {busy && (
        <div className="progress" role="status">
          <span>{t(progress.stage === 'import' ? 'bundles.importing' : 'bundles.exporting')}</span>
          <progress value={fraction} max={1} aria-label={t(progress.stage === 'import' ? 'bundles.importing' : 'bundles.exporting')} />
        </div>
      )}
      {outcome?.kind === 'done' && (
        <p className="ok" role="status" data-testid="bundle-outcome">
          {t(outcome.imported ? 'bundles.imported' : 'bundles.exported', {
            n: outcome.summary.entries,
            snapshot: outcome.summary.snapshot,
            file: outcome.summary.file,
          })}{' '}
          <code>SHA-256 {outcome.summary.payloadSha256}</code>
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className="error" role="alert" data-testid="bundle-outcome">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
