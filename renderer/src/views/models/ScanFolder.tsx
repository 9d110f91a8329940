// "My models" for an air-gapped workstation: point at a folder (a models folder, a removable drive) and see the
// .gguf files in it, each with its size, registered already or one click from being so.
import { useState } from 'react';
import { FolderSearch, Plus } from 'lucide-react';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { useStartJob } from '../../api/useStartJob.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { PathField } from '../../components/PathField.tsx';
import { formatBytes } from '../../format.ts';
import { useLocale } from '../../i18n.tsx';

export function ScanFolder() {
  const { t } = useLocale();
  const scanning = useEngineMutation('models.scan');
  const job = useStartJob();
  const [folder, setFolder] = useState('');
  const [added, setAdded] = useState<Set<string>>(new Set());
  const scan = scanning.error ? undefined : scanning.data;
  const pending = scanning.pending;
  const find = (): void => {
    if (folder.trim() === '') return;
    job.dismiss();
    void scanning.run({ folder: folder.trim() });
  };
  const add = (path: string): void => {
    void job.start('models.add', { source: path }).then((started) => started && setAdded(new Set([...added, path])));
  };
  const failed = scanning.error ? scanning : job;
  return (
    <section className="scan-folder" data-testid="scan-folder">
      <h4>{t('models.scanTitle')}</h4>
      <p className="muted">{t('models.scanHint')}</p>
      <div className="form-row">
        <PathField
          label={t('models.scanFolder')}
          value={folder}
          onChange={setFolder}
          request={{ action: 'open', kind: 'folder', title: t('models.scanTitle') }}
          placeholder="/media/usb/models"
          testId="scan-path"
        />
        <button type="button" className="ghost" onClick={find} disabled={pending || folder.trim() === ''} data-testid="scan-start">
          <FolderSearch size={16} aria-hidden="true" /> {t('models.scan')}
        </button>
      </div>
      <ErrorNote error={failed.error} onRetry={failed.retry} onDismiss={failed.dismiss} />
      {scan && (
        <>
          <p className="muted" data-testid="scan-count">
            {t(scan.truncated ? 'models.scanTruncated' : 'models.scanFound', { n: scan.files.length })}
            {scan.skipped > 0 && ` ${t('models.scanSkipped', { n: scan.skipped })}`}
          </p>
          <ul className="scan-files">
            {scan.files.map((file) => (
              <li key={file.path} data-testid="scan-file">
                <span>
                  <strong>{file.name}</strong> {file.repository && <span className="badge">{file.repository}</span>}{' '}
                  <span className="muted">{formatBytes(file.sizeBytes)}</span>
                  <br />
                  <code className="muted">{file.path}</code>
                </span>
                {file.registered || added.has(file.path) ? (
                  <span className="badge badge-ok">{t('models.scanRegistered')}</span>
                ) : (
                  <button type="button" className="ghost small" onClick={() => add(file.path)} data-testid="scan-add">
                    <Plus size={14} aria-hidden="true" /> {t('models.add')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
