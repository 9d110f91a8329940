// The run report as Markdown: for a reviewer's notes, a pull request or a ticket, in Korean or English.
import { FAILURE_KINDS } from '../types.ts';
import { callLine, claimLine, groupName, interval, pct, planLine, protocolLine, taskFailures, type ReportData } from './reportData.ts';
import { reportText, type ReportLang } from './reportText.ts';
import { benchTerm, modeLabel, sayRecorded } from '../../i18n/strings.ts';
import { sayRefused } from '../../agent/callRefusal.ts';
import { codeSpan, literalLine } from '../../text/markdownText.ts';

/** Text from the suite, the model or the run, written literally: a model's answer cannot add a link, an image or a cell. */
const cell = (text: unknown): string => literalLine(String(text ?? ''));

/** Each failed task's first failed attempt: the request, the reference plan, the agent's calls, its claim and why it failed. */
function failedAttempts(data: ReportData, lang: ReportLang): string[] {
  const w = reportText(lang);
  const md = w.md;
  const failed = data.tasks.filter((t) => t.c < t.n);
  if (failed.length === 0) return [];
  const lines = ['', `## ${md.failedAttempts}`];
  for (const t of failed) {
    const a = t.attempts.find((x) => x.verdict !== 'pass')!;
    lines.push(
      '',
      `### ${md.attemptHeading(cell(t.id), a.sample, a.failure ? benchTerm(lang, 'failure', a.failure) : a.verdict)}`,
      '',
      `> ${cell(t.task?.query_ko)}`,
      '',
      `${w.reference}:`,
      '',
    );
    for (const step of t.task?.plan.steps ?? []) lines.push(`1. ${codeSpan(planLine(step))}`);
    lines.push('', `${w.agent}:`, '');
    for (const c of a.calls)
      lines.push(
        `1. ${codeSpan(callLine(c.tool, c.arguments))} ${c.ok ? '✓' : `✗ ${cell(sayRefused(lang, c) ?? c.errorKind)}${c.injected ? ` (${w.injected(c.injected)})` : ''}`}`,
      );
    const claim = claimLine(a, lang);
    lines.push(
      '',
      ...(claim ? [cell(claim), ''] : []),
      `${w.answer}: ${cell(a.answer ?? w.noAnswer)}`,
      '',
      `${md.why}: ${cell(sayRecorded(lang, a.detailSaid, a.detail))}`,
    );
  }
  return lines;
}

export function markdownReport(data: ReportData, lang: ReportLang = 'ko'): string {
  const w = reportText(lang);
  const md = w.md;
  const { run, summary: s } = data;
  const m = run.manifest;
  const lines: string[] = [];
  lines.push(`# ${md.title(run.id)}`, '');
  if (data.suiteChanged) lines.push(`> ${w.suiteChanged}`, '');
  const backendErrors = s.failures['backend error'] ?? 0;
  if (backendErrors) lines.push(`> ${w.backendErrors(backendErrors)}`, '');
  lines.push(
    `- ${md.suite}: ${cell(m.suite.name)}${m.suite.version ? ` v${m.suite.version}` : ''} (${w.tasks(m.suite.tasks)}, sha256 ${m.suite.hash.slice(0, 12)})`,
    ...(m.view ? [`- ${md.resultView(m.view.resultTokens, m.view.queryTool, m.view.rows === 'named')}`, `- ${md.toolsOffered(m.view.tools === 'pick')}`] : []),
    `- ${md.model}: ${cell(m.model.ref)} (${m.model.backend}${m.model.sha256 ? `, sha256 ${m.model.sha256.slice(0, 12)}` : ''}${m.model.quantization ? `, ${m.model.quantization}` : ''}${m.model.chatTemplate ? `, ${cell(m.model.chatTemplate)}` : ''})`,
    `- ${md.sampling(m.sampling.samples, m.sampling.temperature, m.sampling.seed, m.sampling.maxSteps)}`,
    `- ${md.backend}: ${modeLabel(lang, m.backend.mode)}${m.backend.snapshot ? ` ${md.snapshot} ${cell(m.backend.snapshot)}` : ''}${m.backend.emulatorSeed !== null ? md.emulatorSeed(m.backend.emulatorSeed) : ''}`,
    `- ${md.app(m.app.version, w.status[s.status], s.attempts, s.passed)}`,
    ...(m.audit ? [`- ${md.audit(m.audit.entries, m.audit.head)}`] : []),
    `- ${protocolLine(m, lang)}`,
    '',
    `## ${md.curves}`,
    '',
    '| k | pass@k | pass^k |',
    '|---|---|---|',
  );
  for (const key of Object.keys(s['pass@k'])) {
    const k = key.slice('pass@'.length);
    lines.push(`| ${k} | ${interval(s['pass@k'][key]!)} | ${interval(s['pass^k'][`pass^${k}`]!)} |`);
  }
  for (const [by, groups] of [
    ['level', s.byLevel],
    ['ability', s.byAbility],
    ['agency', s.byAgency],
  ] as const) {
    lines.push('', `## ${w.by[by]}`, '', `| | ${w.groupColumns.join(' | ')} |`, '|---|---|---|---|---|');
    for (const [key, g] of Object.entries(groups))
      lines.push(`| ${cell(groupName(by, key, lang))} | ${g.tasks} | ${g.attempts} | ${g.passed} | ${interval(g['pass@1'])} |`);
  }
  lines.push('', `## ${md.failures}`, '', `| ${md.kind} | ${md.attempts} |`, '|---|---|');
  for (const kind of FAILURE_KINDS) lines.push(`| ${benchTerm(lang, 'failure', kind)} | ${s.failures[kind] ?? 0} |`);
  const st = s.steps;
  lines.push(
    '',
    `## ${w.steps}`,
    '',
    `- ${md.toolSelection(pct(st.toolPrecision), pct(st.toolRecall), pct(st.toolF1))}`,
    `- ${md.argumentAccuracy(pct(st.argumentAccuracy))}`,
    `- ${md.provenance(st.provenance.user, st.provenance.tool, st.provenance.invented)}`,
    `- ${md.steps(st.stepsUsed, st.stepsNeeded)}`,
    `- ${md.faults(st.faultsMet, st.faultsRecovered)}`,
    '',
    `## ${w.taskList}`,
    '',
    `| ${w.taskColumns.slice(0, 4).join(' | ')} | ${md.expectedColumn} | ${w.taskColumns[4]} |`,
    '|---|---|---|---|---|---|',
  );
  for (const t of data.tasks) {
    const failures = taskFailures(t.attempts, lang);
    lines.push(
      `| ${cell(t.id)} | ${t.task?.level ?? ''} | ${t.c}/${t.n} | ${cell(failures)} | ${cell(JSON.stringify(t.attempts[0]?.expected ?? null))} | ${cell(t.task?.query_ko ?? '')} |`,
    );
  }
  lines.push(...failedAttempts(data, lang));
  return `${lines.join('\n')}\n`;
}
