// Bringing a model to an air-gapped workstation: a GGUF by its path, every .gguf found in a folder or on a removable
// drive, or the demonstration model; each import is a job whose card shows its progress and, for a refused file, why.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { useStartJob } from '../../api/useStartJob.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { JobProgress } from '../../components/JobProgress.tsx';
import { PathField } from '../../components/PathField.tsx';
import { useLocale } from '../../i18n.tsx';
import { DemoModel } from './DemoModel.tsx';
import { ScanFolder } from './ScanFolder.tsx';

/**
 * Imports a model as a job: hashing a large GGUF takes minutes, and goes on (and is seen again) when the window
 * reloads; the jobs' cards show its progress and, for a refused file, why.
 */
export function ImportForm() {
  const { t } = useLocale();
  const job = useStartJob();
  const { jobs } = useJobsOf('models.add', 3);
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const submit = (): void => {
    if (source.trim() === '') return;
    void job.start('models.add', { source: source.trim(), ...(name.trim() ? { name: name.trim() } : {}) }).then((started) => {
      if (!started) return;
      setSource('');
      setName('');
    });
  };
  return (
    <form
      className="card import-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{t('models.import')}</h3>
      <p className="muted">{t('models.importHint')}</p>
      <div className="form-row">
        <PathField
          label={t('models.source')}
          value={source}
          onChange={setSource}
          request={{ action: 'open', kind: 'gguf', title: t('models.import') }}
          placeholder="/models/qwen2.5-7b-instruct-q4_k_m.gguf"
          testId="model-source"
        />
        <label>
          {t('models.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('models.nameOptional')} />
        </label>
        <button type="submit" disabled={source.trim() === ''} data-testid="model-add">
          <Plus size={16} aria-hidden="true" /> {t('models.add')}
        </button>
      </div>
      {jobs.length > 0 && (
        <ul className="jobs" data-testid="model-imports">
          {jobs.map((job) => (
            <JobProgress key={job.id} job={job} />
          ))}
        </ul>
      )}
      <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
      <ScanFolder />
      <DemoModel />
    </form>
  );
}
