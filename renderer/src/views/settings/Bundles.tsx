// Recorded responses carried between machines: export a snapshot to a bundle file (its SHA-256 printed for the
// receiving side), import one (its checksum and every entry verified before anything is kept).
import { useState } from 'react';
import { Package } from 'lucide-react';
import type { Progress } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { PathField } from '../../components/PathField.tsx';

/** A snapshot written to a bundle file. */
function ExportForm({ busy, onExport }: { busy: boolean; onExport: (snapshot: string, file: string) => void }) {
  const { t } = useLocale();
  const snapshots = useEngineQuery('snapshots.list', {});
  const [snapshot, setSnapshot] = useState('');
  const [out, setOut] = useState('');
  const chosen = snapshot || snapshots.data?.[0]?.name || '';
  return (
    <form
      className="form-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen && out.trim()) onExport(chosen, out.trim());
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
  );
}

/** A bundle file read in as a snapshot, under its own name or another. */
function ImportForm({ busy, onImport }: { busy: boolean; onImport: (file: string, as: string | undefined) => void }) {
  const { t } = useLocale();
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  return (
    <form
      className="form-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (source.trim()) onImport(source.trim(), name.trim() || undefined);
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
  );
}

export function Bundles() {
  const { t } = useLocale();
  const snapshots = useEngineQuery('snapshots.list', {});
  const [progress, setProgress] = useState<Progress | null>(null);
  const exporting = useEngineMutation('bundle.export', { invalidates: ['snapshots.list'] });
  const importing = useEngineMutation('bundle.import', { invalidates: ['snapshots.list'] });
  /** The last of the two asked for: its outcome is the one said. */
  const [last, setLast] = useState<'export' | 'import' | null>(null);
  const latest = last === 'import' ? importing : last === 'export' ? exporting : null;
  const onProgress = { onProgress: setProgress };
  const busy = exporting.pending || importing.pending;
  const fraction = progress?.total ? (progress.done ?? 0) / progress.total : undefined;
  return (
    <section className="card" aria-labelledby="bundles">
      <h3 id="bundles">
        <Package size={18} aria-hidden="true" /> {t('bundles.title')}
      </h3>
      <p className="muted">{t('bundles.hint')}</p>
      {snapshots.data && !snapshots.data.some((s) => s.recordings > 0) && (
        <p className="muted" role="note" data-testid="bundle-nothing">
          {t('bundles.nothingRecorded')}
        </p>
      )}
      <ExportForm
        busy={busy}
        onExport={(snapshot, file) => {
          setProgress({ stage: 'export' });
          setLast('export');
          void exporting.run({ snapshot, file }, onProgress);
        }}
      />
      <ImportForm
        busy={busy}
        onImport={(file, as) => {
          setProgress({ stage: 'import' });
          setLast('import');
          void importing.run({ file, ...(as ? { as } : {}) }, onProgress);
        }}
      />
      {busy && progress && (
        <div className="progress" role="status">
          <span>{t(progress.stage === 'import' ? 'bundles.importing' : 'bundles.exporting')}</span>
          <progress value={fraction} max={1} aria-label={t(progress.stage === 'import' ? 'bundles.importing' : 'bundles.exporting')} />
        </div>
      )}
      {latest && !latest.pending && latest.data && !latest.error && (
        <p className="ok" role="status" data-testid="bundle-outcome">
          {t(last === 'import' ? 'bundles.imported' : 'bundles.exported', {
            n: latest.data.entries,
            snapshot: latest.data.snapshot,
            file: latest.data.file,
          })}{' '}
          <code>SHA-256 {latest.data.payloadSha256}</code>
        </p>
      )}
      {latest && !latest.pending && <ErrorNote error={latest.error} onRetry={latest.retry} onDismiss={latest.dismiss} testId="bundle-outcome" />}
    </section>
  );
}
