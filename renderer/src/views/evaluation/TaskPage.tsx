// One task of a run: the request as the model read it, the reference plan (which value of which step feeds which
// argument), and each attempt beside it: its calls with the arguments that differ from the plan's literals marked,
// the failure kind, the final answer against the expected one with the comparator's explanation, the transcript.
import { claimText } from '../../../../main/core/answer/claim.ts';
import { useState } from 'react';
import { Link } from 'wouter';
import { Check, X } from 'lucide-react';
import type { BenchAttemptRow, BenchTaskAttempts } from '../../../../main/api/contract.ts';
import type { BenchTask } from '../../../../main/core/bench/types.ts';
import type { PlanStep } from '../../../../main/core/plan/types.ts';
import { PlanSteps } from '../../components/PlanSteps.tsx';
import { ToolName } from '../../components/ToolName.tsx';
import { useToolNames } from '../../api/useToolNames.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';
import { benchTerm, sayRecorded, stopLabel } from '../../../../main/core/i18n/strings.ts';
import { sayRefused } from '../../../../main/core/agent/callRefusal.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

type Reference = NonNullable<BenchTaskAttempts['reference']>;
type ReferenceStep = Reference['steps'][number];

/** The task's reference plan, with how each step ran when the reference was executed for this run. */
function ReferencePlan({ steps, reference }: { steps: PlanStep[]; reference: Reference | null }) {
  const { t } = useLocale();
  const ran = (step: PlanStep) => reference?.steps.find((r) => r.id === step.id);
  return (
    <PlanSteps
      steps={steps}
      layout="list"
      testId="reference-plan"
      note={(step) => {
        const run = ran(step);
        return run && !run.ok ? <span className="error"> {run.errorKind}</span> : null;
      }}
      bound={(step, param) => {
        const run = ran(step);
        return run && param in run.args ? (
          <span className="origin" data-api-text>
            {t('eval.gives', { value: valueText(run.args[param]) })}
          </span>
        ) : null;
      }}
    />
  );
}

/** Each call's reference step: the next step of the plan that calls the same tool, in order. */
function matchSteps(calls: BenchAttemptRow['calls'], reference: Reference | null): (ReferenceStep | undefined)[] {
  const used = new Set<string>();
  return calls.map((call) => {
    const step = reference?.steps.find((r) => r.tool === call.tool && !used.has(r.id));
    if (step) used.add(step.id);
    return step;
  });
}

