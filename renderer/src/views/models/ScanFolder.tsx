// "My models" for an air-gapped workstation: point at a folder (a models folder, a removable drive) and see the
// .gguf files in it, each with its size, registered already or one click from being so.
import { useState } from 'react';
import { FolderSearch, Plus } from 'lucide-react';
import type { ModelScan } from '../../../../main/api/contract.ts';
import { KopaError } from '../../../../main/core/errors.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useStartJob } from '../../api/useStartJob.ts';
import { PathField } from '../../components/PathField.tsx';
import { formatBytes } from '../../format.ts';
import { useLocale } from '../../i18n.tsx';

export function ScanFolder() {
  const { t } = useLocale();
  const api = useEngine();
  const startJob = useStartJob();
  const [folder, setFolder] = useState('');
  const [scan, setScan] = useState<ModelScan | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const find = (): void => {
    if (!api || folder.trim() === '') return;
    setPending(true);
    setError(null);
    api
      .call('models.scan', { folder: folder.trim() })
      .then(setScan, (e: unknown) => {
        setScan(null);
        setError({ message: (e as Error).message, ...(e instanceof KopaError && e.hint ? { hint: e.hint } : {}) });
      })
      .finally(() => setPending(false));
  };
  const add = (path: string): void => {
    void startJob('models.add', { source: path }).then((refused) => {
      if (refused) setError({ message: refused });
      else setAdded(new Set([...added, path]));
    });
  };
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
      {error && (
        <p className="error" role="alert">
          {error.message}
          {error.hint && <span className="muted"> {error.hint}</span>}
        </p>
      )}
      {scan && (
        <>
          <p className="muted" data-testid="scan-count">
            {t(scan.truncated ? 'models.scanTruncated' : 'models.scanFound', { n: scan.files.length })}
          </p>
          <ul className="scan-files">
            {scan.files.map((file) => (
              <li key={file.path} data-testid="scan-file">
                <span>
                  <strong>{file.name}</strong> <span className="muted">{formatBytes(file.sizeBytes)}</span>
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
