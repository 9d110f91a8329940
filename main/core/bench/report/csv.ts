// One row per attempt, for spreadsheets and notebooks.
import { csvText } from '../../text/csv.ts';
import type { ReportData } from './reportData.ts';

export function csvReport(data: ReportData): string {
  const header = [
    'run_id',
    'task_id',
    'sample',
    'level',
    'abilities',
    'verdict',
    'failure',
    'answer',
    'claim',
    'claim_read',
    'grounded',
    'inconsistent',
    'expected',
    'tool_f1',
    'argument_accuracy',
    'from_user',
    'from_tool',
    'invented',
    'steps_used',
    'steps_needed',
    'faults_met',
    'faults_recovered',
    'tokens_in',
    'tokens_out',
    'ms',
  ];
  const rows = data.tasks.flatMap((t) =>
    t.attempts.map((a) => [
      data.run.id,
      t.id,
      a.sample,
      t.task?.level ?? '',
      (t.task?.abilities ?? []).join(';'),
      a.verdict,
      a.failure ?? '',
      a.answer ?? '',
      a.claim ? JSON.stringify(a.claim) : '',
      a.read === undefined ? '' : JSON.stringify(a.read),
      a.verdict === 'pass' ? true : a.grounded === false ? false : '',
      a.inconsistent ? true : '',
      a.expected,
      a.metrics.toolF1,
      a.metrics.argumentAccuracy,
      a.metrics.provenance.user,
      a.metrics.provenance.tool,
      a.metrics.provenance.invented,
      a.metrics.stepsUsed,
      a.metrics.stepsNeeded,
      a.metrics.faultsMet,
      a.metrics.faultsRecovered,
      a.tokensIn,
      a.tokensOut,
      a.ms,
    ]),
  );
  return csvText(header, rows);
}