/** The attempt's calls in order, each argument marked where the reference plan says otherwise. */
function AttemptCalls({ attempt, planned, steps }: { attempt: BenchAttemptRow; planned: Set<string>; steps: (ReferenceStep | undefined)[] }) {
  const { t, locale } = useLocale();
  const nameOf = useToolNames();
  return (
    <ol className="attempt-calls">
      {attempt.calls.map((call, i) => (
        <li key={i} className={call.ok ? '' : 'call-failed-line'}>
          <code className={planned.has(call.tool) ? '' : 'mismatch'} title={planned.has(call.tool) ? undefined : t('eval.notInPlan')}>
            {call.tool}
          </code>{' '}
          <ToolName id={call.tool} name={nameOf(call.tool)} />
          <dl className="call-args">
            {Object.entries(call.arguments).map(([param, value]) => {
              const step = steps[i];
              const differs = step !== undefined && param in step.args && valueText(step.args[param]) !== valueText(value);
              return (
                <div key={param}>
                  <dt>{param}</dt>
                  <dd>
                    <code className={differs ? 'mismatch' : ''}>{valueText(value)}</code>
                    {differs && <span className="origin">{t('eval.planSays', { step: step.id, value: valueText(step.args[param]) })}</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
          <span className="muted">
            {call.refused ? t('eval.refused', { why: sayRefused(locale, call)! }) : call.ok ? t('eval.rows', { n: call.rows }) : (call.errorKind ?? '')}
          </span>
          {call.injected && <span className="badge badge-warn">{t('eval.injected', { fault: call.injected })}</span>}
        </li>
      ))}
    </ol>
  );
}

/** What the attempt committed to and said, what was expected, why it was judged so, and what it cost. */
function AttemptFacts({ attempt }: { attempt: BenchAttemptRow }) {
  const { t, locale } = useLocale();
  return (
    <dl className="fields">
      {attempt.claim !== undefined && (
        <div className="field">
          <dt>{t('eval.claim')}</dt>
          <dd data-testid="attempt-claim" data-api-text>
            {attempt.claim ? claimText(attempt.claim, locale) : t('chat.noClaim')}
            {attempt.read !== undefined && <span className="muted"> {t('eval.read', { value: valueText(attempt.read) })}</span>}
            {attempt.verdict === 'pass' && <span className="badge badge-ok">{t('eval.grounded')}</span>}
            {attempt.verdict !== 'pass' && attempt.grounded === false && attempt.failure === 'ungrounded answer' && (
              <span className="badge badge-warn">{t('eval.ungrounded')}</span>
            )}
            {attempt.inconsistent && <span className="badge badge-warn">{t('eval.inconsistent')}</span>}
          </dd>
        </div>
      )}
      <div className="field">
        <dt>{t('eval.answer')}</dt>
        <dd data-testid="attempt-answer" data-api-text>
          {attempt.answer ?? '—'}
        </dd>
      </div>
      <div className="field">
        <dt>{t('eval.expected')}</dt>
        <dd>
          <code>{valueText(attempt.expected)}</code>
        </dd>
      </div>
      <div className="field">
        <dt>{t('eval.detail')}</dt>
        <dd data-testid="attempt-why">{sayRecorded(locale, attempt.detailSaid, attempt.detail)}</dd>
      </div>
      <div className="field">
        <dt>{t('eval.cost')}</dt>
        <dd>
          {t('eval.costValue', {
            ms: Math.round(attempt.ms),
            tokensIn: attempt.tokensIn,
            tokensOut: attempt.tokensOut,
            stop: stopLabel(locale, attempt.stoppedBy),
          })}
        </dd>
      </div>
    </dl>
  );
}

/** The conversation as the model saw and wrote it, shown on request. */
function Transcript({ messages }: { messages: BenchAttemptRow['transcript'] }) {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('eval.hideTranscript') : t('eval.showTranscript')}
      </button>
      {open && (
        <ol className="transcript">
          {messages.map((message, i) => (
            <li key={i} data-testid="transcript-message" data-role={message.role}>
              <strong>{t(`eval.role.${message.role}`)}</strong>
              {message.role === 'assistant' && message.cut && (
                <span className="badge badge-warn" data-testid="transcript-cut">
                  {' '}
                  {t(`chat.cut.${message.cut}`)}
                </span>
              )}
              {message.role === 'assistant' && message.thinking && (
                <details className="thinking">
                  <summary>{t('chat.thinking')}</summary>
                  <pre className="view-text">{message.thinking}</pre>
                </details>
              )}
              <pre className="view-text">
                {message.content || (message.role === 'assistant' && message.toolCalls ? JSON.stringify(message.toolCalls, null, 1) : '')}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function Attempt({ attempt, task, reference }: { attempt: BenchAttemptRow; task: BenchTask | null; reference: Reference | null }) {
  const { t, locale } = useLocale();
  const steps = matchSteps(attempt.calls, reference);
  const planned = new Set(task?.plan.steps.map((s) => s.tool) ?? []);
  const pass = attempt.verdict === 'pass';
  return (
    <article
      className={`card attempt attempt-${attempt.verdict}`}
      data-testid="attempt"
      data-verdict={attempt.verdict}
      aria-label={t('eval.attemptN', { n: attempt.sample })}
    >
      <header className="card-head">
        <h3>
          {pass ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />} {t('eval.attemptN', { n: attempt.sample })} ·{' '}
          {t(`eval.attemptVerdict.${attempt.verdict}`)}
        </h3>
        {attempt.failure && (
          <span className="badge badge-bad" data-testid="attempt-failure" data-failure={attempt.failure}>
            {benchTerm(locale, 'failure', attempt.failure)}
          </span>
        )}
      </header>
      <AttemptCalls attempt={attempt} planned={planned} steps={steps} />
      {attempt.calls.length === 0 && <p className="muted">{t('eval.noCalls')}</p>}
      <AttemptFacts attempt={attempt} />
      <Transcript messages={attempt.transcript} />
    </article>
  );
}

export function TaskPage({ runId, taskId }: { runId: string; taskId: string }) {
  const { t, locale } = useLocale();
  const data = useEngineQuery('bench.attempts', { run: runId, task: taskId });
  const task = data.data?.task ?? null;
  return (
    <>
      <p>
        <Link href={`/run/${encodeURIComponent(runId)}`}>{t('eval.backToRun', { run: runId })}</Link>
      </p>
      <QueryStatus query={data} rows={6} />
      {data.data && (
        <div className="task-page">
          <section className="card" data-testid="task-request">
            <h3>
              <code>{taskId}</code>
            </h3>
            <p className="task-query" lang={task ? 'ko' : undefined}>
              {task?.query_ko ?? t('eval.taskGone')}
            </p>
            {task && (
              <p className="muted">
                {t('eval.taskFacts', {
                  level: task.level,
                  abilities: task.abilities.map((a) => benchTerm(locale, 'ability', a)).join(', '),
                  asOf: formatDateTime(task.asOf, locale),
                })}
              </p>
            )}
            {task && (
              <>
                <h3>{t('eval.referencePlan')}</h3>
                <ReferencePlan steps={task.plan.steps} reference={data.data.reference} />
                <p className="muted">
                  {t('eval.answerRule', { compare: task.plan.answer.compare })} <code>{task.plan.answer.expr}</code>
                </p>
              </>
            )}
          </section>
          <div className="attempts">
            {data.data.attempts.map((attempt) => (
              <Attempt key={attempt.sample} attempt={attempt} task={task} reference={data.data.reference} />
            ))}
          </div>
        </div>
      )}
    </>
  );
}
