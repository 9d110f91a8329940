// The status bar's view of long work: how many jobs run and how far the first one got; a click opens the view.
import { Activity } from 'lucide-react';
import { Link } from 'wouter';
import { useJobs } from '../api/JobsProvider.tsx';
import { useLocale } from '../i18n.tsx';
import { jobFraction } from '../components/JobProgress.tsx';
import { viewLink } from './viewPaths.ts';

export function JobsIndicator() {
  const { t } = useLocale();
  const running = useJobs().filter((j) => j.status === 'running');
  if (running.length === 0) return null;
  const first = running[0]!;
  const fraction = jobFraction(first);
  return (
    <Link href={viewLink(first.method === 'synth.run' ? 'synthesis' : 'overview')} className="strip-item strip-jobs" data-testid="strip-jobs">
      <Activity size={14} aria-hidden="true" />
      {t('job.running', { n: running.length })} · {t(`job.method.${first.method}`)}
      {fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : ''}
    </Link>
  );
}
