import { useState } from 'react';
import type { DoctorReport, Progress, RuntimeReport } from '../../../main/api/contract.ts';
import { useEngineMutation } from '../api/useEngineMutation.ts';
import { ErrorNote } from './ErrorNote.tsx';
import { useLocale } from '../i18n.tsx';
import { Field } from './Field.tsx';

function Availability({ report }: { report: RuntimeReport }) {
  const { t } = useLocale();
  return (
    <span className={report.available ? 'ok' : 'warn'}>
      {report.available ? t('doctor.available') : t('doctor.unavailable')}
      {report.version ? ` · ${report.version}` : ''}
      {!report.available && report.reason ? <span className="muted"> — {report.reason}</span> : null}
    </span>
  );
}

/** The last diagnosis of this window: it is still there when the analyst comes back to Overview. */
let lastReport: DoctorReport | null = null;

export function DoctorPanel() {
  const { t } = useLocale();
  const [report, setReport] = useState<DoctorReport | null>(lastReport);
  const [progress, setProgress] = useState<Progress | null>(null);
  const doctor = useEngineMutation('engine.doctor', {
    onDone: (next) => {
      lastReport = next;
      setReport(next);
    },
  });

  const run = (): void => {
    setProgress({ stage: 'doctor', done: 0, total: 3 });
    void doctor.run({}, { onProgress: setProgress }).finally(() => setProgress(null));
  };

  const llama = report?.llama;
  return (
    <section className="card" aria-labelledby="doctor-heading" data-testid="doctor">
      <header className="card-head">
        <h2 id="doctor-heading">{t('doctor.heading')}</h2>
        <button type="button" onClick={run} disabled={progress !== null}>
          {progress ? t('doctor.running', { done: progress.done ?? 0, total: progress.total ?? 0 }) : t('doctor.run')}
        </button>
      </header>
      {progress && <progress max={progress.total ?? 1} value={progress.done ?? 0} />}
      <ErrorNote error={doctor.error} onRetry={run} onDismiss={doctor.dismiss} />
      {report && llama && (
        <dl className="fields">
          <Field label={t('doctor.llama')} testId="doctor-llama">
            {llama.binary ? <code>{llama.binary}</code> : <span className="warn">{llama.error ?? t('doctor.missing')}</span>}
          </Field>
          <Field label={t('doctor.gpu')} testId="doctor-gpu">
            {llama.gpu
              ? `${llama.gpu} · ${llama.gpuDevices.join(', ')}`
              : t('doctor.gpu.cpu', { cores: llama.cpuMathCores ?? '?', threads: llama.threads ?? '?' })}
          </Field>
          <Field label={t('doctor.chromium')}>
            <Availability report={report.chromium} />
          </Field>
          <Field label={t('doctor.electron')}>
            <Availability report={report.electron} />
          </Field>
        </dl>
      )}
    </section>
  );
}
