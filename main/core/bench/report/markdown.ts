// The run report as Markdown: for a reviewer's notes, a pull request or a ticket.
import { FAILURE_KINDS } from '../types.ts';
import { callLine, interval, pct, planLine, type ReportData } from './reportData.ts';

const cell = (text: unknown): string => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownReport(data: ReportData): string {
  const { run, summary: s } = data;
  const m = run.manifest;
  const lines: string[] = [];
  lines.push(`# KOPA-Bench run ${run.id}`, '');
  if (data.suiteChanged) lines.push('> The suite changed since this run; requests below are the current ones.', '');
  lines.push(
    `- Suite: ${m.suite.name}${m.suite.version ? ` v${m.suite.version}` : ''} (${m.suite.tasks} tasks, sha256 ${m.suite.hash.slice(0, 12)})`,
    ...(m.view ? [`- Result view: ${m.view.resultTokens} tokens per result${m.view.queryTool ? ', query tool offered' : ', no query tool'}`] : []),
    `- Model: ${m.model.ref} (${m.model.backend}${m.model.sha256 ? `, sha256 ${m.model.sha256.slice(0, 12)}` : ''}${m.model.quantization ? `, ${m.model.quantization}` : ''}${m.model.chatTemplate ? `, ${m.model.chatTemplate}` : ''})`,
    `- Sampling: ${m.sampling.samples} per task, temperature ${m.sampling.temperature}, seed ${m.sampling.seed}, max ${m.sampling.maxSteps} turns`,
    `- Backend: ${m.backend.mode}${m.backend.snapshot ? ` snapshot ${m.backend.snapshot}` : ''}${m.backend.emulatorSeed !== null ? ` (emulator seed ${m.backend.emulatorSeed})` : ''}`,
    `- KOPA Studio ${m.app.version}, status ${s.status}, ${s.attempts} attempts, ${s.passed} passed`,
    ...(m.audit ? [`- Audit log when the run started: ${m.audit.entries} entries${m.audit.head ? `, head ${m.audit.head}` : ''}`] : []),
    '',
    '## pass@k and pass^k (95 % bootstrap intervals over tasks)',
    '',
    '| k | pass@k | pass^k |',
    '|---|---|---|',
  );
  for (const key of Object.keys(s['pass@k'])) {
    const k = key.slice('pass@'.length);
    lines.push(`| ${k} | ${interval(s['pass@k'][key]!)} | ${interval(s['pass^k'][`pass^${k}`]!)} |`);
  }
  for (const [title, groups] of [['level', s.byLevel], ['ability', s.byAbility], ['agency', s.byAgency]] as const) {
    lines.push('', `## By ${title}`, '', `| ${title} | tasks | attempts | passed | pass@1 |`, '|---|---|---|---|---|');
    for (const [key, g] of Object.entries(groups)) lines.push(`| ${cell(key)} | ${g.tasks} | ${g.attempts} | ${g.passed} | ${interval(g['pass@1'])} |`);
  }
  lines.push('', '## Failures', '', '| kind | attempts |', '|---|---|');
  for (const kind of FAILURE_KINDS) lines.push(`| ${kind} | ${s.failures[kind] ?? 0} |`);
  const st = s.steps;
  lines.push(
    '',
    '## Steps',
    '',
    `- Tool selection: precision ${pct(st.toolPrecision)}, recall ${pct(st.toolRecall)}, F1 ${pct(st.toolF1)}`,
    `- Argument accuracy: ${pct(st.argumentAccuracy)}`,
    `- Argument provenance: ${st.provenance.user} from the user, ${st.provenance.tool} from earlier outputs, ${st.provenance.invented} invented`,
    `- Steps used ${st.stepsUsed} per attempt, needed ${st.stepsNeeded}`,
    `- Injected faults met ${st.faultsMet}, recovered ${st.faultsRecovered}`,
    '',
    '## Tasks',
    '',
    '| task | level | passed | failures | expected | request |',
    '|---|---|---|---|---|---|',
  );
  for (const t of data.tasks) {
    const failures = [...new Set(t.attempts.map((a) => a.failure).filter(Boolean))].join(', ');
    lines.push(`| ${t.id} | ${t.task?.level ?? ''} | ${t.c}/${t.n} | ${cell(failures)} | ${cell(JSON.stringify(t.attempts[0]?.expected ?? null))} | ${cell(t.task?.query_ko ?? '')} |`);
  }
  const failed = data.tasks.filter((t) => t.c < t.n);
  if (failed.length) {
    lines.push('', '## Failed attempts: trajectory versus reference');
    for (const t of failed) {
      const a = t.attempts.find((x) => x.verdict !== 'pass')!;
      lines.push('', `### ${t.id} (attempt ${a.sample}: ${a.failure ?? a.verdict})`, '', `> ${t.task?.query_ko ?? ''}`, '', 'Reference:', '');
      for (const step of t.task?.plan.steps ?? []) lines.push(`1. \`${planLine(step)}\``);
      lines.push('', 'Agent:', '');
      for (const c of a.calls) lines.push(`1. \`${callLine(c.tool, c.arguments)}\` ${c.ok ? '✓' : `✗ ${c.refused ?? c.errorKind ?? ''}${c.injected ? ` (injected ${c.injected})` : ''}`}`);
      lines.push('', `Answer: ${cell(a.answer ?? '(none)')}`, '', `Why: ${cell(a.detail)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
